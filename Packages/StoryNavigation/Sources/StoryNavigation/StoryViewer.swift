public import StoryInterfaces

/// The viewer as a value and a reducer (PRODUCT.md §2 Viewer, §3 scripted semantics):
/// commands and clock ticks in, state and events out, no I/O and no clock of its own.
///
/// Time counts only while the current item's media is on screen, not paused and not failed.
/// An item ends when its elapsed time reaches its duration; the time past the end carries
/// over to the next item once that item's media is ready. `itemShown` is reported when an
/// item becomes current, before its media loads; `itemSeen` when its media is shown.
///
/// A video shown with ``ViewerCommand/videoReady(_:)`` follows its playback instead of the
/// clock: its time is the position of the last frame played (``ViewerCommand/played(_:at:)``),
/// so the bar stands still before the first frame and while the video stalls, and the item
/// ends with its last frame or at the 60 s cap. Shown with `mediaReady` (a poster, a scripted
/// run) it runs on the clock for its declared duration.
public struct StoryViewer: Hashable, Sendable {
    /// Where the current item's media is.
    public enum MediaState: Hashable, Sendable {
        /// Not on screen yet: the clock is stopped.
        case loading
        /// On screen: the clock runs (unless paused).
        case ready
        /// Could not be loaded: the clock is stopped until `retry` or a move.
        case failed(reason: String)
    }

    /// The stories, in viewing order.
    public private(set) var stories: [Story]
    /// Durations and modes.
    public let configuration: ViewerConfiguration
    /// The current place, or nil once closed.
    public private(set) var position: ViewerPosition?
    /// Time counted on the current item, from zero to its duration.
    public internal(set) var elapsed: Duration = .zero
    /// Time past the end of the previous item, waiting for the current media to be ready.
    public internal(set) var carriedOver: Duration = .zero
    /// The current item's media.
    public internal(set) var media: MediaState = .loading
    /// Whether the user stopped the clock.
    public private(set) var isPaused = false
    /// Whether the current item's time follows its video's playback rather than the clock.
    public internal(set) var followsPlayback = false
    /// Whether the current video item has reported `playbackStarted`.
    public internal(set) var isPlaying = false
    /// Items seen so far (from the store when opened, then every item whose media was shown).
    public internal(set) var seen: Set<StoryItemID>
    /// The item the last showing added to `seen` (it was unseen before), which a terminal
    /// that could not show it takes back out.
    var newlySeen: StoryItemID?
    /// Liked items.
    public private(set) var liked: Set<StoryItemID>
    /// Muted users: moving forwards from another user (an item's end, next, next user) passes
    /// over them, so their stories never auto-play; backwards, or opened on, they show.
    public private(set) var muted: Set<UserID>

    /// Opens the viewer on `stories[userIndex]` at its first unseen item (the first item when
    /// all are seen) and returns the opening events (`itemShown`, prefetch hints).
    ///
    /// Users with no items are skipped; with no items at all the viewer opens closed.
    public static func open(
        _ stories: [Story], at userIndex: Int, configuration: ViewerConfiguration,
        seen: Set<StoryItemID> = [], liked: Set<StoryItemID> = [], muted: Set<UserID> = []
    ) -> (StoryViewer, [ViewerEvent]) {
        var viewer = StoryViewer(stories: stories, configuration: configuration, seen: seen, liked: liked)
        viewer.muted = muted
        let start = min(max(0, userIndex), max(0, stories.count - 1))
        guard let user = viewer.userWithItems(from: start, step: 1) ?? viewer.userWithItems(from: start, step: -1)
        else {
            return (viewer, [])
        }
        let events = viewer.move(to: ViewerPosition(userIndex: user, itemIndex: viewer.resumeIndex(of: user)))
        return (viewer, events)
    }

    /// Opens the viewer at `position` itself (a page that names its item: the web viewer's
    /// `/u/{user}/{item}`), or nil when no such item exists. The moves from there are the
    /// same rules as from an item reached by moving.
    public static func open(
        _ stories: [Story], at position: ViewerPosition, configuration: ViewerConfiguration,
        seen: Set<StoryItemID> = [], liked: Set<StoryItemID> = [], muted: Set<UserID> = []
    ) -> StoryViewer? {
        guard stories.indices.contains(position.userIndex),
            stories[position.userIndex].items.indices.contains(position.itemIndex)
        else { return nil }
        var viewer = StoryViewer(stories: stories, configuration: configuration, seen: seen, liked: liked)
        viewer.muted = muted
        _ = viewer.move(to: position)
        return viewer
    }

    private init(stories: [Story], configuration: ViewerConfiguration, seen: Set<StoryItemID>, liked: Set<StoryItemID>)
    {
        self.stories = stories
        self.configuration = configuration
        self.seen = seen
        self.liked = liked
        self.muted = []
    }

    /// More users after the last (the tray's next page, loaded while the viewer is open): the
    /// ones not here already are appended, with their liked items; the viewer then moves on
    /// into them instead of closing after what was loaded when it opened. A closed viewer
    /// takes none.
    public mutating func append(
        _ more: [Story], liked likedMore: Set<StoryItemID>, muted mutedMore: Set<UserID> = []
    ) {
        guard position != nil else { return }
        var known = Set(stories.map(\.user.id))
        stories += more.filter { known.insert($0.user.id).inserted }
        liked.formUnion(likedMore)
        muted.formUnion(mutedMore)
    }

