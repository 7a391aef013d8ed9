import StoriesScreens
import StoryInterfaces
import Synchronization

/// The store as the interactive app uses it: whichever part makes a call (the writer, the
/// tray's reads, the viewer's likes), a failure puts why state is not saved on the status line
/// (`storeFailed`, again only when the reason changes) and the first success after it clears
/// the line (`storeRecovered`). A call cancelled because the screen moved on reports nothing.
final class ReportingStore: SeenLikeStoring {
    private let store: any SeenLikeStoring
    private let describe: @Sendable (any Error) -> String
    private let send: @Sendable (AppMessage) -> Void
    private let shown = Mutex<String?>(nil)

    init(
        _ store: any SeenLikeStoring, describe: @escaping @Sendable (any Error) -> String,
        send: @escaping @Sendable (AppMessage) -> Void
    ) {
        self.store = store
        self.describe = describe
        self.send = send
    }

    private func reporting<Value>(_ call: () async throws -> Value) async throws -> Value {
        do {
            let value = try await call()
            if shown.withLock({ $0.take() }) != nil { send(.storeRecovered) }
            return value
        } catch {
            guard !Task.isCancelled else { throw error }
            let reason = describe(error)
            let changed = shown.withLock { shown in
                defer { shown = reason }
                return shown != reason
            }
            if changed { send(.storeFailed(reason)) }
            throw error
        }
    }

    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await reporting { try await store.markSeen(item, user: user, index: index) }
    }
    func markSeen(_ marks: [SeenMark]) async throws { try await reporting { try await store.markSeen(marks) } }
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
        try await reporting { try await store.setLiked(item, liked) }
    }
    func setMuted(_ user: UserID, _ muted: Bool) async throws {
        try await reporting { try await store.setMuted(user, muted) }
    }
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        try await reporting { try await store.likedItems(among: items) }
    }
    func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        try await reporting { try await store.progress(for: users) }
    }
    func summary() async throws -> SeenLikeSummary { try await reporting { try await store.summary() } }
    func reset(_ scope: ResetScope) async throws { try await reporting { try await store.reset(scope) } }
}

/// The tray's reads for the screen: when the store cannot answer, the page shows with no
/// progress (every ring new) instead of no tray (the failure is on the status line: the store
/// is a ``ReportingStore``).
struct LenientTrayReads: SeenLikeStoring {
    let store: any SeenLikeStoring

    func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        do {
            return try await store.progress(for: users)
        } catch {
            return Dictionary(users.map { ($0, UserProgress.empty($0)) }, uniquingKeysWith: { first, _ in first })
        }
    }
    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await store.markSeen(item, user: user, index: index)
    }
    func markSeen(_ marks: [SeenMark]) async throws { try await store.markSeen(marks) }
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws { try await store.setLiked(item, liked) }
    func setMuted(_ user: UserID, _ muted: Bool) async throws { try await store.setMuted(user, muted) }
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        try await store.likedItems(among: items)
    }
    func summary() async throws -> SeenLikeSummary { try await store.summary() }
    func reset(_ scope: ResetScope) async throws { try await store.reset(scope) }
}
