import StoryInterfaces
import StoryInterfacesTestSupport
import StoryNavigation
import Testing

/// A clock the test advances by hand.
final class ManualTicks: Sendable {
    let stream: AsyncStream<Duration>
    let continuation: AsyncStream<Duration>.Continuation
    init() { (stream, continuation) = AsyncStream.makeStream(of: Duration.self) }
    var ticker: TestClockTicking {
        let stream = stream
        return TestClockTicking(onTicks: { _ in stream })
    }
}

/// Media loads that wait until the test lets them finish.
actor MediaGate {
    private var waiting: [StoryItemID: CheckedContinuation<Void, any Error>] = [:]
    private(set) var requested: [StoryItemID] = []

    func load(_ item: StoryItem) async throws {
        requested.append(item.id)
        try await withCheckedThrowingContinuation { waiting[item.id] = $0 }
    }

    func finish(_ item: StoryItemID, failing reason: String? = nil) {
        struct Failure: Error, CustomStringConvertible { var description: String }
        if let reason {
            waiting.removeValue(forKey: item)?.resume(throwing: Failure(description: reason))
        } else {
            waiting.removeValue(forKey: item)?.resume()
        }
    }

    func isWaiting(_ item: StoryItemID) -> Bool { waiting[item] != nil }
}

@Suite("Viewer driver")
struct StoryViewerDriverTests {
    @Test func ticksCountOnlyOnceTheMediaIsOnScreen() async throws {
        let (viewer, opening) = open([2, 1])
        let ticks = ManualTicks()
        let gate = MediaGate()
        let driver = StoryViewerDriver(
            viewer: viewer, opening: opening, ticker: ticks.ticker, loadMedia: { try await gate.load($0) })
        let running = Task { await driver.run() }
        var updates = driver.stream.makeAsyncIterator()
        #expect(await updates.next()?.events.first == .itemShown(user: "u0", item: "u0-0", index: 0, count: 2))
        #expect(await eventually { await gate.isWaiting("u0-0") })

        ticks.continuation.yield(.seconds(30))  // loading: no time counts
        for _ in 0..<100 { await Task.yield() }
        #expect(await driver.viewer.elapsed == .zero)
        await gate.finish("u0-0")
        #expect(await updates.next()?.events == [.itemSeen(user: "u0", item: "u0-0", index: 0)])

        ticks.continuation.yield(.seconds(5))
        let next = await updates.next()
        #expect(next.map { visible($0.events) } == [.itemShown(user: "u0", item: "u0-1", index: 1, count: 2)])
        #expect(await eventually { await gate.isWaiting("u0-1") })
        await gate.finish("u0-1", failing: "HTTP 503")
        #expect(await updates.next()?.events == [.mediaFailed(item: "u0-1", reason: "HTTP 503")])

        await driver.send(.retry)
        #expect(await updates.next()?.events == [.retrying(item: "u0-1")])
        #expect(await eventually { await gate.isWaiting("u0-1") })
        await driver.send(.close)
        #expect(await updates.next()?.events == [.closed])
        #expect(await updates.next() == nil, "the stream ends when the viewer closes")
        ticks.continuation.finish()
        await running.value
    }

    @Test func aLoadForAnItemLeftBehindIsIgnored() async throws {
        let (viewer, opening) = open([3])
        let ticks = ManualTicks()
        let gate = MediaGate()
        let driver = StoryViewerDriver(
            viewer: viewer, opening: opening, ticker: ticks.ticker, loadMedia: { try await gate.load($0) })
        let running = Task { await driver.run() }
        #expect(await eventually { await gate.isWaiting("u0-0") })
        await driver.send(.next)
        #expect(await eventually { await gate.isWaiting("u0-1") })
        await gate.finish("u0-0")
        for _ in 0..<100 { await Task.yield() }
        #expect(await driver.viewer.media == .loading)
        #expect(await !driver.viewer.seen.contains("u0-0"))
        await gate.finish("u0-1")
        #expect(await eventually { await driver.viewer.media == .ready })
        ticks.continuation.finish()
        await running.value
    }
}