    /// Applies one command; returns the events it caused, in order. A closed viewer ignores
    /// everything.
    public mutating func apply(_ command: ViewerCommand) -> [ViewerEvent] {
        guard let position else { return [] }
        switch command {
        case .next: return advance(from: position, carrying: .zero)
        case .previous: return back(from: position)
        case .nextUser:
            guard let user = nextUnmutedUser(after: position.userIndex) else { return close() }
            return move(to: ViewerPosition(userIndex: user, itemIndex: resumeIndex(of: user)))
        case .previousUser:
            let user = userWithItems(from: position.userIndex - 1, step: -1) ?? position.userIndex
            return move(
                to: ViewerPosition(userIndex: user, itemIndex: user == position.userIndex ? 0 : resumeIndex(of: user)))
        case .pause:
            guard !isPaused else { return [] }
            isPaused = true
            return [.paused]
        case .resume:
            guard isPaused else { return [] }
            isPaused = false
            return [.resumed]
        case .toggleLike:
            let item = stories[position.userIndex].items[position.itemIndex].id
            if liked.remove(item) != nil { return [.unliked(item)] }
            liked.insert(item)
            return [.liked(item)]
        case .toggleMute:
            let user = stories[position.userIndex].user.id
            if muted.remove(user) != nil { return [.unmuted(user)] }
            muted.insert(user)
            return [.muted(user)]
        case .close:
            return close()
        case .mediaReady(let item):
            return mediaReady(item, at: position)
        case .videoReady(let item):
            guard media == .loading, current?.item.media.isVideo == true else { return mediaReady(item, at: position) }
            return mediaReady(item, at: position, followingPlayback: true)
        case .played(let item, let time):
            return played(item, at: time, position: position)
        case .playbackEnded(let item):
            guard followsPlayback, media == .ready, item == current?.item.id else { return [] }
            elapsed = duration
            return configuration.advancesAutomatically ? advance(from: position, carrying: .zero) : []
        case .mediaFailed(let item, let reason):
            // A video can fail while it plays (its decoder stopped), not only while loading.
            guard media == .loading || (followsPlayback && media == .ready), item == current?.item.id else {
                return []
            }
            media = .failed(reason: reason)
            followsPlayback = false
            isPlaying = false
            return [.mediaFailed(item: item, reason: reason)]
        case .notShown(let item, let reason):
            guard media == .ready, item == current?.item.id else { return [] }
            media = .failed(reason: reason)
            followsPlayback = false
            isPlaying = false
            elapsed = .zero
            if newlySeen == item { seen.remove(item) }
            return [.mediaFailed(item: item, reason: reason)]
        case .retry:
            guard case .failed = media, let item = current?.item.id else { return [] }
            media = .loading
            elapsed = .zero  // a video that failed while playing starts again
            return [.retrying(item: item)]
        case .tick(let time):
            return tick(time, at: position)
        }
    }

    // MARK: - Moves (the clock's and the media's are in StoryViewer+Time.swift)

    /// The next item, the next unmuted user's first unseen item, or closing after the last user.
    mutating func advance(from position: ViewerPosition, carrying carry: Duration) -> [ViewerEvent] {
        let story = stories[position.userIndex]
        if position.itemIndex + 1 < story.items.count {
            return move(
                to: ViewerPosition(userIndex: position.userIndex, itemIndex: position.itemIndex + 1), carrying: carry)
        }
        guard let user = nextUnmutedUser(after: position.userIndex) else { return close() }
        return move(to: ViewerPosition(userIndex: user, itemIndex: resumeIndex(of: user)), carrying: carry)
    }

    /// The previous item, the previous user's last item, or the first item again.
    private mutating func back(from position: ViewerPosition) -> [ViewerEvent] {
        if position.itemIndex > 0 {
            return move(to: ViewerPosition(userIndex: position.userIndex, itemIndex: position.itemIndex - 1))
        }
        guard let user = userWithItems(from: position.userIndex - 1, step: -1) else {
            return move(to: position)  // the very first item: start it again
        }
        return move(to: ViewerPosition(userIndex: user, itemIndex: stories[user].items.count - 1))
    }

    /// Makes `target` current: a revisited item starts from zero; a user's pause ends.
    private mutating func move(to target: ViewerPosition, carrying carry: Duration = .zero) -> [ViewerEvent] {
        var events: [ViewerEvent] = []
        if isPaused {
            isPaused = false
            events.append(.resumed)
        }
        if let from = position, from.userIndex != target.userIndex {
            events.append(.userChanged(from: stories[from.userIndex].user.id, to: stories[target.userIndex].user.id))
        }
        position = target
        elapsed = .zero
        carriedOver = carry
        media = .loading
        followsPlayback = false
        isPlaying = false
        let story = stories[target.userIndex]
        let item = story.items[target.itemIndex]
        events.append(.itemShown(user: story.user.id, item: item.id, index: target.itemIndex, count: story.items.count))
        events += prefetchHints(for: target)
        return events
    }

    private mutating func close() -> [ViewerEvent] {
        position = nil
        followsPlayback = false
        isPlaying = false
        elapsed = .zero
        carriedOver = .zero
        isPaused = false
        return [.closed]
    }
}
