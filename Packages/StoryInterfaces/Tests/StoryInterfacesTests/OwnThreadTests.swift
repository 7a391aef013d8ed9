import Foundation
import StoryInterfaces
import Synchronization
import Testing

/// Work on a thread of its own: run and awaited at once, or started now and awaited later.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadTests {
    struct Refused: Error, Equatable { var reason: String }

    /// A gate the started work waits at, so that a test decides when it ends.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func open() { semaphore.signal() }
        func pass() { semaphore.wait() }  // on the work's own thread, never the pool's
    }

    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    @Test func runReturnsTheWorksValueAndItsError() async throws {
        #expect(try await OwnThread.run { 6 * 7 } == 42)
        await #expect(throws: Refused(reason: "no")) { try await OwnThread.run { throw Refused(reason: "no") } }
    }

    @Test func startReturnsBeforeTheWorkEndsAndEveryAwaiterGetsItsValue() async throws {
        let gate = Gate()
        let ended = Flag()
        let pending = OwnThread.start {
            gate.pass()
            ended.set()
            return "read"
        }
        #expect(!ended.isSet, "start returned while the work waits at the gate")
        // Two awaiters suspended before the work ends, one after.
        async let first = pending.value
        async let second = pending.value
        try await Task.sleep(for: .milliseconds(20))  // lets both suspend; not an order the test needs
        gate.open()
        #expect(try await first == "read")
        #expect(try await second == "read")
        #expect(ended.isSet)
        #expect(try await pending.value == "read", "awaited after it ended: at once")
    }

    @Test func startsErrorComesWhereItsValueIsAwaited() async throws {
        let pending: OwnThread.Pending<Int> = OwnThread.start { throw Refused(reason: "cannot read it") }
        await #expect(throws: Refused(reason: "cannot read it")) { try await pending.value }
        await #expect(throws: Refused(reason: "cannot read it")) { try await pending.value }
    }

    @Test func blockedWorkLeavesThePoolFree() async throws {
        // More works blocked at once than the pool has threads (one a core): were they on the
        // pool, this task could not run again to open the gate, and the time limit would end it.
        let gate = Gate()
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let started = (0..<count).map { index in
            OwnThread.start {
                gate.pass()
                return index
            }
        }
        try await Task.sleep(for: .milliseconds(10))
        for _ in 0..<count { gate.open() }
        var values: [Int] = []
        for pending in started { values.append(try await pending.value) }
        #expect(values == Array(0..<count))
    }
}
