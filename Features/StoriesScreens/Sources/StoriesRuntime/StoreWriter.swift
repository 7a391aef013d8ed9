public import Logging
import StoriesScreens
public import StoryInterfaces
import Synchronization

/// Seen, like and mute writes, one at a time and in order, kept until they are saved.
///
/// A write that fails (a state server that cannot be reached, a locked file) stays at the head
/// of the queue with the writes after it, and is tried again after a growing pause (1 s, 2 s,
/// 4 s, then every 5 s). The screen hears of it from the store (a ``ReportingStore``).
/// A write the store refuses for good (a value it can never take: exit 65's kind of error) is
/// set aside, logged and counted, and the writes after it go on: one bad id once held every
/// later seen mark and like back. ``finish()`` tries once more what is left and says how many
/// changes were not saved, the set-aside ones included.
public final class StoreWriter: Sendable {
    /// One change of state.
    public enum Write: Sendable {
        case seen(StoryItemID, user: UserID, index: Int)
        case liked(StoryItemID, Bool)
        case muted(UserID, Bool)
    }

    /// What was left when the app ended.
    public struct Outcome: Sendable {
        /// Changes not saved.
        public var unsaved: Int
        /// Why, when some were not.
        public var reason: String?

        /// `unsaved` changes not saved, for `reason`.
        public init(unsaved: Int, reason: String?) {
            self.unsaved = unsaved
            self.reason = reason
        }
    }

    private let continuation: AsyncStream<Write>.Continuation
    private let task: Task<Outcome, Never>

    /// A writer into `store`; `describe` says a failure in one line, `refusedForGood` tells a
    /// change the store can never take (set aside) from one it may take later (kept).
    public init(
        store: any SeenLikeStoring, logger: Logger,
        describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
        refusedForGood: @escaping @Sendable (any Error) -> Bool = { _ in false }
    ) {
        let (writes, continuation) = AsyncStream<Write>.makeStream()
        self.continuation = continuation
        let finishing = Flag()
        self.finishingFlag = finishing
        task = Task {
            var iterator = writes.makeAsyncIterator()
            var head: Write? = nil
            var failure: String? = nil
            var setAside = 0
            var setAsideReason: String? = nil
            var pause = Duration.seconds(1)
            while true {
                if head == nil { head = await iterator.next() }
                guard let write = head else { break }
                do {
                    switch write {
                    case .seen(let item, let user, let index): try await store.markSeen(item, user: user, index: index)
                    case .liked(let item, let liked): try await store.setLiked(item, liked)
                    case .muted(let user, let muted): try await store.setMuted(user, muted)
                    }
                    head = nil
                    pause = .seconds(1)
                    if failure != nil {
                        failure = nil
                        logger.notice("store saves again")
                    }
                } catch {
                    let reason = describe(error)
                    if refusedForGood(error) {
                        logger.warning("store refused a change for good; set aside", metadata: ["error": "\(reason)"])
                        setAside += 1
                        setAsideReason = reason
                        head = nil
                        continue
                    }
                    logger.warning(
                        "store write failed; kept and tried again",
                        metadata: ["error": "\(reason)", "pause": "\(pause)"])
                    failure = reason
                    if finishing.isSet {
                        // Quitting: one more try was all; count what is left.
                        var left = 1
                        while await iterator.next() != nil { left += 1 }
                        return Outcome(unsaved: left + setAside, reason: reason)
                    }
                    // Waits before trying again, in short steps so that quitting does not wait.
                    let until = ContinuousClock.now + pause
                    while ContinuousClock.now < until, !finishing.isSet {
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                    pause = min(pause * 2, .seconds(5))
                }
            }
            return Outcome(unsaved: setAside, reason: setAsideReason)
        }
    }

    private let finishingFlag: Flag

    /// Queues a change.
    public func write(_ write: Write) { continuation.yield(write) }

    /// Ends the queue: what is pending is tried once more; returns what could not be saved.
    public func finish() async -> Outcome {
        finishingFlag.set()
        continuation.finish()
        return await task.value
    }
}

/// A flag set once, read from any thread.
private final class Flag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
