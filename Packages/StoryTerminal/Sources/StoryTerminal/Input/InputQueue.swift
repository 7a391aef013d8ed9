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

    /// An empty queue.
    public init() {}

    /// Adds `event`; true when the queue was empty (the loop is to be told).
    @discardableResult
    public func push(_ event: InputEvent) -> Bool {
        waiting.withLock { waiting in
            let wasEmpty = waiting.isEmpty
            if waiting.count >= Self.lagging {
                if Self.isQuitting(event) {
                    waiting.removeAll { !Self.isQuitting($0) }
                } else if Self.isMovement(event), let last = waiting.last, Self.isMovement(last) {
                    waiting.removeLast()
                }
            }
            if waiting.count >= Self.capacity {
                if let index = waiting.firstIndex(where: { !Self.isQuitting($0) }) {
                    waiting.remove(at: index)
                } else {
                    waiting.removeFirst()
                }
            }
            waiting.append(event)
            return wasEmpty
        }
    }

    /// Everything waiting, in order; the queue is empty after.
    public func takeAll() -> [InputEvent] {
        waiting.withLock { waiting in
            defer { waiting.removeAll(keepingCapacity: true) }
            return waiting
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
