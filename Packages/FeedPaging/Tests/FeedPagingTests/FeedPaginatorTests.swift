import FeedPaging
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

func paginator(
    _ source: ScriptedSource, pageSize: Int = 10, prefetch: Int = 2, wrap: Bool = false, retainedBehind: Int? = nil
) throws -> FeedPaginator<Item, String> {
    FeedPaginator(
        source: source,
        configuration: try FeedPagingConfiguration(pageSize: pageSize, prefetchDistance: prefetch, wrap: wrap),
        retainedBehind: retainedBehind)
}

@Suite("Feed paginator")
struct FeedPaginatorTests {
    @Test func startsIdleThenLoadsTheFirstPage() async throws {
        let source = ScriptedSource.numbered(25)
        let feed = try paginator(source)
        #expect(await feed.snapshot() == FeedSnapshot(entries: [], phase: .idle))
        await feed.start()
        let snapshot = await feed.snapshot()
        #expect(snapshot.phase == .loaded)
        #expect(snapshot.entries.map(\.position) == Array(0..<10))
        #expect(snapshot.entries.map(\.element.id) == (0..<10).map { "i\($0)" })
    }

    @Test func loadingPhasesAreVisibleWhileARequestIsUnderWay() async throws {
        let source = ScriptedSource.numbered(25)
        await source.hold(page: 1)
        let feed = try paginator(source)
        let loading = Task { await feed.start() }
        #expect(await eventually { await source.waiting(page: 1) == 1 })
        #expect(await feed.snapshot().phase == .loadingFirstPage)
        await source.release(page: 1)
        await loading.value
        await source.hold(page: 2)
        let more = Task { await feed.didShow(position: 9) }
        #expect(await eventually { await source.waiting(page: 2) == 1 })
        #expect(await feed.snapshot().phase == .loadingMore)
        #expect(await feed.snapshot().entries.count == 10)
        await source.release(page: 2)
        await more.value
        #expect(await feed.snapshot().entries.count == 20)
    }

    @Test func theNextPageLoadsOnlyWithinThePrefetchDistance() async throws {
        let source = ScriptedSource.numbered(100)
        let feed = try paginator(source, prefetch: 3)
        await feed.start()
        await feed.didShow(position: 5)
        #expect(await source.requests == [1])
        await feed.didShow(position: 6)  // 10 loaded: 6 >= 10 - 1 - 3
        #expect(await source.requests == [1, 2])
        await feed.didShow(position: 15)
        #expect(await source.requests == [1, 2])
        await feed.didShow(position: 19)
        #expect(await source.requests == [1, 2, 3])
    }

    @Test func aFarJumpLoadsEveryPageUpToIt() async throws {
        let source = ScriptedSource.numbered(100)
        let feed = try paginator(source)
        await feed.didShow(position: 35)
        #expect(await source.requests == [1, 2, 3, 4])
        #expect(await feed.snapshot().entries.count == 40)
    }

    @Test func manyCallersMakeOneRequestPerPage() async throws {
        let source = ScriptedSource.numbered(100)
        await source.hold(page: 1)
        let feed = try paginator(source)
        await withTaskGroup(of: Void.self) { group in
            for position in 0..<100 { group.addTask { await feed.didShow(position: position % 12) } }
            #expect(await eventually { await source.waiting(page: 1) == 1 })
            await source.release(page: 1)
        }
        #expect(await source.requestCount(page: 1) == 1)
        #expect(await source.requestCount(page: 2) == 1)
    }

    @Test func refreshStartsAtPageOneAndDropsLateResults() async throws {
        let source = ScriptedSource.numbered(40)
        let feed = try paginator(source)
        await feed.didShow(position: 9)
        #expect(await feed.snapshot().entries.count == 20)
        await source.hold(page: 3)
        let late = Task { await feed.didShow(position: 19) }
        #expect(await eventually { await source.waiting(page: 3) == 1 })
        await source.replaceItems((0..<40).map { Item(id: "new\($0)") })
        await feed.refresh()
        await source.release(page: 3)
        await late.value
        let snapshot = await feed.snapshot()
        #expect(snapshot.entries.map(\.element.id) == (0..<10).map { "new\($0)" })
        #expect(snapshot.entries.map(\.position) == Array(0..<10))
        #expect(snapshot.phase == .loaded)
    }

