import Foundation
import StoryBase
import Testing

/// Threads of their own for the tests that watch a running app (tmux, real terminals): their
/// bodies — each look at the screen, each key, each sleep between looks — run there, never
/// waiting for the cooperative pool's two threads, which hundreds of CPU-bound tests of the
/// same run hold for seconds at a time (a viewer played two stories to their end between two
/// looks of a test whose task waited its turn).
enum LiveThreads {
    /// Four: the watching is mostly waiting; a screenshot's analysis takes one for a moment.
    static let shared = OwnThreads(name: "tests.live", count: 4)
}

/// `.onLiveThreads`: a suite's or a test's body runs on ``LiveThreads``.
struct LiveThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(LiveThreads.shared) { try await function() }
    }
}

extension Trait where Self == LiveThreadsTrait {
    /// The suite's tests run on threads of their own (``LiveThreads``).
    static var onLiveThreads: Self { LiveThreadsTrait() }
}

/// The trait does what it says: a body, after a suspension too, runs on a live thread.
@Suite(.onLiveThreads) struct LiveThreadsTests {
    /// The running thread's name (a synchronous look: `Thread.current` is not for async code).
    static func threadName() -> String { Thread.current.name ?? "unnamed" }

    @Test func aBodyRunsOnTheLiveThreadsAcrossSuspensions() async throws {
        #expect(Self.threadName().hasPrefix("tests.live."), "\(Self.threadName())")
        try await Task.sleep(for: .milliseconds(10))
        #expect(Self.threadName().hasPrefix("tests.live."), "\(Self.threadName())")
    }
}
