import Foundation
import StoryBase
import Synchronization
import Testing

/// Threads of one's own as a task executor.
@Suite(.timeLimit(.minutes(10))) struct OwnThreadsTests {
    static let threads = OwnThreads(name: "tests.own", count: 2)

    /// The calling thread's name as the system knows it (`top -H` shows it).
    static func threadName() -> String {
        Thread.current.name ?? ""
    }

    /// A value shared by the test's tasks.
    final class Shared<Value: Sendable>: Sendable {
        let value: Mutex<Value>
        init(_ value: Value) { self.value = Mutex(value) }
    }

    @Test func tasksThatPreferThemStartOnThemAndAllFinish() async throws {
        // Where each task starts. Alone, every one starts on these threads. In a full run of the
        // suite the runtime did not honour the preference at all (0 of 100; CI on b11e09a) or
        // for a few, and a resumption after `Task.sleep` was seen on the global executor too: a
        // known issue of the runtime, recorded as one, not hidden. That they all finish holds.
        let names = Shared<[String]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask(executorPreference: Self.threads) {
                    names.value.withLock { $0.append(Self.threadName()) }
                    try await Task.sleep(for: .milliseconds(1))
                }
            }
            try await group.waitForAll()
        }
        let seen = names.value.withLock { $0 }
        let own = seen.filter { $0 == "tests.own.0" || $0 == "tests.own.1" }
        #expect(seen.count == 100, "all finish")
        print(
            "OwnThreads: \(own.count) of 100 tasks started on the own threads; elsewhere: \(Set(seen).subtracting(own))"
        )
        withKnownIssue("the runtime does not always honour a task executor preference", isIntermittent: true) {
            #expect(own.count == 100, "\(own.count) of 100 on the own threads")
        }
    }
}
