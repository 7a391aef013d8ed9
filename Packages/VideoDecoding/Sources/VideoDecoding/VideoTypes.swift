public import Foundation

/// What a video file holds, as `ffprobe` reads it.
public struct VideoInfo: Hashable, Sendable {
    /// Width of the picture in pixels.
    public var width: Int
    /// Height of the picture in pixels.
    public var height: Int
    /// How long it plays.
    public var duration: Duration
    /// Frames per second (the stream's own rate).
    public var frameRate: Double

    /// Creates a description.
    public init(width: Int, height: Int, duration: Duration, frameRate: Double) {
        self.width = width
        self.height = height
        self.duration = duration
        self.frameRate = frameRate
    }
}

/// One decoded frame: 8-bit RGB pixels and when it is shown.
public struct VideoFrame: Sendable {
    /// The frame's number from 0.
    public var index: Int
    /// When it is shown, from the start of the video.
    public var time: Duration
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height * 3` bytes, row-major.
    public var pixels: [UInt8]

    /// A frame of `width × height` RGB `pixels` shown at `time`.
    public init(index: Int, time: Duration, width: Int, height: Int, pixels: [UInt8]) {
        self.index = index
        self.time = time
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// Why a video could not be decoded.
public enum VideoDecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `ffmpeg` or `ffprobe` is not on the PATH.
    case toolMissing(String)
    /// The tool could not read the file: its own first error line.
    case unreadable(String)
    /// The file has no video stream.
    case noVideo
    /// The bytes are not an MP4 or WebM file.
    case notAVideo

    /// A sentence for the screen.
    public var description: String {
        switch self {
        case .toolMissing(let tool): "\(tool) is not installed (apt-get install ffmpeg) — videos show their poster"
        case .unreadable(let detail): "cannot decode this video: \(detail)"
        case .noVideo: "the file has no video stream"
        case .notAVideo: "not a video (MP4 or WebM expected)"
        }
    }
}

/// The containers the viewer plays, told by their first bytes.
public enum VideoContainer: String, Sendable {
    /// ISO base media (MP4, MOV): a `ftyp` box first.
    case mp4
    /// Matroska or WebM: the EBML magic number.
    case webm

    /// The container of `data`, or ``VideoDecodeError/notAVideo`` (an HTML error page, an
    /// image): the rule for what the clip cache keeps.
    @discardableResult
    public static func check(_ data: Data) throws(VideoDecodeError) -> VideoContainer {
        let head = [UInt8](data.prefix(12))
        if head.count >= 8, head[4...7] == [0x66, 0x74, 0x79, 0x70] { return .mp4 }  // "ftyp"
        if head.count >= 4, head[0...3] == [0x1A, 0x45, 0xDF, 0xA3] { return .webm }
        throw .notAVideo
    }
}
