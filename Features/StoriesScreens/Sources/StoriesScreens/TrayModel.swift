public import Foundation
public import StoryInterfaces
public import StoryTerminal

/// A tray user: the story, which of its items were seen and whether the user was muted when
/// the page loaded.
public struct TrayUser: Hashable, Sendable, Identifiable {
    /// The user's story.
    public var story: Story
    /// Items seen (from the store when loaded).
    public var seen: Set<StoryItemID>
    /// Muted (from the store when loaded): last on its page, never auto-played into.
    public var isMuted: Bool

    /// Creates a tray user.
    public init(story: Story, seen: Set<StoryItemID>, isMuted: Bool = false) {
        self.story = story
        self.seen = seen
        self.isMuted = isMuted
    }

    /// The user's id.
    public var id: UserID { story.user.id }
}

/// The tray: the feed's window of users, the selection and the avatars.
public struct TrayModel: Sendable {
    /// The loaded entries, in position order.
    public var entries: [FeedEntry<TrayUser>] = []
    /// The feed's phase.
    public var phase: FeedPhase = .idle
    /// The selected entry's position (not its index: the window moves when wrapping).
    public var selected = 0
    /// The first position drawn (the row scrolls to keep the selection visible).
    public var firstVisible = 0
    /// Items seen while the app runs (rings turn gray without a reload).
    public var seenNow: Set<StoryItemID> = []
    /// Users muted (true) or unmuted while the app runs: shown at once, moved last when their
    /// page loads again (the order never changes under the user's eyes).
    public var mutedNow: [UserID: Bool] = [:]
    /// Decoded avatars by URL.
    public var avatars: [URL: RGBImage] = [:]
    /// Avatars asked for and not yet answered.
    public var avatarsRequested: Set<URL> = []
    /// The whole list fits in the row and the feed repeats it (`feed.wrap`): ``entries`` hold
    /// each user once, → past the last selects the first, and nothing more is loaded — a
    /// tray of two users is never drawn as "a b a b a b".
    public var isWholeList = false

    /// The selected entry's index in ``entries``.
    public var selectedIndex: Int? { entries.firstIndex { $0.position == selected } }

    /// Whether `user` is muted, as loaded or as changed since.
    public func isMuted(_ user: TrayUser) -> Bool { mutedNow[user.id] ?? user.isMuted }

    /// Whether every item of `user` is seen (gray ring).
    public func isAllSeen(_ user: TrayUser) -> Bool {
        user.story.isAllSeen { user.seen.contains($0) || seenNow.contains($0) }
    }
}
