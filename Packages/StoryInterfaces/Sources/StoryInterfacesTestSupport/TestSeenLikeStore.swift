public import StoryInterfaces
public import Testing

/// A closure-backed ``SeenLikeStoring``: every closure left out fails the test when called.
public struct TestSeenLikeStore: SeenLikeStoring {
    /// Answers ``markSeen(_:user:index:)``.
    public var onMarkSeen: @Sendable (StoryItemID, UserID, Int) async throws -> Void
    /// Answers ``setLiked(_:_:)``.
    public var onSetLiked: @Sendable (StoryItemID, Bool) async throws -> Void
    /// Answers ``setMuted(_:_:)``.
    public var onSetMuted: @Sendable (UserID, Bool) async throws -> Void
    /// Answers ``likedItems(among:)``.
    public var onLikedItems: @Sendable ([StoryItemID]) async throws -> Set<StoryItemID>
    /// Answers ``progress(for:)``.
    public var onProgress: @Sendable ([UserID]) async throws -> [UserID: UserProgress]
    /// Answers ``summary()``.
    public var onSummary: @Sendable () async throws -> SeenLikeSummary
    /// Answers ``reset(_:)``.
    public var onReset: @Sendable (ResetScope) async throws -> Void

    /// Creates a double; closures not given record an issue and throw ``UnexpectedCall``.
    public init(
        onMarkSeen: (@Sendable (StoryItemID, UserID, Int) async throws -> Void)? = nil,
        onSetLiked: (@Sendable (StoryItemID, Bool) async throws -> Void)? = nil,
        onSetMuted: (@Sendable (UserID, Bool) async throws -> Void)? = nil,
        onLikedItems: (@Sendable ([StoryItemID]) async throws -> Set<StoryItemID>)? = nil,
        onProgress: (@Sendable ([UserID]) async throws -> [UserID: UserProgress])? = nil,
        onSummary: (@Sendable () async throws -> SeenLikeSummary)? = nil,
        onReset: (@Sendable (ResetScope) async throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fail: @Sendable (String) -> UnexpectedCall = { member in
            UnexpectedCall.record(member, sourceLocation: sourceLocation)
        }
        self.onMarkSeen = onMarkSeen ?? { _, _, _ in throw fail("markSeen(_:user:index:)") }
        self.onSetLiked = onSetLiked ?? { _, _ in throw fail("setLiked(_:_:)") }
        self.onSetMuted = onSetMuted ?? { _, _ in throw fail("setMuted(_:_:)") }
        self.onLikedItems = onLikedItems ?? { _ in throw fail("likedItems(among:)") }
        self.onProgress = onProgress ?? { _ in throw fail("progress(for:)") }
        self.onSummary = onSummary ?? { throw fail("summary()") }
        self.onReset = onReset ?? { _ in throw fail("reset(_:)") }
    }

    /// Calls ``onMarkSeen``.
    public func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await onMarkSeen(item, user, index)
    }
    /// Calls ``onMarkSeen`` for each mark (a double: no transaction to keep).
    public func markSeen(_ marks: [SeenMark]) async throws {
        for mark in marks { try await onMarkSeen(mark.item, mark.user, mark.index) }
    }
    /// Calls ``onSetLiked``.
    public func setLiked(_ item: StoryItemID, _ liked: Bool) async throws { try await onSetLiked(item, liked) }
    /// Calls ``onSetMuted``.
    public func setMuted(_ user: UserID, _ muted: Bool) async throws { try await onSetMuted(user, muted) }
    /// Calls ``onLikedItems``.
    public func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        try await onLikedItems(items)
    }
    /// Calls ``onProgress``.
    public func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        try await onProgress(users)
    }
    /// Calls ``onSummary``.
    public func summary() async throws -> SeenLikeSummary { try await onSummary() }
    /// Calls ``onReset``.
    public func reset(_ scope: ResetScope) async throws { try await onReset(scope) }
}
