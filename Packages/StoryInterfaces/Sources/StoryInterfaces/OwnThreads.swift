import Foundation

/// A few threads of their own as a `TaskExecutor`: tasks that prefer it
/// (`Task(executorPreference:)`, `withTaskExecutorPreference`) run here, never waiting for a
/// turn on Swift's cooperative pool, which a busy caller (the viewer's loop, a test process
/// running hundreds of tests) may hold. For work that must keep pace whatever else runs —
/// reading a decoder's frames, a child process's pipes — and that suspends rather than blocks
/// (blocking work goes to ``OwnThread``).
public final class OwnThreads: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// `count` threads named `name.0`, `name.1`… (they show in debuggers and `top -H`); they
    /// live as long as the process.
    public init(name: String, count: Int) {
        for index in 0..<max(1, count) {
            let named = "\(name).\(index)"
            // Named from inside (on Linux a name given before the start never reaches the thread).
            Thread { [unowned self] in
                Thread.current.name = named
                self.work()
            }.start()
        }
    }

    /// An executor with no thread of its own yet: the thread that calls ``serve()`` becomes
    /// its one thread. `stories render` runs so on the main thread once it has parsed its
    /// command line: a hop to the pool waited for the pool's first thread, which began 1–2 ms
    /// late on this project's two-core machines (issue 31).
    public init() {}

    /// Runs the executor's jobs on the calling thread from now on; never returns (the program
    /// ends with `exit` from one of them).
    public func serve() -> Never { work() }

    /// Whether the calling thread is one of this executor's: a task that prefers an executor
    /// may still run elsewhere (the runtime does not always honour the preference), so work
    /// that may block only where the thread is its own asks here first.
    public var isCurrent: Bool {
        let owner: UnsafeMutableRawPointer? = pthread_getspecific(Self.owner)  // nil on other threads
        return owner == Unmanaged.passUnretained(self).toOpaque()
    }

    /// Each of an executor's threads holds the executor here.
    private static let owner: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Takes a job to run on one of the threads.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() -> Never {
        pthread_setspecific(Self.owner, Unmanaged.passUnretained(self).toOpaque())
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
