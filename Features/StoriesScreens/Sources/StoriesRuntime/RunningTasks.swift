import Synchronization

/// The interactive app's effect tasks while they run: each leaves the set when it ends, so the
/// set holds what is under way (a list kept every task, one more for each arrow key in the
/// tray), and quitting cancels what is left.
public final class RunningTasks: Sendable {
    /// An empty set.
    public init() {}

    private let running = Mutex<[UInt64: Task<Void, Never>]>([:])
    /// The tasks' numbers (not UUIDs: each of those reads /dev/urandom).
    private let numbers = Atomic<UInt64>(0)

    /// Runs `operation` as a task of the set.
    public func run(_ operation: @escaping @Sendable () async -> Void) {
        let id = numbers.add(1, ordering: .relaxed).newValue
        // Inserted under the lock the task's own removal takes: a task that ends at once
        // still finds itself there.
        running.withLock { tasks in
            tasks[id] = Task { [weak self] in
                await operation()
                _ = self?.running.withLock { $0.removeValue(forKey: id) }
            }
        }
    }

    /// How many tasks are under way.
    public var count: Int { running.withLock { $0.count } }

    /// Cancels every task under way.
    public func cancelAll() {
        for task in running.withLock({ $0.values }) { task.cancel() }
    }
}
