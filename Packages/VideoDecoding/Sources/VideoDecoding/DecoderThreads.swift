import Foundation

/// Threads of the decoders' own for their reading tasks (a `TaskExecutor`): a decoder's output
/// is read, parsed and handed over here, never waiting for a turn on Swift's cooperative pool,
/// which a busy caller (the viewer's loop, a test process running hundreds of tests) may hold.
/// Nothing here blocks: swift-subprocess waits for output and exits with epoll, and the
/// decoder waits for credits as a suspended task.
final class DecoderThreads: TaskExecutor, @unchecked Sendable {
    /// The decoders' two threads (at most four decoders run; their work is reading and copying).
    static let shared = DecoderThreads(count: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "stories.decoder.\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
