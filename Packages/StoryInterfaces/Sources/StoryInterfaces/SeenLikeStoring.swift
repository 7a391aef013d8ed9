/// Durable seen, liked, muted and progress state (PRODUCT.md §5).
///
/// A call that returned has its write committed. Implementations: SQLite (live) and in
/// memory (the mock); both pass the same contract suite.
public protocol SeenLikeStoring: Sendable {
    /// Records that `item`, at `index` in `user`'s story, has been shown. Idempotent;
    /// the user's `lastSeenIndex` only grows.
    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws

    /// Records every one of `marks` as ``markSeen(_:user:index:)`` does, in one transaction:
    /// when it returns all are committed; when it throws (a full disk, a kill) none is.
    func markSeen(_ marks: [SeenMark]) async throws

    /// Likes or unlikes `item`. Idempotent.
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws

    /// Which of `items` are liked, read at once (one query for a whole story).
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID>

    /// Mutes or unmutes `user` (PRODUCT.md §2: muted users go last in the tray and are not
    /// auto-played into). Idempotent.
    func setMuted(_ user: UserID, _ muted: Bool) async throws

    /// The progress of each of `users`, whether each is muted included, read at once (one
    /// query for a whole tray page). Users with no record get ``UserProgress/empty(_:)``.
    func progress(for users: [UserID]) async throws -> [UserID: UserProgress]

    /// Everything the store holds, for `stories state`.
    func summary() async throws -> SeenLikeSummary

    /// Clears what `scope` names.
    func reset(_ scope: ResetScope) async throws
}

/// One item seen: which, whose, and where in the user's story.
public struct SeenMark: Hashable, Sendable {
    /// The item.
    public var item: StoryItemID
    /// Its user.
    public var user: UserID
    /// Its index in the user's story.
    public var index: Int

    /// Creates a mark.
    public init(item: StoryItemID, user: UserID, index: Int) {
        self.item = item
        self.user = user
        self.index = index
    }
}

/// A store that says when its state may have changed — here or in another process — so a
/// reader can keep what it built from the state until the number moves (the web viewer's
/// pages). A store without it is read every time.
public protocol StateVersioned: Sendable {
    /// A number that differs after any change committed since the last call that returned it.
    func stateVersion() async throws -> Int
}
