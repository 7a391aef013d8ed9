import Synchronization

/// Room for at most `limit` child processes of this process's decoders at once, counted from
/// before a process is started until it has been reaped: a process starts only after
/// ``enter()`` gave it a slot, and ``leave()`` is called once it has been waited for. Waiters
/// are served in order; one cancelled while it waits leaves the queue and starts nothing, so a
/// burst of moves across clips costs no process for the clips already passed.
final class ProcessSlots: Sendable {
    /// The most processes at once.
    let limit: Int

    private struct State {
        var taken = 0
        var nextTicket: UInt64 = 0
        var waiting: [(ticket: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    }
    private let state = Mutex(State())

    /// Room for `limit` processes.
    init(limit: Int) { self.limit = limit }

    /// Slots taken now (processes started or about to be, not yet reaped).
    var taken: Int { state.withLock { $0.taken } }

    /// Waits for a slot; false (no slot taken) when the task is or gets cancelled first.
    func enter() async -> Bool {
        if Task.isCancelled { return false }
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let granted = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if state.taken < limit, state.waiting.isEmpty {
                        state.taken += 1
                        return true
                    }
                    state.waiting.append((ticket, continuation))
                    return nil
                }
                if let granted { continuation.resume(returning: granted) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            cancelled?.resume(returning: false)
        }
    }

    /// Gives a slot back (its process has been reaped): the next waiter gets it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiting.isEmpty else {
                state.taken -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation  // the slot passes on, still taken
        }
        next?.resume(returning: true)
    }
}
