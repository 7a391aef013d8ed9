import Foundation
import StoryBase
import StoryInterfaces

/// What ffmpeg is given: the file's container as its first bytes say (an animation's canvas
/// checked there), the arguments that pin the input, the decoder's options for a box.
extension FFmpegVideoDecoder {
    /// The arguments that pin ffmpeg's input: its standard input (the clip opened and checked
    /// by ``openClip(_:)``, reopened by path as `/dev/stdin` so it can seek) read with
    /// `container`'s demuxer only, through the file protocol only (no other file, URL or
    /// playlist a clip could name), and no frame over ``maximumPixels``. An animation loops as
    /// its file says when `looping` (the viewer's item), else plays once (a pass of `render`).
    static func input(_ container: VideoContainer, looping: Bool = true) -> [String] {
        ["-protocol_whitelist", "file", "-max_pixels", "\(maximumPixels)"]
            + (looping ? container.demuxerOptions : []) + ["-f", container.demuxer, "-i", "file:/dev/stdin"]
    }

    /// The largest clip file read, in bytes (a phone's minute of 4K is a few hundred MB).
    public static let maximumClipBytes = 2 << 30

    /// The largest box (either side, pixels) whose frames are decoded without the codec's
    /// deblocking filter: there a frame is drawn as cells (half blocks give a cell two
    /// pixels) or in a small picture, each output pixel an average of many of the clip's, and
    /// the filter's smoothing of block edges does not show (a 360×640 H.264 clip fitted into
    /// 80×80: 48.9 dB against the filtered frames, at most 8 of 255 apart) while it costs
    /// about a fifth of ffmpeg's CPU (Scripts/bench video cpu). A larger box keeps it.
    public static let deblockingSkippedUpTo = 256

    /// The decoder options for frames fitted into `width × height` (before `-i`): no
    /// deblocking within ``deblockingSkippedUpTo`` (H.264 and HEVC honour it, other codecs
    /// ignore it).
    static func decoderOptions(fittingWidth width: Int, height: Int) -> [String] {
        width <= deblockingSkippedUpTo && height <= deblockingSkippedUpTo ? ["-skip_loop_filter", "all"] : []
    }

    /// `file` opened once without blocking (a FIFO or a device swapped in after the listing
    /// is refused at once, never waited on), checked on the descriptor to be a regular file of
    /// at most ``maximumClipBytes``, and its container as its first bytes say (MediaFormat's
    /// rule): the descriptor is the caller's to close, and the file ffmpeg is handed.
    static func openClip(_ file: URL) throws(VideoDecodeError) -> (descriptor: Int32, container: VideoContainer) {
        let descriptor: Int32
        let head: Data
        do throws(BoundedFileError) {
            descriptor = try BoundedFile.open(file.path, limit: maximumClipBytes).descriptor
            do { head = try BoundedFile.head(of: descriptor, count: 4096, path: file.path) } catch {
                close(descriptor)
                throw error
            }  // an APNG's acTL chunk is in there
        } catch {
            throw .unreadable("cannot open \(file.lastPathComponent): \(error.reason)")
        }
        do {
            return (descriptor, try container(of: head))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The container `head` (a file's first bytes) says, or why there is none.
    static func container(of head: Data) throws(VideoDecodeError) -> VideoContainer {
        guard let container = VideoContainer.sniff(head) else { throw .notAVideo }
        if let (width, height) = canvas(of: head, container),
            width > maximumPixels || height > maximumPixels || width * height > maximumPixels  // no overflow
        {
            throw .tooLarge(width: width, height: height)
        }
        return container
    }

    /// An animation's canvas as its header says (a GIF's logical screen, a PNG's IHDR, a WebP's
    /// canvas); nil for a video (its size is in its stream, which ffmpeg's `-max_pixels` checks). Checked
    /// before ffmpeg starts: ffmpeg refuses each frame of a GIF claiming 65 535 × 65 535 and,
    /// looping, spins on the next until the watchdog's deadline.
    static func canvas(of head: Data, _ container: VideoContainer) -> (width: Int, height: Int)? {
        let bytes = [UInt8](head.prefix(24))
        switch container {
        case .webp:
            // A VP8X canvas (24-bit sides) or a still's frame (14-bit): libwebp allocates two.
            return PictureHeader.size(of: head.prefix(32))
        case .gif where bytes.count >= 10:
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case .apng where bytes.count >= 24:
            func big(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (big(16), big(20))
        default:
            return nil
        }
    }
}
