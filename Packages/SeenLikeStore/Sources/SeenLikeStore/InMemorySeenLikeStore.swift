public import StoryInterfaces

/// The mock ``SeenLikeStoring``: state in memory for the life of the process
/// (`store.kind = memory`). Behaves like ``SQLiteSeenLikeStore``; the contract suite proves it.
public actor InMemorySeenLikeStore: SeenLikeStoring, StateVersioned {
    private struct Seen {
        var user: UserID
        var index: Int
    }

    private var seen: [StoryItemID: Seen] = [:]
    private var liked: Set<StoryItemID> = []
    private var muted: Set<UserID> = []
    /// Counts the changes.
    private var version = 0

    /// A number that moves with every change.
    public func stateVersion() -> Int { version }

    /// Creates an empty store.
    public init() {}

    /// Records a seen item; a second call for the same item changes nothing.
    public func markSeen(_ item: StoryItemID, user: UserID, index: Int) throws {
        version += 1
        guard index >= 0 else { throw SeenLikeStoreError.invalidIndex(index) }
        if seen[item] == nil { seen[item] = Seen(user: user, index: index) }
    }

    /// Records every mark, or (an invalid index among them) none.
    public func markSeen(_ marks: [SeenMark]) throws {
        version += 1
        if let bad = marks.first(where: { $0.index < 0 }) { throw SeenLikeStoreError.invalidIndex(bad.index) }
        for mark in marks where seen[mark.item] == nil { seen[mark.item] = Seen(user: mark.user, index: mark.index) }
    }

    /// Likes or unlikes an item.
    public func setLiked(_ item: StoryItemID, _ isLiked: Bool) {
        version += 1
        if isLiked { liked.insert(item) } else { liked.remove(item) }
    }

    /// The liked ones among `items`.
    public func likedItems(among items: [StoryItemID]) -> Set<StoryItemID> {
        liked.intersection(items)
    }

    /// Mutes or unmutes a user.
    public func setMuted(_ user: UserID, _ isMuted: Bool) {
        version += 1
        if isMuted { muted.insert(user) } else { muted.remove(user) }
    }

    /// Progress per user, empty for users with nothing seen.
    public func progress(for users: [UserID]) -> [UserID: UserProgress] {
        var result = Dictionary(
            uniqueKeysWithValues: Set(users).map { ($0, UserProgress(userID: $0, isMuted: muted.contains($0))) })
        for (item, record) in seen where result[record.user] != nil {
            result[record.user]!.recordSeen(item, index: record.index)
        }
        return result
    }

    /// Everything, sorted by id.
    public func summary() -> SeenLikeSummary {
        let users = Set(seen.values.map(\.user)).sorted()
        let progress = progress(for: users)
        return SeenLikeSummary(
            seenItemIDs: seen.keys.sorted(),
            likedItemIDs: liked.sorted(),
            users: users.compactMap { progress[$0] },
            mutedUserIDs: muted.sorted()
        )
    }

    /// Clears seen items and progress, likes, mutes, or any of them.
    public func reset(_ scope: ResetScope) {
        version += 1
        if scope.contains(.seen) { seen.removeAll() }
        if scope.contains(.likes) { liked.removeAll() }
        if scope.contains(.mutes) { muted.removeAll() }
    }
}
