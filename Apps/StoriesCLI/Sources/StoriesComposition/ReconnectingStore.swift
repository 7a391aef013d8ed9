import StoryInterfaces

/// A store opened on first use and again after each failed open: the interactive app starts
/// (and keeps working) while the configured store cannot be reached, and saves once it answers.
/// An open that failed for good (a configuration error, exit 78: a refused login, a server not
/// safe as configured) is never tried again: each try would be another failed login.
actor ReconnectingStore: SeenLikeStoring {
    private let open: @Sendable () async throws -> any SeenLikeStoring
    private var store: (any SeenLikeStoring)?
    private var final: (any Error)?

    init(open: @escaping @Sendable () async throws -> any SeenLikeStoring) { self.open = open }

    private func current() async throws -> any SeenLikeStoring {
        if let store { return store }
        if let final { throw final }
        do {
            let opened = try await open()
            store = opened
            return opened
        } catch {
            if ErrorReport.status(for: error) == .configuration { final = error }
            throw error
        }
    }

    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await current().markSeen(item, user: user, index: index)
    }
    func markSeen(_ marks: [SeenMark]) async throws { try await current().markSeen(marks) }
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws { try await current().setLiked(item, liked) }
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        try await current().likedItems(among: items)
    }
    func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        try await current().progress(for: users)
    }
    func summary() async throws -> SeenLikeSummary { try await current().summary() }
    func reset(_ scope: ResetScope) async throws { try await current().reset(scope) }
}
