import Foundation

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
    /// An animated picture (a WebP libwebp reads) could not be read: why.
    case unreadablePicture(String)
    /// The tool is there and could not be started (too many open files or processes): why.
    case cannotStart(String)
    /// The file has no video stream.
    case noVideo
    /// The bytes are not an MP4 or WebM file.
    case notAVideo
    /// The clip's frames are larger than ``FFmpegVideoDecoder/maximumPixels``.
    case tooLarge(width: Int, height: Int)
    /// The decoder gave no frame within its deadline (after `framesBefore` frames): a damaged
    /// clip; it was stopped.
    case stalled(Duration, framesBefore: Int)

    /// A sentence for the screen.
    public var description: String {
        switch self {
        case .toolMissing(let tool): "\(tool) is not installed (apt-get install ffmpeg) — videos show their poster"
        case .unreadable(let detail): "cannot decode this video: \(detail)"
        case .unreadablePicture(let detail): "cannot decode this picture: \(detail)"
        case .cannotStart(let reason): "the video decoder could not start (\(reason)); r retries"
        case .noVideo: "the file has no video stream"
        case .notAVideo: "not a video (MP4 or WebM expected)"
        case .tooLarge, .stalled: size("the video")
        }
    }

    /// What is wrong, said of a file a command was given (`render`): the same facts as
    /// ``description`` without the viewer's words (its poster, its `r` key), and of "it",
    /// which may be a GIF or a WebP as well as a video.
    public var aboutTheFile: String {
        switch self {
        case .toolMissing(let tool): "\(tool) is not installed (apt-get install ffmpeg)"
        case .unreadable(let detail), .unreadablePicture(let detail): "it cannot be decoded: \(detail)"
        case .cannotStart(let reason): "the decoder could not start (\(reason))"
        case .noVideo: "it has no picture to show"
        case .notAVideo: "it is not an animation or a video (GIF, WebP, APNG, MP4 or WebM expected)"
        case .tooLarge, .stalled: size("it")
        }
    }

    /// A size or a stall said of `subject` (the viewer's "the video", a command's "it").
    private func size(_ subject: String) -> String {
        switch self {
        case .tooLarge(let width, let height):
            "\(subject) is \(width)×\(height) pixels, more than a story's clip may have (3840×2160)"
        case .stalled(let limit, let frames):
            frames == 0
                ? "\(subject) gave no picture in \(limit.components.seconds) s; the file may be damaged"
                : "\(subject) stopped after \(frames) frames (nothing for \(limit.components.seconds) s); the file may be damaged"
        default: description
        }
    }

    /// A tool at `path` that could not be started: ``toolMissing(_:)`` when it is not an
    /// executable file (any more), else ``cannotStart(_:)`` saying the system's reason.
    static func notStarted(_ path: String, _ error: any Error) -> VideoDecodeError {
        let tool = URL(fileURLWithPath: path).lastPathComponent
        guard FileManager.default.isExecutableFile(atPath: path) else { return .toolMissing(tool) }
        let text = String(describing: error)
        if text.contains("Too many open files") || text.contains("EMFILE") || text.contains("(24)") {
            return .cannotStart("too many open files")
        }
        if text.contains("EAGAIN") || text.contains("Resource temporarily unavailable") {
            return .cannotStart("too many processes")
        }
        return .cannotStart(String(text.prefix(120)))
    }

    /// The error a decoder's first error line describes: ``tooLarge(width:height:)`` for
    /// ffmpeg's refusal of a frame over the pixel limit, else ``unreadable(_:)``.
    static func described(_ line: String) -> VideoDecodeError {
        if let match = line.firstMatch(of: /Picture size (\d+)x(\d+) exceeds/),
            let width = Int(match.1), let height = Int(match.2)
        {
            return .tooLarge(width: width, height: height)
        }
        return .unreadable(line)
    }
}
