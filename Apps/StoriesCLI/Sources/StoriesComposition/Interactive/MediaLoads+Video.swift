import Foundation
import StoriesScreens
import StoryInterfaces
import StoryTerminal
import Synchronization
import VideoDecoding

extension MediaLoads {
    /// Frames a second decoded for playback: `viewer.videoFrameRate` when set, else 24 in half
    /// blocks (few bytes a frame) and 15 in a graphics protocol (whole pictures); a slower clip's
    /// frames are repeated (unchanged cells cost nothing to write).
    static func frameRate(graphics: Bool, configured: Int) -> Double {
        configured > 0 ? Double(configured) : graphics ? 15 : 24
    }

    /// The most `ffmpeg` decoders at once: those held after their first frame
    /// (``PreparedVideos/limit``: the shown item's and its prefetch neighbours') and the one
    /// playing. Holding → over many videos once started 5,002.
    static let maximumDecoders = PreparedVideos.limit + 1

    /// Starts a decoder with `start` when one may run: at once under ``maximumDecoders``,
    /// else once the decoder held longest is stopped (or one ends). The check and the start
    /// are one step for every load (``starting``). Cancellable while it waits.
    static func startDecoder(_ prepared: PreparedVideos, _ start: () -> VideoFrames) async throws -> VideoFrames {
        while true {
            if let frames = starting.withLock({ _ -> VideoFrames? in
                FFmpegVideoDecoder.running < maximumDecoders ? start() : nil
            }) {
                return frames
            }
            if !prepared.stopOldest() { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .milliseconds(5))  // the stopped one to be waited for
        }
    }

    /// Held while a load checks the count of decoders and starts one.
    static let starting = Mutex(())

    /// A video item's media: its clip found (or downloaded whole) and its decoder started,
    /// fitted to the image area's pixels; its first frame is the media shown, and the decoder
    /// is held (``PreparedVideos``) to play on from it. Nil when cancelled. Without `ffmpeg`
    /// the poster is shown with one line saying what to install (never a failure); a clip that
    /// cannot be fetched or decoded is a failure shown in place (r retries).
    func video(
        _ id: StoryItemID, clip: URL, poster: URL?, priority: ImagePriority, area: ScreenSize, cell: CellPixels?,
        pixelSize: PixelSize?
    ) async -> AppMessage? {
        do {
            let file = try await videos.clips.file(for: clip, priority: priority)
            try Task.checkCancellation()
            if let picture = try await picture(in: file, priority: priority, area: area, cell: cell) {
                return .mediaLoaded(id, .success(DecodedMedia(image: picture, pixelSize: pixelSize, area: area)))
            }
            // The box in pixels: two a row in half blocks, the cells' pixels in a graphics mode.
            let box =
                cell.map { (area.columns * $0.width, area.rows * $0.height) } ?? (area.columns, area.rows * 2)
            let video = PlayableVideo(
                file: file, width: box.0, height: box.1,
                frameRate: Self.frameRate(graphics: cell != nil, configured: videos.frameRate))
            let frames = try await Self.startDecoder(videos.prepared) {
                videos.decoder.frames(
                    file, fittingWidth: video.width, height: video.height, frameRate: video.frameRate,
                    limit: StoryItem.maximumVideoDuration)
            }
            let first: VideoFrame?
            do { first = try await frames.first() } catch {
                frames.stop()
                throw error
            }
            guard let first, !Task.isCancelled else {
                frames.stop()
                if Task.isCancelled { return nil }
                throw VideoDecodeError.noVideo
            }
            videos.prepared.hold(frames, for: id, video: video)
            let image = RGBImage(width: first.width, height: first.height, pixels: first.pixels)
            return .mediaLoaded(
                id, .success(DecodedMedia(image: image, pixelSize: pixelSize, area: area, video: video)))
        } catch is CancellationError {
            return nil
        } catch VideoDecodeError.toolMissing(let tool) {
            let notice = VideoDecodeError.toolMissing(tool).description
            var image: RGBImage? = nil
            if let poster { image = try? await fittedPicture(poster, priority: priority, area: area, cell: cell) }
            return .mediaLoaded(
                id, .success(DecodedMedia(image: image, pixelSize: pixelSize, area: area, notice: notice)))
        } catch {
            return .mediaLoaded(id, .failure(MediaFailure(String(describing: error))))
        }
    }

    /// The picture in `file` when the "clip" is a JPEG or PNG (a document that marks a photo's
    /// URL as a video, as one app we follow does): decoded and fitted like any picture, no
    /// decoder started; nil for a video.
    func picture(in file: URL, priority: ImagePriority, area: ScreenSize, cell: CellPixels?) async throws
        -> RGBImage?
    {
        let queue = priority == .high ? Self.decodingNow : Self.decodingLater
        return try await queue.run { () throws -> RGBImage? in
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            guard let format = MediaFormat.sniff(try handle.read(upToCount: 16) ?? Data()), format != .video else {
                return nil
            }
            try handle.seek(toOffset: 0)
            let data = try handle.readToEnd() ?? Data()
            return try ImageDecoder.decode(data, fittingColumns: area.columns, rows: area.rows, cell: cell)
        }
    }
}
