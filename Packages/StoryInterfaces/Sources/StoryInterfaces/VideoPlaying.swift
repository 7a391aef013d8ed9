public import Foundation

/// The video role: what the viewer needs to show a video item — its first picture as the
/// item's media, then playback with pictures at their times, pause, resume, stop, and
/// failures in a sentence. The live implementation (VideoDecoding's `VideoRuntime`) fetches the
/// clip, decodes it and keeps a bounded number of decoders; the app only wires it.
public protocol VideoPlaying: Sendable {
    /// Gets `clip` ready to play for `item`, fitted into `box`: the clip is fetched (at
    /// `priority`), its decoder started and its first picture returned, the decoder held so
    /// that ``play(_:_:events:)`` continues from it. Throws `CancellationError` when
    /// cancelled, ``VideoFailure`` when the clip cannot be fetched or decoded.
    func prepare(_ item: StoryItemID, clip: URL, box: VideoBox, priority: ImagePriority) async throws
        -> VideoPreparation

    /// A fetch of `clip` under way is wanted on screen now.
    func raise(_ clip: URL)

    /// Plays `video` for `item` from its start (cut at ``StoryItem/maximumVideoDuration``),
    /// stopping the playback before, whose handler then gets ``VideoPlaybackEvent/stopped(_:)``.
    /// `events` gets each picture at its time, then the end or a failure.
    func play(_ item: StoryItemID, _ video: PreparedVideo, events: @escaping @Sendable (VideoPlaybackEvent) -> Void)

    /// Holds the picture on screen.
    func pause()

    /// Continues from the picture held.
    func resume()

    /// Stops the playback (its handler gets ``VideoPlaybackEvent/stopped(_:)``).
    func stop()

    /// Stops every playback and held decoder and removes what was kept for this run (the end
    /// of the app).
    func shutDown()

    /// The first picture of an animation or a video at `clip`, fitted into `box`, and its
    /// decoder stopped (a gallery's GIF or WebP): nothing is held. Nil where it has none or
    /// no decoder is there.
    func firstPicture(of clip: URL, box: VideoBox) async throws -> VideoPicture?
}

extension VideoPlaying {
    /// No first pictures (a role that plays nothing but what it is given).
    public func firstPicture(of clip: URL, box: VideoBox) async throws -> VideoPicture? { nil }
}

/// The pixels a video's pictures fit into (aspect kept), and how many a second to make.
public struct VideoBox: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Pictures a second (a slower clip's are repeated).
    public var frameRate: Double

    /// A box of `width × height` pixels at `frameRate`.
    public init(width: Int, height: Int, frameRate: Double) {
        self.width = width
        self.height = height
        self.frameRate = frameRate
    }
}

/// A video ready to play: its file on this machine and the box it was fitted into.
public struct PreparedVideo: Hashable, Sendable {
    /// The clip's file (bundled, local, or this run's copy of a download).
    public var file: URL
    /// The box its pictures fit into.
    public var box: VideoBox

    /// A video at `file` fitted into `box`.
    public init(file: URL, box: VideoBox) {
        self.file = file
        self.box = box
    }
}

/// One picture of a video: 8-bit RGB pixels, row-major, and when it shows.
public struct VideoPicture: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 3` bytes.
    public var pixels: [UInt8]
    /// When it shows, from the video's start.
    public var time: Duration

    /// A picture of `width × height` RGB `pixels` shown at `time`.
    public init(width: Int, height: Int, pixels: [UInt8], time: Duration) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.time = time
    }
}

/// What ``VideoPlaying/prepare(_:clip:box:priority:)`` made of a clip.
public enum VideoPreparation: Sendable {
    /// A video: its first picture, the decoder held to play on from it.
    case video(PreparedVideo, first: VideoPicture)
    /// The "clip" is a still picture (a JPEG or PNG at this file): shown like any picture.
    case picture(URL)
    /// Videos cannot be decoded on this machine: the sentence saying what to install (the
    /// viewer shows the poster with it; not a failure).
    case unavailable(String)
}

/// Why a video could not be prepared or played: one sentence for the screen.
public struct VideoFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sentence.
    public var description: String

    /// A failure described by `description`.
    public init(_ description: String) { self.description = description }
}

/// Counts of one playback, for the log and the bench.
public struct VideoPlaybackStatistics: Hashable, Sendable {
    /// Pictures shown.
    public var shown = 0
    /// Pictures that arrived late and held the position back.
    public var late = 0
    /// Pictures shown more than one picture's interval after their time.
    public var missed = 0

    /// Counts of a playback.
    public init(shown: Int = 0, late: Int = 0, missed: Int = 0) {
        self.shown = shown
        self.late = late
        self.missed = missed
    }
}

/// What a playback reports, in order: pictures, then one of the ends.
public enum VideoPlaybackEvent: Sendable {
    /// A picture to show now.
    case frame(VideoPicture)
    /// The video played to its end.
    case ended(VideoPlaybackStatistics)
    /// The video could not go on (the sentence).
    case failed(String)
    /// Stopped before its end: by ``VideoPlaying/stop()``, another video, or the end.
    case stopped(VideoPlaybackStatistics)
}
