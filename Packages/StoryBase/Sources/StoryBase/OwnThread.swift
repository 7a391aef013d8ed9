import Foundation

/// Blocking work — opening and migrating a database, reading a folder or a file, asking the
/// terminal and waiting for its answer — on ``BlockingPool/shared``, a bounded pool of threads.
///
/// Swift's cooperative pool has one thread a core (two on our machines); work that blocks one
/// of them stalls every task: the screen's ticks, HTTP timeouts, other tests. Anything that
/// may block goes through here (or through a library's own queues, as GRDB's async API does).
/// ARCHITECTURE.md, "Threads", says what runs where.
public enum OwnThread {
    /// Runs `work` on the shared blocking pool and suspends until it returns or throws (a
    /// burst waits its turn: at most ``BlockingPool/shared``'s size run at once).
    public static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            BlockingPool.shared.submit { continuation.resume(returning: Result { () throws(E) -> T in try work() }) }
        }
        return try result.get()
    }

    /// Starts `body` on a thread of its own (Foundation's `Thread`, portable) and returns at once:
    /// for work that lasts as long as the program, never for a job (``run(_:)``).
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        Thread { body() }.start()
    }
}

/// A bounded pool of named threads (`stories.io.0`, …) for blocking jobs: a thread is
/// started when a job waits and none is idle, up to ``size``; idle threads sleep on a
/// condition (no CPU) and are kept for the next burst. Jobs run in the order they came.
public final class BlockingPool: @unchecked Sendable {
    /// The program's pool: twice the cores, at least 4 (jobs mostly wait on disks and terminals).
    public static let shared = BlockingPool(
        name: "stories.io", size: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// The most threads it starts.
    public let size: Int
    private let name: String
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0
    private var idle = 0
    private var started = 0

    /// A pool of at most `size` threads named `name.N`; a name with its number fits in 15
    /// bytes (``ThreadName/maximumBytes``).
    public init(name: String, size: Int) {
        assert(ThreadName.fits("\(name).\(max(1, size) - 1)"), "\(name): a thread name Linux would not set")
        self.name = name
        self.size = max(1, size)
    }

    /// How many threads it has started (never more than ``size``).
    public var threads: Int {
        condition.lock()
        defer { condition.unlock() }
        return started
    }

    /// Queues `job`; a thread takes it as soon as one is free.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - next
        var start = false
        if waiting > idle, started < size {
            started += 1
            start = true
        }
        let named = "\(name).\(started - 1)"
        condition.signal()
        if start {
            // Named from inside, once the starter has returned from `start()` (it holds the
            // lock until then): on Linux a name given before the start never reaches the
            // thread, and one given before `start()` has returned is lost now and then.
            Thread { [self] in
                condition.lock()
                Thread.current.name = named
                condition.unlock()
                work()
            }.start()
        }
        condition.unlock()
    }

    private func work() -> Never {
        condition.lock()
        while true {
            while next == jobs.count {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            } else if next >= 1024 {  // a pool never idle: the jobs taken dropped now and then
                jobs.removeFirst(next)
                next = 0
            }
            condition.unlock()
            job()
            condition.lock()
        }
    }
}

/// A thread's name as the system keeps it: on Linux at most 15 bytes, and a longer one is not
/// set at all (the thread keeps the name of the thread that started it, say a Dispatch
/// thread's `com.apple.root.default-qos`, and `top -H` shows it as that).
public enum ThreadName {
    /// The longest name Linux sets.
    public static let maximumBytes = 15

    /// Whether `name` is set as given.
    public static func fits(_ name: String) -> Bool { name.utf8.count <= maximumBytes }
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
