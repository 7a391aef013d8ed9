import Foundation
import StoriesRuntime
import Testing

/// The interactive app's effect tasks leave the set when they end (it kept every one: an arrow
/// key in the tray added a task for good).
@Suite("Running tasks")
struct RunningTasksTests {
    /// Waits (up to 2 minutes: a verdict never depends on speed) until `tasks` holds `count`.
    static func settles(_ tasks: RunningTasks, at count: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while tasks.count != count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return tasks.count == count
    }

    @Test func endedTasksLeaveTheSet() async throws {
        let tasks = RunningTasks()
        for _ in 0..<1000 { tasks.run { await Task.yield() } }
        #expect(try await Self.settles(tasks, at: 0), "\(tasks.count) left")
    }

    @Test func cancellingEndsWhatIsUnderWay() async throws {
        let tasks = RunningTasks()
        for _ in 0..<3 { tasks.run { try? await Task.sleep(for: .seconds(600)) } }
        tasks.run {}
        #expect(try await Self.settles(tasks, at: 3))
        tasks.cancelAll()
        #expect(try await Self.settles(tasks, at: 0))
    }
}
