/// Where a paginator gets its pages: a content source's list seen one page at a time.
public protocol PageFetching<Element>: Sendable {
    /// The element type of a page.
    associatedtype Element: Sendable
    /// Fetches one page.
    func fetch(_ request: PageRequest) async throws -> Page<Element>
}

/// The phase a paginated feed is in (PRODUCT.md §2: loading, errors with retry, empty).
public enum FeedPhase: Hashable, Sendable {
    /// Nothing requested yet.
    case idle
    /// The first page is on its way; nothing to show yet.
    case loadingFirstPage
    /// Pages are loaded and more may follow.
    case loaded
    /// A further page is on its way.
    case loadingMore
    /// The source has no more pages (and the feed does not wrap).
    case exhausted
    /// The last load failed; `message` says why. Retrying loads the same page again.
    case failed(message: String)
    /// The source has no elements at all.
    case empty
}

/// An element of a feed at its position. Positions are distinct even when a wrapping
/// feed repeats the same element, so a screen can tell one round from the next.
public struct FeedEntry<Element: Sendable>: Sendable {
    /// The element's position in the endless sequence, from 0.
    public var position: Int
    /// The element.
    public var element: Element

    /// Creates an entry.
    public init(position: Int, element: Element) {
        self.position = position
        self.element = element
    }
}

extension FeedEntry: Equatable where Element: Equatable {}

/// What a feed holds at one moment: a window of loaded entries and its phase.
public struct FeedSnapshot<Element: Sendable>: Sendable {
    /// The loaded entries in memory, in position order (a bounded window when wrapping).
    public var entries: [FeedEntry<Element>]
    /// The feed's phase.
    public var phase: FeedPhase

    /// Creates a snapshot.
    public init(entries: [FeedEntry<Element>], phase: FeedPhase) {
        self.entries = entries
        self.phase = phase
    }
}

extension FeedSnapshot: Equatable where Element: Equatable {}

/// The tray's and the gallery's paginator: infinite, deduplicated, bounded (PRODUCT.md §2).
public protocol UserFeedPaging<Element>: Sendable {
    /// The element type of the feed.
    associatedtype Element: Sendable

    /// The current snapshot.
    func snapshot() async -> FeedSnapshot<Element>

    /// Snapshots as they change, starting with the current one.
    func snapshots() async -> AsyncStream<FeedSnapshot<Element>>

    /// Tells the feed that the entry at `position` is on screen; it loads ahead when the
    /// position is within the prefetch distance of the end.
    func didShow(position: Int) async

    /// Reloads from page 1, dropping late results of the old generation.
    func refresh() async

    /// Loads again the page whose load failed.
    func retry() async
}
