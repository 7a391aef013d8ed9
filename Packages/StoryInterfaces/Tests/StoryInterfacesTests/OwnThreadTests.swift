import Foundation
import StoryInterfaces
import Testing

/// Work on a thread of its own, awaited.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadTests {
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
}

#if os(Linux)
    /// Where a thread of its own begins (CThreadPlacement): on a CPU other than its maker's, then
    /// free to run on every CPU the process may use.
    @Suite(.timeLimit(.minutes(1))) struct ThreadPlacementTests {
        /// The calling thread's CPU (the `processor` field of /proc/thread-self/stat).
        static func cpu() -> Int? {
            guard let stat = try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 36 ? Int(fields[36]) : nil  // field 39; fields here start at 3
        }

        /// The CPUs the calling thread may run on, as /proc says them.
        static func allowed() -> String? {
            (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8))?
                .split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
                .map { String($0.dropFirst("Cpus_allowed_list:".count)).trimmingCharacters(in: .whitespaces) }
        }

        @Test func aThreadBeginsBesideItsMakerAndThenMayRunAnywhere() async throws {
            let process = try #require(Self.allowed())
            // Made from a thread of its own, so that the maker stays on one CPU while it makes
            // them (a pool thread may be moved between tasks); the counts come back here, where
            // the test's expectations are recorded.
            let tries = 20
            let (beside, unrestricted) = try await OwnThread.run {
                var beside = 0
                var unrestricted = 0
                for _ in 0..<tries {
                    let maker = Self.cpu()
                    let seen = DispatchSemaphore(value: 0)
                    nonisolated(unsafe) var first: Int? = nil
                    nonisolated(unsafe) var mask: String? = nil
                    OwnThread.detach {
                        first = Self.cpu()
                        mask = Self.allowed()
                        seen.signal()
                    }
                    seen.wait()
                    if let maker, let first, maker != first { beside += 1 }
                    if mask == process { unrestricted += 1 }
                }
                return (beside, unrestricted)
            }
            #expect(unrestricted == tries, "every thread may run on \(process) once it has begun")
            if ProcessInfo.processInfo.activeProcessorCount > 1, process.contains(where: { $0 == "," || $0 == "-" }) {
                // Unplaced, most began on their maker's CPU (0 or 1 of 20 beside, a mutation).
                #expect(beside >= tries * 3 / 4, "\(beside) of \(tries) began beside their maker")
            }
        }
    }
#endif
