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
        // The state keeps changing (the watch takes its first reading whenever it starts):
        // each listener hears of a change, and the versions it hears only go up.
        let changing = Task {
            while !Task.isCancelled {
                version.withLock { $0 += 1 }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let a = await first?.next() ?? nil
        let b = await second?.next() ?? nil
        let later = await first?.next() ?? nil
        changing.cancel()
        #expect(a != nil && b != nil && later != nil, "\(String(describing: a)) \(String(describing: b))")
        #expect((a ?? 0) < (later ?? 0), "a later change has a later version")
        first = nil
        second = nil
        // The streams are gone: their listeners leave, and the poll is cancelled with the last.
        while watch.count > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!watch.isPolling, "no poll once nobody listens")
    }
}
