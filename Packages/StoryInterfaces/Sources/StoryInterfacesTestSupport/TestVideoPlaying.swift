public import Foundation
public import StoryInterfaces
public import Testing

/// A closure-backed ``VideoPlaying``: `prepare` and `play` fail the test when called without
/// their closures; `raise`, `pause`, `resume`, `stop` and `shutDown` do nothing unless given.
public struct TestVideoPlaying: VideoPlaying {
    /// Answers ``prepare(_:clip:box:priority:)``.
    public var onPrepare: @Sendable (StoryItemID, URL, VideoBox, ImagePriority) async throws -> VideoPreparation
    /// Answers ``play(_:_:events:)``: the events handler is the caller's.
    public var onPlay: @Sendable (StoryItemID, PreparedVideo, @escaping @Sendable (VideoPlaybackEvent) -> Void) -> Void
    /// Called by ``raise(_:)``.
    public var onRaise: @Sendable (URL) -> Void
    /// Called by ``pause()``, ``resume()``, ``stop()`` and ``shutDown()`` with the member's name.
    public var onControl: @Sendable (String) -> Void

    /// Creates a double; `onPrepare` and `onPlay` not given record an issue (prepare throws
    /// ``UnexpectedCall``).
    public init(
        onPrepare: (@Sendable (StoryItemID, URL, VideoBox, ImagePriority) async throws -> VideoPreparation)? = nil,
        onPlay: (
            @Sendable (StoryItemID, PreparedVideo, @escaping @Sendable (VideoPlaybackEvent) -> Void) -> Void
        )? = nil,
        onRaise: @escaping @Sendable (URL) -> Void = { _ in },
        onControl: @escaping @Sendable (String) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.onPrepare =
            onPrepare ?? { _, _, _, _ in
                throw UnexpectedCall.record("prepare(_:clip:box:priority:)", sourceLocation: sourceLocation)
            }
        self.onPlay =
            onPlay ?? { _, _, _ in _ = UnexpectedCall.record("play(_:_:events:)", sourceLocation: sourceLocation) }
        self.onRaise = onRaise
        self.onControl = onControl
    }

    /// Calls ``onPrepare``.
    public func prepare(_ item: StoryItemID, clip: URL, box: VideoBox, priority: ImagePriority) async throws
        -> VideoPreparation
    {
        try await onPrepare(item, clip, box, priority)
    }
    /// Calls ``onRaise``.
    public func raise(_ clip: URL) { onRaise(clip) }
    /// Calls ``onPlay``.
    public func play(
        _ item: StoryItemID, _ video: PreparedVideo, events: @escaping @Sendable (VideoPlaybackEvent) -> Void
    ) {
        onPlay(item, video, events)
    }
    /// Calls ``onControl`` with "pause".
    public func pause() { onControl("pause") }
    /// Calls ``onControl`` with "resume".
    public func resume() { onControl("resume") }
    /// Calls ``onControl`` with "stop".
    public func stop() { onControl("stop") }
    /// Calls ``onControl`` with "shutDown".
    public func shutDown() { onControl("shutDown") }

    /// A solid grey picture of `box`'s size at `time`, for a prepared video's first frame.
    public static func picture(_ box: VideoBox, at time: Duration = .zero, grey: UInt8 = 128) -> VideoPicture {
        VideoPicture(
            width: box.width, height: box.height, pixels: [UInt8](repeating: grey, count: box.width * box.height * 3),
            time: time)
    }
}
