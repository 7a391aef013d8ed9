/// A request for one page of a paginated source. Pages are numbered from 1, as Picsum's are.
public struct PageRequest: Hashable, Sendable, Codable {
    /// The largest page size any source accepts (Picsum clamps `limit` at 100).
    public static let maximumLimit = 100
    /// The largest page number asked for (a billion elements at the largest limit): beyond
    /// it no source has anything, and `(page - 1) * limit` never overflows.
    public static let maximumPage = 10_000_000

    /// The 1-based page number.
    public var page: Int
    /// How many elements a full page holds.
    public var limit: Int

    /// Creates a request, or fails when `page` is outside `1...maximumPage` or `limit` outside
    /// `1...maximumLimit`.
    public init(page: Int, limit: Int) throws(PageRequestError) {
        guard (1...Self.maximumPage).contains(page) else { throw .pageOutOfRange(page) }
        guard (1...Self.maximumLimit).contains(limit) else { throw .limitOutOfRange(limit) }
        self.page = page
        self.limit = limit
    }

    /// How many elements come before this page: `(page - 1) * limit`, which the bounds keep
    /// from overflowing.
    public var offset: Int { (page - 1) * limit }

    /// The request for the page after this one, with the same limit.
    public var following: PageRequest {
        // page + 1 >= 2 and limit is already valid, so this cannot fail.
        var next = self
        next.page += 1
        return next
    }
}

/// Why a ``PageRequest`` could not be made.
public enum PageRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The page number was below 1 or above ``PageRequest/maximumPage``.
    case pageOutOfRange(Int)
    /// The limit was below 1 or above ``PageRequest/maximumLimit``.
    case limitOutOfRange(Int)

    /// A one-line explanation with the allowed range.
    public var description: String {
        switch self {
        case .pageOutOfRange(let page): "page \(page) is out of range: pages are 1 to \(PageRequest.maximumPage)"
        case .limitOutOfRange(let limit):
            "limit \(limit) is out of range: use 1 to \(PageRequest.maximumLimit)"
        }
    }
}

/// One page of elements from a paginated source.
public struct Page<Element: Sendable>: Sendable {
    /// The request this page answers.
    public var request: PageRequest
    /// The elements, in source order; may be empty.
    public var elements: [Element]
    /// The next page number, or nil when this is the last page.
    public var nextPage: Int?

    /// Creates a page.
    public init(request: PageRequest, elements: [Element], nextPage: Int?) {
        self.request = request
        self.elements = elements
        self.nextPage = nextPage
    }

    /// Whether the source has nothing after this page.
    public var isLast: Bool { nextPage == nil }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Hashable where Element: Hashable {}
