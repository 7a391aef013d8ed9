import Foundation
import Synchronization
import Testing

@testable import StoriesWeb

/// `/events`' watch: one poll of the store's version for every listener, a change sent to
/// each, nothing asked once nobody listens.
@Suite("The web's live changes")
struct WebEventsTests {
    @Test func aChangeReachesEveryListenerAndNobodyListeningStopsThePoll() async throws {
        let version = Mutex(1)
        let watch = WebStateWatch(interval: .milliseconds(5)) { version.withLock { $0 } }
        var first: AsyncStream<Int?>.Iterator? = watch.listen().makeAsyncIterator()
        var second: AsyncStream<Int?>.Iterator? = watch.listen().makeAsyncIterator()
        #expect(watch.count == 2)
        version.withLock { $0 = 2 }
        #expect(await first?.next() == .some(2))
        #expect(await second?.next() == .some(2))
        version.withLock { $0 = 7 }
        #expect(await first?.next() == .some(7))
        first = nil
        second = nil
        // The streams are gone: their listeners leave, and the poll is cancelled with the last.
        while watch.count > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!watch.isPolling, "no poll once nobody listens")
    }
}
