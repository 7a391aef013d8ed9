public import StoryInterfaces

/// An infinite, deduplicated, bounded paginator over a ``PageFetching`` source: the tray's and
/// the gallery's feed (`UserFeedPaging`).
///
/// - Pages load one at a time, in order, when a shown position comes within
///   `prefetchDistance` of the end of what is loaded; however many callers ask, each page is
///   requested once.
/// - ``refresh()`` starts again at page 1 in a new generation; late results of the old one
///   are dropped.
/// - With `wrap`, the list repeats after its end forever, each round with new positions, and
///   only a bounded window of entries behind the last shown position stays in memory.
/// - An element whose id was already shown in the current round (the same item on two
///   pages) is skipped.
public actor FeedPaginator<Element: Sendable, ID: Hashable & Sendable>: UserFeedPaging {
    private struct Cursor: Hashable {
        var round: Int
        var page: Int
    }

    private let source: any PageFetching<Element>
    private let configuration: FeedPagingConfiguration
    private let endDetection: FeedEndDetection
    private let id: @Sendable (Element) -> ID
    /// With `wrap`, how many entries behind the last shown position are kept.
    public let retainedBehind: Int

    private var generation = 0
    private var entries: [FeedEntry<Element>] = []
    private var phase: FeedPhase = .idle
    private var next: Cursor? = Cursor(round: 0, page: 1)
    private var nextPosition = 0
    private var roundIDs: Set<ID> = []
    private var roundCount = 0
    private var lastShown = 0
    private var inFlight: Task<Void, Never>?
    private var subscribers: [Int: AsyncStream<FeedSnapshot<Element>>.Continuation] = [:]
    private var nextSubscriber = 0

    /// A paginator over `source`.
    ///
    /// - Parameters:
    ///   - endDetection: `.sourceSignals` for raw list pages, `.nextPageOnly` for grouped ones.
    ///   - id: the identity used to skip an element already shown in this round.
    ///   - retainedBehind: with `wrap`, entries kept behind the last shown position
    ///     (default: three pages, at least twice the prefetch distance).
    public init(
        source: any PageFetching<Element>, configuration: FeedPagingConfiguration,
        endDetection: FeedEndDetection = .sourceSignals, retainedBehind: Int? = nil,
        id: @escaping @Sendable (Element) -> ID
    ) {
        self.source = source
        self.configuration = configuration
        self.endDetection = endDetection
        self.id = id
        self.retainedBehind = retainedBehind ?? max(3 * configuration.pageSize, 2 * configuration.prefetchDistance)
    }

    /// The loaded entries (a window when wrapping) and the phase.
    public func snapshot() -> FeedSnapshot<Element> {
        FeedSnapshot(entries: entries, phase: phase)
    }

    /// The current snapshot, then each change. Slow consumers get the newest state only.
    public func snapshots() -> AsyncStream<FeedSnapshot<Element>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: FeedSnapshot<Element>.self, bufferingPolicy: .bufferingNewest(1))
        let key = nextSubscriber
        nextSubscriber += 1
        subscribers[key] = continuation
        continuation.yield(snapshot())
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(key) }
        }
        return stream
    }

    /// Loads the first page if nothing is loaded yet.
    public func start() async {
        if phase == .idle { await loadWhileNeeded(upTo: 0) }
    }

    /// Notes that `position` is on screen and loads ahead while it is within the prefetch
    /// distance of the end; returns when the needed pages have loaded (or failed).
    public func didShow(position: Int) async {
        lastShown = max(0, position)
        await loadWhileNeeded(upTo: lastShown)
        trimWindow()
    }

    /// Starts again from page 1; results of requests already under way are dropped.
    public func refresh() async {
        generation += 1
        inFlight?.cancel()
        inFlight = nil
        entries = []
        next = Cursor(round: 0, page: 1)
        nextPosition = 0
        roundIDs = []
        roundCount = 0
        lastShown = 0
        phase = .idle
        await loadWhileNeeded(upTo: 0)
    }

    /// Loads again the page whose load failed.
    public func retry() async {
        guard case .failed = phase else { return }
        phase = entries.isEmpty ? .idle : .loaded
        await loadWhileNeeded(upTo: lastShown)
    }

    private func loadWhileNeeded(upTo position: Int) async {
        while next != nil, configuration.shouldLoadMore(shownPosition: position, loadedCount: nextPosition) {
            if case .failed = phase { return }
            let before = (generation, next)
            await loadNextPage()
            // A refresh during the load, or no progress (a failure), ends this caller's loop.
            if before.0 != generation || before.1 == next { return }
        }
    }

    private func loadNextPage() async {
        if let inFlight {
            await inFlight.value
            return
        }
        guard let cursor = next else { return }
        phase = nextPosition == 0 ? .loadingFirstPage : .loadingMore
        publish()
        let request: PageRequest
        do {
            request = try PageRequest(page: cursor.page, limit: configuration.pageSize)
        } catch {
            fail(error)
            return
        }
        let startedIn = generation
        let source = source
        let task = Task {
            let result: Result<Page<Element>, any Error>
            do {
                result = .success(try await source.fetch(request))
            } catch {
                result = .failure(error)
            }
            self.finish(result, cursor: cursor, generation: startedIn)
        }
        inFlight = task
        await task.value
    }

    private func finish(_ result: Result<Page<Element>, any Error>, cursor: Cursor, generation started: Int) {
        guard started == generation else { return }  // a refresh came in between: drop it
        inFlight = nil
        switch result {
        case .failure(let error):
            fail(error)
        case .success(let page):
            append(page, cursor: cursor)
        }
    }

    private func append(_ page: Page<Element>, cursor: Cursor) {
        for element in page.elements where roundIDs.insert(id(element)).inserted {
            entries.append(FeedEntry(position: nextPosition, element: element))
            nextPosition += 1
            roundCount += 1
        }
        if !endDetection.isLast(page, limit: configuration.pageSize) {
            next = Cursor(round: cursor.round, page: page.nextPage ?? cursor.page + 1)
        } else if configuration.wrap, roundCount > 0 {
            next = Cursor(round: cursor.round + 1, page: 1)
            roundIDs = []
            roundCount = 0
        } else {
            next = nil
        }
        if next == nil {
            phase = nextPosition == 0 ? .empty : .exhausted
        } else {
            phase = .loaded
        }
        trimWindow()
        publish()
    }

    private func fail(_ error: any Error) {
        inFlight = nil
        phase = .failed(message: String(describing: error))
        publish()
    }

    /// With `wrap`, drops entries more than `retainedBehind` before the last shown position.
    private func trimWindow() {
        guard configuration.wrap else { return }
        let keepFrom = lastShown - retainedBehind
        guard let first = entries.first, first.position < keepFrom else { return }
        entries.removeFirst(entries.prefix { $0.position < keepFrom }.count)
    }

    private func publish() {
        let current = snapshot()
        for continuation in subscribers.values { continuation.yield(current) }
    }

    private func unsubscribe(_ key: Int) {
        subscribers[key] = nil
    }
}

extension FeedPaginator where Element: Identifiable, Element.ID == ID {
    /// A paginator that skips repeated elements by their `id`.
    public init(
        source: any PageFetching<Element>, configuration: FeedPagingConfiguration,
        endDetection: FeedEndDetection = .sourceSignals, retainedBehind: Int? = nil
    ) {
        self.init(
            source: source, configuration: configuration, endDetection: endDetection, retainedBehind: retainedBehind,
            id: { $0.id })
    }
}
