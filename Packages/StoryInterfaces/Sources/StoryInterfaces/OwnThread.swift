import CThreadPlacement
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

    /// Starts `body` on a thread of its own and returns at once: a detached POSIX thread that
    /// begins on a CPU other than the caller's (then free to move: CThreadPlacement says why).
    /// Not Foundation's `Thread`: its first one in a process cost the caller ~0.08 ms to make and
    /// start, `pthread_create` ~0.04 ms (a program timing either, issue 31). Where no thread can
    /// be made (the process's or the user's limit), `body` runs here rather than never.
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        final class Body {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let error = stories_thread_create(
            &thread, 1,
            { context in
                #if canImport(Darwin)
                    Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                #else
                    Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                #endif
                return nil
            }, context)
        if error != 0 { Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run() }
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
