/// What one user has seen: the input of the tray's ring and resume rules.
public struct UserProgress: Hashable, Sendable, Codable {
    /// The user.
    public var userID: UserID
    /// The items of this user that have been seen.
    public var seenItemIDs: Set<StoryItemID>
    /// The highest item index seen so far, -1 before anything is seen.
    public var lastSeenIndex: Int
    /// Whether the user is muted: last in the tray, never auto-played into.
    public var isMuted: Bool

    /// Creates a progress record.
    public init(
        userID: UserID, seenItemIDs: Set<StoryItemID> = [], lastSeenIndex: Int = -1, isMuted: Bool = false
    ) {
        self.userID = userID
        self.seenItemIDs = seenItemIDs
        self.lastSeenIndex = lastSeenIndex
        self.isMuted = isMuted
    }

    /// The progress of a user nothing is known about.
    public static func empty(_ userID: UserID) -> UserProgress { UserProgress(userID: userID) }

    /// Adds one seen item at `index`: seen only grows, and the last seen index is the largest
    /// (every store folds its rows with this).
    public mutating func recordSeen(_ item: StoryItemID, index: Int) {
        seenItemIDs.insert(item)
        lastSeenIndex = max(lastSeenIndex, index)
    }
}

/// Everything a store holds, for `stories state`.
public struct SeenLikeSummary: Hashable, Sendable, Codable {
    /// Every seen item, sorted by id.
    public var seenItemIDs: [StoryItemID]
    /// Every liked item, sorted by id.
    public var likedItemIDs: [StoryItemID]
    /// Per-user progress for every user with something seen, sorted by user id.
    public var users: [UserProgress]
    /// Every muted user, sorted by id.
    public var mutedUserIDs: [UserID]

    /// Creates a summary.
    public init(
        seenItemIDs: [StoryItemID], likedItemIDs: [StoryItemID], users: [UserProgress], mutedUserIDs: [UserID] = []
    ) {
        self.seenItemIDs = seenItemIDs
        self.likedItemIDs = likedItemIDs
        self.users = users
        self.mutedUserIDs = mutedUserIDs
    }
}

/// What `reset` clears.
public struct ResetScope: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// Creates a scope from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Seen items and per-user progress.
    public static let seen = ResetScope(rawValue: 1 << 0)
    /// Likes.
    public static let likes = ResetScope(rawValue: 1 << 1)
    /// Mutes.
    public static let mutes = ResetScope(rawValue: 1 << 2)
    /// Everything.
    public static let all: ResetScope = [.seen, .likes, .mutes]
}
