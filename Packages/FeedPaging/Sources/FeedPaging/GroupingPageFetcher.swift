public import StoryInterfaces

/// A run of consecutive source elements that share a key: a Picsum author and their photos.
public struct FeedGroup<Key: Hashable & Sendable, Element: Sendable>: Sendable, Identifiable {
    /// The shared key (the group's identity).
    public var key: Key
    /// The group's elements in source order, across pages.
    public var elements: [Element]
    /// The source page of the group's first element.
    public var firstPage: Int

    /// The group is identified by its key.
    public var id: Key { key }

    /// Creates a group.
    public init(key: Key, elements: [Element], firstPage: Int) {
        self.key = key
        self.elements = elements
        self.firstPage = firstPage
    }
}

extension FeedGroup: Equatable where Element: Equatable {}

/// Groups a source's elements by key across page boundaries: page N of this fetcher holds
/// the groups that *start* on source page N, each complete — a group that runs on into the
/// following pages is followed only as far as it goes (PRODUCT.md §3, the picsum tray page).
///
/// A group continuing from page N-1 belongs to page N-1, so page N may be empty without
/// being the end; ``Page/nextPage`` is nil only after the source's last page
/// (``FeedEndDetection/sourceSignals``). Put a ``FeedPaginator`` over it with
/// ``FeedEndDetection/nextPageOnly``. A few recent source pages are cached, so the pages
/// fetched to finish a group are not fetched again for the next page. Source page N+1 is
/// requested together with page N (it is needed to finish page N's last group unless N is
/// the last page), so a tray page costs one round trip, not two.
public actor GroupingPageFetcher<Element: Sendable, Key: Hashable & Sendable>: PageFetching {
    private let source: any PageFetching<Element>
    private let key: @Sendable (Element) -> Key
    private var cache: [PageRequest: Task<Page<Element>, any Error>] = [:]
    private var cacheOrder: [PageRequest] = []
    private let cacheLimit = 4

    /// Groups `source`'s elements by `key`.
    public init(source: any PageFetching<Element>, key: @escaping @Sendable (Element) -> Key) {
        self.source = source
        self.key = key
    }

    /// The groups that start on source page `request.page`, each with all of its elements.
    public func fetch(_ request: PageRequest) async throws -> Page<FeedGroup<Key, Element>> {
        let current = load(request)
        _ = load(request.atPage(request.page + 1))  // in parallel: finishing the last group needs it
        if request.page > 1 { _ = load(request.atPage(request.page - 1)) }
        let page = try await value(of: current, for: request)
        var groups = runs(page.elements, firstPage: request.page)
        if request.page > 1, let first = groups.first,
            let previousLast = try await sourcePage(request.atPage(request.page - 1)).elements.last,
            key(previousLast) == first.key
        {
            groups.removeFirst()  // it started on the previous page, and belongs there
        }
        var last = page
        var lastRequest = request
        while !groups.isEmpty, !FeedEndDetection.sourceSignals.isLast(last, limit: lastRequest.limit) {
            lastRequest = request.atPage(last.nextPage ?? lastRequest.page + 1)
            last = try await sourcePage(lastRequest)
            let continuing = last.elements.prefix { key($0) == groups[groups.count - 1].key }
            groups[groups.count - 1].elements += continuing
            if continuing.count < last.elements.count { break }
        }
        let isLast = FeedEndDetection.sourceSignals.isLast(page, limit: request.limit)
        return Page(request: request, elements: groups, nextPage: isLast ? nil : (page.nextPage ?? request.page + 1))
    }

    private func runs(_ elements: [Element], firstPage: Int) -> [FeedGroup<Key, Element>] {
        var groups: [FeedGroup<Key, Element>] = []
        for element in elements {
            let elementKey = key(element)
            if groups.last?.key == elementKey {
                groups[groups.count - 1].elements.append(element)
            } else {
                groups.append(FeedGroup(key: elementKey, elements: [element], firstPage: firstPage))
            }
        }
        return groups
    }

    private func sourcePage(_ request: PageRequest) async throws -> Page<Element> {
        try await value(of: load(request), for: request)
    }

    /// The cached or a new load of a source page (started at once, awaited later).
    private func load(_ request: PageRequest) -> Task<Page<Element>, any Error> {
        if let cached = cache[request] { return cached }
        let source = self.source
        let task = Task { try await source.fetch(request) }
        cache[request] = task
        cacheOrder.append(request)
        if cacheOrder.count > cacheLimit { cache[cacheOrder.removeFirst()] = nil }
        return task
    }

    /// The page a load gives; a failed load is forgotten, so that a retry asks again.
    private func value(of task: Task<Page<Element>, any Error>, for request: PageRequest) async throws -> Page<Element>
    {
        do {
            return try await task.value
        } catch {
            if cache[request] == task {
                cache[request] = nil
                cacheOrder.removeAll { $0 == request }
            }
            throw error
        }
    }
}

extension PageRequest {
    /// The same request for another page number (at least 1).
    fileprivate func atPage(_ number: Int) -> PageRequest {
        var request = self
        request.page = max(1, number)
        return request
    }
}
