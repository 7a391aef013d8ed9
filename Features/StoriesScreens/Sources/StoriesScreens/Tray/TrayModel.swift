public import Foundation
public import StoryImages
public import StoryInterfaces
import StoryTerminal

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
    /// Users' state read after their page loaded (changed elsewhere), laid over the entries.
    public var progress: [UserID: UserProgress] = [:]
    /// The feed's phase.
    public var phase: FeedPhase = .idle
    /// The selected entry's position (not its index: the window moves when wrapping).
    public var selected = 0
    /// The first position drawn (the row scrolls to keep the selection visible).
    public var firstVisible = 0
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

    /// The items seen as loaded, of every user in the window.
    public var seenItems: Set<StoryItemID> { entries.reduce(into: []) { $0.formUnion($1.element.seen) } }
}

extension TrayUser {
    /// Whether the user is muted, as loaded or as changed in this run (`marks`).
    public func isMuted(_ marks: SessionMarks) -> Bool { marks.muted[id] ?? isMuted }

    /// Whether every item is seen, as loaded or in this run (gray ring).
    public func isAllSeen(_ marks: SessionMarks) -> Bool {
        story.isAllSeen { seen.contains($0) || marks.seen.contains($0) }
    }

    /// How many items are seen, as loaded or in this run.
    public func seenCount(_ marks: SessionMarks) -> Int {
        story.items.filter { seen.contains($0.id) || marks.seen.contains($0.id) }.count
    }
}
