import Synchronization

/// Credits a reader gives back as it takes frames: the decoder takes one per frame it hands
/// over and waits, without a thread, while there are none (so decoding never runs far ahead
/// of playing). Closing wakes every waiter with no credit.
final class Credits: Sendable {
    private struct State {
        var available: Int
        var closed = false
        var waiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var order: [UInt64] = []
    }
    private let state: Mutex<State>
    /// The waiters' numbers (a UUID a frame read /dev/urandom: an open, a read and a close a
    /// frame).
    private let numbers = Atomic<UInt64>(0)

    init(_ count: Int) { state = Mutex(State(available: count)) }

    /// Takes a credit, waiting for one; false when closed (or the task was cancelled).
    func take() async -> Bool {
        let id = numbers.add(1, ordering: .relaxed).newValue
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = state.withLock { state in
                    if state.closed || Task.isCancelled { return false }
                    if state.available > 0 {
                        state.available -= 1
                        return true
                    }
                    state.waiters[id] = continuation
                    state.order.append(id)
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                state.order.removeAll { $0 == id }
                return state.waiters.removeValue(forKey: id)
            }
            waiter?.resume(returning: false)
        }
    }

    /// Gives a credit back (the reader took a frame).
    func give() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.order.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeValue(forKey: state.order.removeFirst())
        }
        waiter?.resume(returning: true)
    }

    /// No more credits: every waiter wakes with none.
    func close() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.closed = true
            defer {
                state.waiters = [:]
                state.order = []
            }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: false) }
    }
}
