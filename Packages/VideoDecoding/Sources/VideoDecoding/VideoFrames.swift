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

    /// Reads the frames in order.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator(), stopper: stopper) }

    /// Reads the frames; when it goes, the decoder goes.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<VideoFrame, any Error>.Iterator
        let stopper: Stopper
        var holder: Holder

        init(base: AsyncThrowingStream<VideoFrame, any Error>.Iterator, stopper: Stopper) {
            self.base = base
            self.stopper = stopper
            holder = Holder(stopper)
        }

        /// The next frame, nil after the last.
        public mutating func next() async throws -> VideoFrame? { try await base.next() }
    }

    /// Stops the decoder when the last copy of the iterator is gone.
    final class Holder: Sendable {
        let stopper: Stopper
        init(_ stopper: Stopper) { self.stopper = stopper }
        deinit { stopper.stop() }
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

    /// The process has been waited for.
    func exited() { state.withLock { $0 = State(pid: 0, done: true) } }
}
