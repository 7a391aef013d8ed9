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
            detach { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Starts `body` on a thread of its own (Foundation's `Thread`, portable) and returns at once.
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        Thread { body() }.start()
    }
}

/// A serial queue of its own (a Dispatch queue, whose threads are not the cooperative pool's)
/// for a stream of short blocking jobs: disk cache reads and writes, image decoding.
public final class BlockingQueue: Sendable {
    private let queue: DispatchQueue

    /// A queue named `label` (it shows in debuggers and `top -H`).
    public init(label: String) { queue = DispatchQueue(label: label) }

    /// Runs `work` on the queue, after the jobs before it, and suspends until it is done.
    public func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(E) -> T in try work() }) }
        }
        return try result.get()
    }
}
