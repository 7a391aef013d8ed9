import StoriesScreens
import StoryInterfaces

/// A store opened on first use and again after each failed open: the interactive app starts
/// (and keeps working) while the configured store cannot be reached, and saves once it answers.
actor ReconnectingStore: SeenLikeStoring {
    private let open: @Sendable () async throws -> any SeenLikeStoring
    private var store: (any SeenLikeStoring)?

    init(open: @escaping @Sendable () async throws -> any SeenLikeStoring) { self.open = open }

    private func current() async throws -> any SeenLikeStoring {
        if let store { return store }
        let opened = try await open()
        store = opened
        return opened
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

/// The tray's reads for the screen: when the store cannot answer, the page shows with no
/// progress (every ring new) and the failure goes to the status line, instead of no tray.
struct LenientTrayReads: SeenLikeStoring {
    let store: any SeenLikeStoring
    let send: @Sendable (AppMessage) -> Void

    func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        do {
            return try await store.progress(for: users)
        } catch {
            send(.storeFailed(ErrorReport.message(for: error)))
            return Dictionary(users.map { ($0, UserProgress.empty($0)) }, uniquingKeysWith: { first, _ in first })
        }
    }
    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await store.markSeen(item, user: user, index: index)
    }
    func markSeen(_ marks: [SeenMark]) async throws { try await store.markSeen(marks) }
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws { try await store.setLiked(item, liked) }
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        try await store.likedItems(among: items)
    }
    func summary() async throws -> SeenLikeSummary { try await store.summary() }
    func reset(_ scope: ResetScope) async throws { try await store.reset(scope) }
}
