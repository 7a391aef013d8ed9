import Foundation

/// Blocking work — opening and migrating a database, waiting for a child process, reading a
/// pipe to its end — on a thread of its own.
///
/// Swift's cooperative pool has one thread a core (two on our machines); work that blocks one
/// of them stalls every task: the screen's ticks, HTTP timeouts, other tests. Anything that
/// may block goes through here (or through a library's own queues, as GRDB's async API does).
/// ARCHITECTURE.md, "Threads", says what runs where.
public enum OwnThread {
    /// Runs `work` on a new thread and suspends until it returns or throws.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
