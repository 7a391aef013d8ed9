import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A video's frames as they are decoded. Stopping to read them — leaving the loop, cancelling
/// the task — kills the decoder at once (SIGKILL: nothing is left to save), so no CPU is spent
/// after.
public struct VideoFrames: AsyncSequence, Sendable {
    /// Each decoded frame.
    public typealias Element = VideoFrame
    let stream: AsyncThrowingStream<VideoFrame, any Error>
    let stopper: Stopper
    /// The reader's credits: one given back per frame read.
    let credits: Credits

    /// The first frame, read ahead (the viewer shows it before playing); iterating afterwards
    /// continues with the second. Not to be called while iterating.
    public func first() async throws -> VideoFrame? {
        var base = stream.makeAsyncIterator()
        let frame = try await base.next()
        if frame != nil { credits.give() }
        return frame
    }

    /// Ends the decoder now (frames read ahead but never played).
    public func stop() {
        stopper.stop()
        credits.close()
    }

    /// Reads the frames in order.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), stopper: stopper, credits: credits)
    }

    /// Reads the frames; when it goes, the decoder goes.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<VideoFrame, any Error>.Iterator
        let stopper: Stopper
        let credits: Credits
        var holder: Holder

        init(base: AsyncThrowingStream<VideoFrame, any Error>.Iterator, stopper: Stopper, credits: Credits) {
            self.base = base
            self.stopper = stopper
            self.credits = credits
            holder = Holder(stopper, credits: credits)
        }

        /// The next frame, nil after the last.
        public mutating func next() async throws -> VideoFrame? {
            let frame = try await base.next()
            if frame != nil { credits.give() }
            return frame
        }
    }

    /// Stops the decoder (and wakes its reader) when the last copy of the iterator is gone.
    final class Holder: Sendable {
        let stopper: Stopper
        let credits: Credits
        init(_ stopper: Stopper, credits: Credits) {
            self.stopper = stopper
            self.credits = credits
        }
        deinit {
            stopper.stop()
            credits.close()
        }
    }
}

/// Ends a decoder: its task cancelled once, which kills its process (swift-subprocess kills
/// and reaps the child when the reading ends). It also keeps the decoder's deadline: while the
/// reader waits for the decoder's next frame (not while it waits for its own reader), a
/// watchdog stops a decoder that gives nothing for longer than it may (a damaged clip that
/// stalls it, a hostile one that spins).
final class Stopper: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var done = false
        /// Since when a frame is awaited, and for how long it may be.
        var awaited: (since: ContinuousClock.Instant, limit: Duration)?
        /// The deadline that was missed, when the watchdog stopped the decoder.
        var stalled: Duration?
    }
    private let state = Mutex(State())
    private let watchdog = Mutex<Watchdog?>(nil)

    /// The timer that checks the deadline (a DispatchSource is thread-safe, not `Sendable`).
    private final class Watchdog: @unchecked Sendable {
        let timer: any DispatchSourceTimer
        init(_ timer: any DispatchSourceTimer) { self.timer = timer }
    }

    /// The decoder's task, to cancel (at once if the reader has already gone).
    func watch(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.done
        }
        // Stopped or ended already (a clip refused at once can end before this is called): no
        // watchdog, whose timer nothing would cancel.
        if cancelNow { return task.cancel() }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100), leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in self?.check() }
        let made = Watchdog(timer)
        watchdog.withLock { $0 = made }
        timer.resume()
        // It ended meanwhile (its `exited()` found no watchdog to cancel): cancel it here.
        if state.withLock({ $0.done }) {
            watchdog.withLock { watchdog in
                watchdog?.timer.cancel()
                watchdog = nil
            }
        }
    }

    /// A frame is awaited from now, for at most `limit`.
    func expect(within limit: Duration) {
        state.withLock { $0.awaited = (.now, limit) }
    }

    /// A frame came (or the reader stopped waiting for one).
    func received() {
        state.withLock { $0.awaited = nil }
    }

    /// The deadline missed, when the decoder was stopped for it.
    var stalled: Duration? { state.withLock { $0.stalled } }

    private func check() {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard let awaited = state.awaited, !state.done, ContinuousClock.now - awaited.since > awaited.limit
            else { return nil }
            state.stalled = awaited.limit
            state.awaited = nil
            return state.task
        }
        task?.cancel()
    }

    /// Stops the decoder if it is still running.
    func stop() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.done = true
            state.awaited = nil
            return state.task
        }
        task?.cancel()
    }

    /// Whether the decoder was stopped (or has exited): its reader stops too.
    var isStopped: Bool { state.withLock { $0.done } }

    /// The process has been waited for.
    func exited() {
        state.withLock { state in
            state.task = nil
            state.done = true
            state.awaited = nil
        }
        watchdog.withLock { watchdog in
            watchdog?.timer.cancel()
            watchdog = nil
        }
    }
}
