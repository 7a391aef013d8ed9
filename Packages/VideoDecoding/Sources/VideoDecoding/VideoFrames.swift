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
    let credits: DispatchSemaphore

    /// The first frame, read ahead (the viewer shows it before playing); iterating afterwards
    /// continues with the second. Not to be called while iterating.
    public func first() async throws -> VideoFrame? {
        var base = stream.makeAsyncIterator()
        let frame = try await base.next()
        if frame != nil { credits.signal() }
        return frame
    }

    /// Ends the decoder now (frames read ahead but never played).
    public func stop() {
        stopper.stop()
        credits.signal()
    }

    /// Reads the frames in order.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), stopper: stopper, credits: credits)
    }

    /// Reads the frames; when it goes, the decoder goes.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<VideoFrame, any Error>.Iterator
        let stopper: Stopper
        let credits: DispatchSemaphore
        var holder: Holder

        init(base: AsyncThrowingStream<VideoFrame, any Error>.Iterator, stopper: Stopper, credits: DispatchSemaphore) {
            self.base = base
            self.stopper = stopper
            self.credits = credits
            holder = Holder(stopper, credits: credits)
        }

        /// The next frame, nil after the last.
        public mutating func next() async throws -> VideoFrame? {
            let frame = try await base.next()
            if frame != nil { credits.signal() }
            return frame
        }
    }

    /// Stops the decoder (and wakes its reader) when the last copy of the iterator is gone.
    final class Holder: Sendable {
        let stopper: Stopper
        let credits: DispatchSemaphore
        init(_ stopper: Stopper, credits: DispatchSemaphore) {
            self.stopper = stopper
            self.credits = credits
        }
        deinit {
            stopper.stop()
            credits.signal()
        }
    }
}

/// Ends a decoder process: once, and never after it has exited (its pid may be reused).
final class Stopper: Sendable {
    private struct State {
        var pid: pid_t = 0
        var done = false
    }
    private let state = Mutex(State())

    /// The process to end (ended at once if the reader has already gone).
    func watch(_ process: Process) {
        let pid = process.processIdentifier
        state.withLock { state in
            if state.done { kill(pid, SIGKILL) } else { state.pid = pid }
        }
    }

    /// Kills the process if it is still running.
    func stop() {
        state.withLock { state in
            if state.pid > 0 { kill(state.pid, SIGKILL) }
            state = State(pid: 0, done: true)
        }
    }

    /// Whether the decoder was stopped (or has exited): its reader stops too.
    var isStopped: Bool { state.withLock { $0.done } }

    /// The process has been waited for.
    func exited() { state.withLock { $0 = State(pid: 0, done: true) } }
}
