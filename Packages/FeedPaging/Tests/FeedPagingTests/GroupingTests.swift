import FeedPaging
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// Items whose groups are given by a pattern like "aaab|bbbb|cd" (one letter per item).
func groupedItems(_ pattern: String) -> [Item] {
    pattern.filter { $0 != "|" }.enumerated().map { index, letter in Item(id: "i\(index)", group: String(letter)) }
}

func grouping(_ source: ScriptedSource) -> GroupingPageFetcher<Item, String> {
    GroupingPageFetcher(source: source, key: { $0.group })
}

@Suite("Grouping across pages")
struct GroupingTests {
    @Test func aGroupThatStraddlesPagesIsCompleteOnThePageItStarts() async throws {
        // pages of 4: [a a a b] [b b b b] [b c c d] [d]
        let source = ScriptedSource(groupedItems("aaab|bbbb|bccd|d"))
        let groups = grouping(source)
        let page1 = try await groups.fetch(try PageRequest(page: 1, limit: 4))
        #expect(page1.elements.map(\.key) == ["a", "b"])
        #expect(page1.elements[1].elements.map(\.id) == ["i3", "i4", "i5", "i6", "i7", "i8"])
        #expect(page1.nextPage == 2)
        #expect(await source.requests.sorted() == [1, 2, 3], "followed b only as far as it goes")
        let page2 = try await groups.fetch(try PageRequest(page: 2, limit: 4))
        #expect(page2.elements.isEmpty, "every item of page 2 belongs to b, which started on page 1")
        #expect(page2.nextPage == 3)
        let page3 = try await groups.fetch(try PageRequest(page: 3, limit: 4))
        #expect(page3.elements.map(\.key) == ["c", "d"])
        #expect(page3.elements[1].elements.map(\.id) == ["i11", "i12"])
        let page4 = try await groups.fetch(try PageRequest(page: 4, limit: 4))
        #expect(page4.elements.isEmpty && page4.nextPage == nil)
        #expect(await source.requests.sorted() == [1, 2, 3, 4], "cached pages are not fetched again")
    }

    @Test func aGroupEndingExactlyAtAPageBoundaryStopsThere() async throws {
        let source = ScriptedSource(groupedItems("aabb|ccdd|ee"))
        let page = try await grouping(source).fetch(try PageRequest(page: 1, limit: 4))
        #expect(page.elements.map(\.key) == ["a", "b"])
        #expect(page.elements[1].elements.count == 2)
        #expect(await source.requests.sorted() == [1, 2])
    }

    @Test func aPaginatorOverGroupsShowsEachUserOnceAndComplete() async throws {
        let pattern = "aaab|bbbb|bccd|deee|eeee|e"
        let source = ScriptedSource(groupedItems(pattern))
        let feed = FeedPaginator(
            source: grouping(source),
            configuration: try FeedPagingConfiguration(pageSize: 4, prefetchDistance: 1, wrap: false),
            endDetection: .nextPageOnly)
        await feed.didShow(position: 100)
        let snapshot = await feed.snapshot()
        #expect(snapshot.entries.map(\.element.key) == ["a", "b", "c", "d", "e"])
        #expect(snapshot.entries.map(\.element.elements.count) == [3, 6, 2, 2, 8])
        #expect(snapshot.phase == .exhausted)
    }

    @Test func groupsWrapAroundToo() async throws {
        let source = ScriptedSource(groupedItems("aabb|bccd|d"))
        let feed = FeedPaginator(
            source: grouping(source),
            configuration: try FeedPagingConfiguration(pageSize: 4, prefetchDistance: 1, wrap: true),
            endDetection: .nextPageOnly, retainedBehind: 100)
        await feed.didShow(position: 9)
        let keys = await feed.snapshot().entries.prefix(12).map(\.element.key)
        #expect(Array(keys.prefix(8)) == ["a", "b", "c", "d", "a", "b", "c", "d"])
    }
}

@Suite("Feed paginator: properties")
struct FeedPropertyTests {
    @Test(arguments: 1...60)
    func everyElementOnceInOrderWithContiguousPositions(seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let count = Int.random(in: 0...120, using: &random)
        var items = (0..<count).map { Item(id: "i\($0)") }
        // Repeat a few items on the following page, as a list that shifted would.
        for _ in 0..<Int.random(in: 0...3, using: &random) where !items.isEmpty {
            let index = Int.random(in: 0..<items.count, using: &random)
            items.insert(items[index], at: min(items.count, index + Int.random(in: 1...12, using: &random)))
        }
        let pageSize = Int.random(in: 1...15, using: &random)
        let source = ScriptedSource(items, links: Bool.random(using: &random) ? .picsum : .exact)
        let feed = try paginator(source, pageSize: pageSize, prefetch: Int.random(in: 0...5, using: &random))
        var position = 0
        for _ in 0..<50 {
            position += Int.random(in: 0...8, using: &random)
            await feed.didShow(position: position)
        }
        await feed.didShow(position: 10_000)
        let snapshot = await feed.snapshot()
        var unique: [String] = []
        for item in items where !unique.contains(item.id) { unique.append(item.id) }
        #expect(snapshot.entries.map(\.element.id) == unique)
        #expect(snapshot.entries.map(\.position) == Array(0..<unique.count))
        #expect(snapshot.phase == (unique.isEmpty ? .empty : .exhausted))
        let requests = await source.requests
        #expect(requests == Array(1...requests.count), "each page requested once, in order")
    }

    @Test(arguments: 1...30)
    func wrappingNeverRepeatsAPositionAndFollowsTheSourceOrder(seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let count = Int.random(in: 1...40, using: &random)
        let pageSize = Int.random(in: 1...12, using: &random)
        let feed = try paginator(ScriptedSource.numbered(count), pageSize: pageSize, wrap: true, retainedBehind: 10_000)
        let target = Int.random(in: 0...400, using: &random)
        await feed.didShow(position: target)
        let entries = await feed.snapshot().entries
        #expect(entries.map(\.position) == Array(0..<entries.count))
        #expect(entries.count > target)
        for entry in entries { #expect(entry.element.id == "i\(entry.position % count)") }
    }
}

@Suite("Grouping: round trips")
struct GroupingRoundTripTests {
    @Test func theNextSourcePageIsRequestedWhileTheFirstIsStillInFlight() async throws {
        let source = ScriptedSource(groupedItems("aaab|bccd|ee"))
        await source.hold(page: 1)
        let groups = grouping(source)
        let fetching = Task { try await groups.fetch(try PageRequest(page: 1, limit: 4)) }
        #expect(await eventually { await source.waiting(page: 1) == 1 })
        #expect(await eventually { await source.requests.contains(2) }, "page 2 asked for before page 1 answered")
        await source.release(page: 1)
        let page = try await fetching.value
        #expect(page.elements.map(\.key) == ["a", "b"])
        #expect(page.elements[1].elements.count == 2)
    }

    @Test func aFailedSourcePageIsAskedForAgainOnRetry() async throws {
        let source = ScriptedSource(groupedItems("aaab|bccd|ee"))
        await source.failNext(1, page: 2)
        let groups = grouping(source)
        await #expect(throws: ScriptedFailure.self) { try await groups.fetch(try PageRequest(page: 1, limit: 4)) }
        let page = try await groups.fetch(try PageRequest(page: 1, limit: 4))
        #expect(page.elements.map(\.key) == ["a", "b"])
        #expect(await source.requestCount(page: 2) == 2)
    }
}
