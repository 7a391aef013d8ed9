public import StoryInterfaces
import Synchronization

/// Plays decoded frames at their times: the first frame at once, each next one when the
/// playback position reaches its time. The position is a clock that starts with the first
/// frame and stands still while paused, so resuming continues from the frame it held; a
/// source that stalls delivers nothing, and nothing moves. Stopping (or dropping the last
/// reference) cancels reading the source at once, which ends its decoder.
///
/// A frame that arrives more than `lateness` after its time (the source buffered, or decoded
/// slower than real time on a busy machine) is shown at once and the position held back to
/// it, as it is while paused: playback is never ahead of its frames. ``statistics`` counts
/// them, and frames shown more than a frame's interval late.
public final class VideoPlayback: Sendable {
    /// How a playback went: frames delivered, late (each held the position back: the source
    /// stalled or decoded slower than real time) and missed (delivered more than one frame's
    /// interval after their time: dropped, to the eye).
    public typealias Statistics = VideoPlaybackStatistics

    /// What a playback reports, in order, on the task that reads the frames.
    public enum Event: Sendable {
        /// Show this frame now; its `time` is the playback position.
        case frame(VideoFrame)
        /// The last frame was shown.
        case ended(Statistics)
        /// The source failed: one line.
        case failed(String)
    }

    private struct Control {
        var paused = false
        var stopped = false
        /// When the position was last zero-based: the first frame's instant plus the pauses.
        var origin: ContinuousClock.Instant?
        var pausedAt: ContinuousClock.Instant?
        var waiting: CheckedContinuation<Void, Never>?
        var statistics = Statistics()
        var previous: Duration?
    }

    /// The control state, shared with the reading task (which never holds the playback itself,
    /// so dropping the playback stops it).
    private final class Shared: Sendable {
        let state = Mutex(Control())
        func withLock<T>(_ body: (inout Control) -> T) -> T { state.withLock { body(&$0) } }
    }

    private let control = Shared()
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Starts playing `frames`, reporting each event to `deliver`; a failure is said by
    /// `describe` (the viewer's sentence by default).
    public init<Frames: AsyncSequence & Sendable>(
        _ frames: Frames, lateness: Duration = .milliseconds(250),
        describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
        deliver: @escaping @Sendable (Event) -> Void
    ) where Frames.Element == VideoFrame {
        let started = Task { [control] in
            do {
                for try await frame in frames {
                    control.withLock { state in
                        guard let origin = state.origin, !state.paused else { return }
                        let behind = ContinuousClock.now - (origin + frame.time)
                        guard behind > lateness else { return }
                        state.statistics.late += 1
                        state.origin = origin + behind  // the position waited for this frame
                    }
                    guard await Self.wait(for: frame.time, control: control) else { return }
                    control.withLock { state in
                        defer { state.previous = frame.time }
                        state.statistics.shown += 1
                        guard let origin = state.origin, let previous = state.previous else { return }
                        if ContinuousClock.now - (origin + frame.time) > frame.time - previous {
                            state.statistics.missed += 1
                        }
                    }
                    deliver(.frame(frame))
                }
                if !Task.isCancelled { deliver(.ended(control.withLock { $0.statistics })) }
            } catch {
                if !Task.isCancelled { deliver(.failed(describe(error))) }
            }
        }
        task.withLock { $0 = started }
    }

    deinit { stop() }

    /// Holds the frame on screen; the position stands still until ``resume()``.
    public func pause() {
        control.withLock { state in
            guard !state.paused else { return }
            state.paused = true
            state.pausedAt = .now
        }
    }

    /// Continues from the frame held.
    public func resume() {
        let waiting = control.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.paused else { return nil }
            state.paused = false
            if let pausedAt = state.pausedAt, let origin = state.origin {
                state.origin = origin + (ContinuousClock.now - pausedAt)
            }
            state.pausedAt = nil
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    /// Stops at once: reading the source is cancelled and nothing more is delivered.
    public func stop() {
        let waiting = control.withLock { state -> CheckedContinuation<Void, Never>? in
            state.stopped = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
        task.withLock { $0?.cancel() }
    }

    /// How it went so far.
    public var statistics: Statistics { control.withLock { $0.statistics } }

    /// Waits until the position reaches `time` (the first frame: at once, starting the
    /// position); false when stopped.
    private static func wait(for time: Duration, control: Shared) async -> Bool {
        while true {
            if Task.isCancelled { return false }
            enum Next {
                case go, stop
                case sleep(ContinuousClock.Instant)
                case hold
            }
            let next = control.withLock { state -> Next in
                if state.stopped { return .stop }
                if state.paused { return .hold }
                guard let origin = state.origin else {
                    state.origin = ContinuousClock.now - time
                    return .go
                }
                let due = origin + time
                return due <= .now ? .go : .sleep(due)
            }
            switch next {
            case .go: return true
            case .stop: return false
            case .sleep(let due):
                do { try await Task.sleep(until: due, tolerance: .milliseconds(2), clock: .continuous) } catch {
                    return false
                }
            case .hold:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        let ready = control.withLock { state -> Bool in
                            guard state.paused, !state.stopped else { return true }
                            state.waiting = continuation
                            return false
                        }
                        if ready { continuation.resume() }
                    }
                } onCancel: {
                    let waiting = control.withLock { state -> CheckedContinuation<Void, Never>? in
                        defer { state.waiting = nil }
                        return state.waiting
                    }
                    waiting?.resume()
                }
            }
        }
    }
}

extension VideoPlayback {
    /// `frames` as a playback shows them — each when the position reaches its time, the first
    /// at once, a late one at once with the position held back — for a program that draws the
    /// frames itself (`stories render`): the viewer's pacing, not a second one. It ends after
    /// the last frame, throws ``VideoFailure`` when the source fails (said of the file:
    /// ``VideoDecodeError/aboutTheFile``), and stopping to read it
    /// stops the playback and its decoder. A reader slower than the frames gets the newest.
    public static func paced<Frames: AsyncSequence & Sendable>(_ frames: Frames) -> AsyncThrowingStream<
        VideoFrame, any Error
    > where Frames.Element == VideoFrame {
        let (stream, continuation) = AsyncThrowingStream<VideoFrame, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(2))
        let describe: @Sendable (any Error) -> String = { ($0 as? VideoDecodeError)?.aboutTheFile ?? "\($0)" }
        let playback = VideoPlayback(
            frames, describe: describe,
            deliver: { event in
                switch event {
                case .frame(let frame): continuation.yield(frame)
                case .ended: continuation.finish()
                case .failed(let reason): continuation.finish(throwing: VideoFailure(reason))
                }
            })
        continuation.onTermination = { _ in playback.stop() }
        return stream
    }
}
