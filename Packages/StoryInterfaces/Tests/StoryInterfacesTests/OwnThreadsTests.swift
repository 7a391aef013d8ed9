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

    @Test func tasksThatPreferThemRunOnThemAndAllFinish() async throws {
        let names = Shared<Set<String>>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask(executorPreference: Self.threads) {
                    names.value.withLock { _ = $0.insert(Self.threadName()) }
                    try await Task.sleep(for: .milliseconds(1))  // suspends, and comes back here
                    names.value.withLock { _ = $0.insert(Self.threadName()) }
                }
            }
            try await group.waitForAll()
        }
        let seen = names.value.withLock { $0 }
        #expect(!seen.isEmpty && seen.isSubset(of: ["tests.own.0", "tests.own.1"]), "\(seen)")
    }

    @Test func theyKeepRunningWhileThePoolIsHeld() async throws {
        // Every thread of the cooperative pool blocked for a moment: a task on the own threads
        // still runs and finishes meanwhile.
        let held = Shared(true)
        let pool = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached {
                while held.value.withLock({ $0 }) { usleep(1000) }
            }
        }
        let done = Task(executorPreference: Self.threads) { 21 * 2 }
        let answer = await withTaskExecutorPreference(Self.threads) {
            let answer = await done.value
            held.value.withLock { $0 = false }  // here, on an own thread: the pool is still held
            return answer
        }
        for task in pool { await task.value }
        #expect(answer == 42)
    }
}