    @Test func failuresShowTheErrorAndRetryLoadsTheSamePage() async throws {
        let source = ScriptedSource.numbered(30)
        await source.failNext(1, page: 2)
        let feed = try paginator(source)
        await feed.didShow(position: 9)
        #expect(await feed.snapshot().phase == .failed(message: "page 2 failed"))
        await feed.didShow(position: 9)
        #expect(await source.requestCount(page: 2) == 1, "a failed feed waits for retry")
        await feed.retry()
        #expect(await feed.snapshot().entries.count == 20)
        #expect(await source.requestCount(page: 2) == 2)
    }

    @Test func aFailedFirstPageCanBeRetried() async throws {
        let source = ScriptedSource.numbered(5)
        await source.failNext(2, page: 1)
        let feed = try paginator(source)
        await feed.start()
        await feed.retry()
        #expect(await feed.snapshot().phase == .failed(message: "page 1 failed"))
        await feed.retry()
        #expect(
            await feed.snapshot()
                == FeedSnapshot(
                    entries: (0..<5).map { FeedEntry(position: $0, element: Item(id: "i\($0)")) }, phase: .exhausted))
    }

    @Test func anEmptySourceIsEmpty() async throws {
        for wrap in [false, true] {
            let feed = try paginator(ScriptedSource.numbered(0), wrap: wrap)
            await feed.didShow(position: 50)
            #expect(await feed.snapshot() == FeedSnapshot(entries: [], phase: .empty))
        }
    }

    @Test(arguments: [
        (7, ScriptedSource.NextLinks.picsum, [1]), (10, .picsum, [1, 2]), (20, .picsum, [1, 2, 3]),
        (25, .picsum, [1, 2, 3]), (20, .exact, [1, 2]), (7, .exact, [1]),
    ])
    func theEndIsDetectedFromTheSourcesSignals(count: Int, links: ScriptedSource.NextLinks, requests: [Int])
        async throws
    {
        // Picsum: page 1 always links on (a short page 1 is still the end), and a full last
        // page is followed by one empty page.
        let source = ScriptedSource.numbered(count, links: links)
        let feed = try paginator(source)
        await feed.didShow(position: 1_000)
        #expect(await source.requests == requests)
        let snapshot = await feed.snapshot()
        #expect(snapshot.phase == .exhausted)
        #expect(snapshot.entries.count == count)
    }

    @Test func theSameItemOnTwoPagesIsShownOnce() async throws {
        let items = (0..<10).map { Item(id: "i\($0)") } + [Item(id: "i9")] + (10..<19).map { Item(id: "i\($0)") }
        let feed = try paginator(ScriptedSource(items))
        await feed.didShow(position: 100)
        let ids = await feed.snapshot().entries.map(\.element.id)
        #expect(ids == (0..<19).map { "i\($0)" })
        #expect(await feed.snapshot().entries.map(\.position) == Array(0..<19))
    }

    @Test func snapshotsArePublished() async throws {
        let feed = try paginator(ScriptedSource.numbered(15))
        let stream = await feed.snapshots()
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.phase == .idle)
        await feed.start()
        #expect(await iterator.next()?.entries.count == 10)
    }
}

@Suite("Feed paginator: wrap-around")
struct FeedWrapTests {
    @Test func afterTheLastPageTheListRepeatsWithNewPositions() async throws {
        let source = ScriptedSource.numbered(25)
        let feed = try paginator(source, wrap: true, retainedBehind: 1_000)
        await feed.didShow(position: 60)
        let entries = await feed.snapshot().entries
        #expect(entries.map(\.position) == Array(0..<entries.count))
        #expect(entries.count >= 63)
        #expect(entries[25].element.id == "i0")
        #expect(entries[50].element.id == "i0")
        #expect(entries.map(\.element.id).prefix(25) == entries.map(\.element.id)[25..<50])
        #expect(await feed.snapshot().phase == .loaded)
    }

    @Test func onlyABoundedWindowStaysInMemory() async throws {
        let source = ScriptedSource.numbered(37)
        let feed = try paginator(source, wrap: true, retainedBehind: 30)
        // Behind: 30 retained; ahead: at most one page beyond the prefetch distance.
        let bound = 30 + 1 + 2 + 10 + 1
        for position in stride(from: 0, through: 5_000, by: 7) {
            await feed.didShow(position: position)
            let entries = await feed.snapshot().entries
            #expect(entries.count <= bound)
            #expect(entries.first.map { $0.position >= position - 30 } ?? false)
            #expect(entries.contains { $0.position == position })
        }
        let last = await feed.snapshot().entries.first { $0.position == 5_000 }
        #expect(last?.element.id == "i\(5_000 % 37)")
    }
}
