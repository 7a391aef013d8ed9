import Foundation
import StoryBase
import Testing

/// Work on a thread of its own, awaited.
@Suite(.timeLimit(.minutes(10))) struct OwnThreadTests {
    struct Refused: Error, Equatable { var reason: String }

    /// A gate the work waits at, so that a test decides when it ends.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func open() { semaphore.signal() }
        func pass() { semaphore.wait() }  // on the work's own thread, never the pool's
    }

    @Test func runReturnsTheWorksValueAndItsError() async throws {
        #expect(try await OwnThread.run { 6 * 7 } == 42)
        await #expect(throws: Refused(reason: "no")) { try await OwnThread.run { throw Refused(reason: "no") } }
    }

    @Test func thePoolsThreadsCarryTheirNames() async {
        // A name Linux does not set (over 15 bytes) left them with their starter's: the
        // cooperative pool's, as `top -H` and the tests' checks of where work runs saw them.
        let name = await OwnThread.run { Thread.current.name ?? "" }
        #expect(name.hasPrefix("stories.io."), "\(name)")
        #expect(ThreadName.fits("stories.io.\(BlockingPool.shared.size - 1)"))
        #expect(!ThreadName.fits("stories.blocking.0"))
    }

    @Test func blockedWorkLeavesThePoolFree() async throws {
        // More works blocked at once than the pool has threads (one a core): were they on the
        // pool, this task could not run again to open the gate, and the time limit would end it.
        let gate = Gate()
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await OwnThread.run {
                        gate.pass()
                        return index
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(10))
            for _ in 0..<count { gate.open() }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(0..<count))
    }

    @Test func aThousandCallsAtOnceStartAtMostThePoolsThreads() async throws {
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    try await OwnThread.run {
                        usleep(200)  // a short blocking job
                        return index
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == (0..<1000).reduce(0, +))
        #expect(BlockingPool.shared.threads <= BlockingPool.shared.size)
        #expect(BlockingPool.shared.size == max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
    }

    @Test func jobsBeyondThePoolsSizeWaitTheirTurnAndAllRun() async throws {
        let pool = BlockingPool(name: "tests.pool", size: 2)
        let gate = Gate()
        let finished = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<6 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        pool.submit {
                            gate.pass()
                            continuation.resume()
                        }
                    }
                    return index
                }
            }
            for _ in 0..<6 { gate.open() }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(finished.sorted() == Array(0..<6))
        #expect(pool.threads == 2)
    }
}
