public import StoryInterfaces

/// How a feed pages; filled by the composition root (the package never reads configuration).
///
/// ## Configuration keys
/// - `feed.pageSize` (default 30, 1–100): elements per page request.
/// - `feed.prefetchDistance` (default 5, ≥ 0): load the next page when the shown position is
///   within this many entries of the end of what is loaded.
/// - `feed.wrap` (default true): repeat the list after its end, forever, in bounded memory.
public struct FeedPagingConfiguration: Hashable, Sendable {
    /// Elements per page request.
    public var pageSize: Int
    /// How close to the end a shown position triggers the next page.
    public var prefetchDistance: Int
    /// Whether the feed starts again after the last page.
    public var wrap: Bool

    /// Creates a configuration, or fails with the offending value.
    public init(pageSize: Int = 30, prefetchDistance: Int = 5, wrap: Bool = true) throws(PageRequestError) {
        guard (1...PageRequest.maximumLimit).contains(pageSize) else { throw .limitOutOfRange(pageSize) }
        self.pageSize = pageSize
        self.prefetchDistance = max(0, prefetchDistance)
        self.wrap = wrap
    }

    /// Whether showing `position` should load the next page when `loadedCount` entries are loaded.
    public func shouldLoadMore(shownPosition position: Int, loadedCount: Int) -> Bool {
        position >= loadedCount - 1 - prefetchDistance
    }
}
