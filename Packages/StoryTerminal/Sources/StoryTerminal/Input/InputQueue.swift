import Synchronization

/// The keys and clicks read but not yet handled, in bounded memory (a 100,000-key
/// paste kept `q` waiting 10 s, and 8 MiB of input grew the app to 3.8 GB). The reader adds;
/// the app's loop takes everything waiting at once and draws once after it.
///
/// While the loop lags (``lagging`` events waiting): a movement (arrows, the wheel) replaces a
/// movement waiting last (the last wins), and a quitting key (Ctrl-C, Ctrl-Z, `q`, Esc) drops
/// every waiting event that is not one, so it is handled next. At most ``capacity`` wait; the
/// oldest non-quitting one goes to make room.
public final class InputQueue: Sendable {
    /// The most events that wait.
    public static let capacity = 256
    /// Waiting events from which the loop counts as lagging.
    public static let lagging = 4

    private let waiting = Mutex<[InputEvent]>([])
    /// When each waiting event was pushed (as it was read: a busy loop that takes a press and
    /// its release apart still sees how long the key was really held).
    private let times = Mutex<[ContinuousClock.Instant]>([])
    private let now: @Sendable () -> ContinuousClock.Instant

    /// An empty queue whose events are timed by `now`.
    public init(now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) { self.now = now }

    /// Adds `event`; true when the queue was empty (the loop is to be told).
    @discardableResult
    public func push(_ event: InputEvent) -> Bool {
        let at = now()
        return waiting.withLock { waiting in
            times.withLock { times in
                let wasEmpty = waiting.isEmpty
                if waiting.count >= Self.lagging {
                    if Self.isQuitting(event) {
                        let kept = waiting.indices.filter { Self.isQuitting(waiting[$0]) }
                        waiting = kept.map { waiting[$0] }
                        times = kept.map { times[$0] }
                    } else if Self.isMovement(event), let last = waiting.last, Self.isMovement(last) {
                        waiting.removeLast()
                        times.removeLast()
                    }
                }
                if waiting.count >= Self.capacity {
                    let index = waiting.firstIndex(where: { !Self.isQuitting($0) }) ?? 0
                    waiting.remove(at: index)
                    times.remove(at: index)
                }
                waiting.append(event)
                times.append(at)
                return wasEmpty
            }
        }
    }

    /// Everything waiting, in order; the queue is empty after.
    public func takeAll() -> [InputEvent] { takeAllTimed().map(\.event) }

    /// Everything waiting with when it was pushed, in order; the queue is empty after.
    public func takeAllTimed() -> [(event: InputEvent, at: ContinuousClock.Instant)] {
        waiting.withLock { waiting in
            times.withLock { times in
                defer {
                    waiting.removeAll(keepingCapacity: true)
                    times.removeAll(keepingCapacity: true)
                }
                return Array(zip(waiting, times)).map { (event: $0.0, at: $0.1) }
            }
        }
    }

    /// How many wait.
    public var count: Int { waiting.withLock { $0.count } }

    static func isQuitting(_ event: InputEvent) -> Bool {
        switch event {
        case .interrupt, .suspend, .escape, .character("q"), .character("Q"): true
        default: false
        }
    }

    static func isMovement(_ event: InputEvent) -> Bool {
        switch event {
        case .arrow, .wheel: true
        default: false
        }
    }
}
