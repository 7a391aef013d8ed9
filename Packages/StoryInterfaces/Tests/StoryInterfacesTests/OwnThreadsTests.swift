import Foundation
import StoryInterfaces
import Synchronization
import Testing

/// Threads of one's own as a task executor.
@Suite(.timeLimit(.minutes(1))) struct OwnThreadsTests {
    static let threads = OwnThreads(name: "tests.own", count: 2)

    /// The calling thread's name as the system knows it (`top -H` shows it).
    static func threadName() -> String {
        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? Thread.current.name ?? ""
    }

    /// A value shared by the test's tasks.
    final class Shared<Value: Sendable>: Sendable {
        let value: Mutex<Value>
        init(_ value: Value) { self.value = Mutex(value) }
    }

    @Test func tasksThatPreferThemStartOnThemAndAllFinish() async throws {
        // Where each task starts (a resumption after `Task.sleep` was seen on the global
        // executor under a full CI run: the runtime's delayed wake-up does not always honour the
        // preference, so only the start is asserted).
        let names = Shared<Set<String>>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask(executorPreference: Self.threads) {
                    names.value.withLock { _ = $0.insert(Self.threadName()) }
                    try await Task.sleep(for: .milliseconds(1))
                }
            }
            try await group.waitForAll()
        }
        let seen = names.value.withLock { $0 }
        #expect(!seen.isEmpty && seen.isSubset(of: ["tests.own.0", "tests.own.1"]), "\(seen)")
    }
}
