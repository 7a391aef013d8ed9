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

    /// `count` threads named `name.0`, `name.1`… (they show in debuggers and `top -H`; a name
    /// with its number fits in 15 bytes, ``ThreadName/maximumBytes``); they live as long as
    /// the process.
    public init(name: String, count: Int) {
        assert(ThreadName.fits("\(name).\(max(1, count) - 1)"), "\(name): a thread name Linux would not set")
        for index in 0..<max(1, count) {
            let named = "\(name).\(index)"
            // Named from inside, once `start()` has returned (the lock is held until then): on
            // Linux a name given before the start never reaches the thread, and one given
            // before `start()` has returned is lost now and then (BlockingPool does the same).
            condition.lock()
            Thread { [unowned self] in
                self.condition.lock()
                Thread.current.name = named
                self.condition.unlock()
                self.work()
            }.start()
            condition.unlock()
        }
    }

    /// Takes a job to run on one of the threads.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() -> Never {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
