import StoryInterfaces

/// At most `network.maxConcurrent` downloads at once; waiting ones are served high priority
/// first (what is on screen before prefetches), and a waiting prefetch can be raised.
actor DownloadSlots {
    private let maximum: Int
    private var active = 0
    private var waiting: [(id: Int, priority: ImagePriority, continuation: CheckedContinuation<Void, any Error>)] = []

    init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// Waits for a slot; throws `CancellationError` if the task is cancelled while waiting.
    func acquire(id: Int, priority: ImagePriority) async throws {
        if active < maximum {
            active += 1
            return
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.append((id, priority, continuation))
            }
        } onCancel: {
            Task { await self.cancelWaiting(id) }
        }
    }

    /// Downloads waiting for a slot.
    var waitingCount: Int { waiting.count }

    /// Moves a waiting download to high priority (the item is on screen now).
    func raise(_ id: Int) {
        if let index = waiting.firstIndex(where: { $0.id == id }) { waiting[index].priority = .high }
    }

    func release() {
        if let index = waiting.firstIndex(where: { $0.priority == .high }) ?? (waiting.isEmpty ? nil : 0) {
            waiting.remove(at: index).continuation.resume()  // the slot passes on
        } else {
            active -= 1
        }
    }

    private func cancelWaiting(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}
