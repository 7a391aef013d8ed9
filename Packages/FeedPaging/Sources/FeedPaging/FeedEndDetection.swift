public import StoryInterfaces

/// How a paginator decides that a page is the last one.
public enum FeedEndDetection: Hashable, Sendable {
    /// The source's signals, for raw list pages: no next page, an empty page, or a short page
    /// (fewer elements than the limit). This covers Picsum's quirks: page 1 always carries a
    /// `next` link even when it holds everything, and a full last page is followed by one
    /// empty page.
    case sourceSignals
    /// Only a missing next page, for sources that already decided (grouped pages, whose
    /// element counts say nothing about the end).
    case nextPageOnly

    /// Whether `page`, answering a request with `limit`, is the last page.
    public func isLast<Element>(_ page: Page<Element>, limit: Int) -> Bool {
        switch self {
        case .sourceSignals: page.nextPage == nil || page.elements.isEmpty || page.elements.count < limit
        case .nextPageOnly: page.nextPage == nil
        }
    }
}
