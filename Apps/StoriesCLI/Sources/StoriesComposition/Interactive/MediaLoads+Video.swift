import Foundation
import StoriesScreens
import StoryInterfaces
import StoryTerminal
import VideoDecoding

extension MediaLoads {
    /// Frames a second decoded for playback: `viewer.videoFrameRate` when set, else 24 in half
    /// blocks (few bytes a frame) and 15 in a graphics protocol (whole pictures). Never more
    /// than the clip has.
    static func frameRate(clip: Double, graphics: Bool, configured: Int) -> Double {
        let wanted: Double = configured > 0 ? Double(configured) : graphics ? 15 : 24
        return clip > 0 ? min(wanted, clip) : wanted
    }

    /// A video item's media: its clip found (or downloaded whole), probed, and its first frame
    /// decoded at the image area's pixels, ready to play; nil when cancelled. Without `ffmpeg`
    /// the poster is shown with one line saying what to install (never a failure); a clip that
    /// cannot be fetched or decoded is a failure shown in place (r retries).
    func video(
        _ id: StoryItemID, clip: URL, poster: URL?, priority: ImagePriority, area: ScreenSize, cell: CellPixels?,
        pixelSize: PixelSize?
    ) async -> AppMessage? {
        let decoder = videos.decoder
        do {
            let file = try await videos.clips.file(for: clip, priority: priority)
            try Task.checkCancellation()
            let info = try await decoder.probe(file)
            let size: (width: Int, height: Int)
            if let cell {
                let fitted = cell.fitted(
                    width: info.width, height: info.height, columns: area.columns, rows: area.rows)
                size = (fitted.width, fitted.height)
            } else {
                size = ImageCells.fittedSize(
                    width: info.width, height: info.height, columns: area.columns, rows: area.rows)
            }
            let rate = Self.frameRate(clip: info.frameRate, graphics: cell != nil, configured: videos.frameRate)
            var first: VideoFrame? = nil
            for try await frame in decoder.frames(
                file, width: size.width, height: size.height, frameRate: rate, limit: .seconds(1))
            {
                first = frame
                break
            }
            guard let first else { throw VideoDecodeError.noVideo }
            let video = PlayableVideo(file: file, width: size.width, height: size.height, frameRate: rate)
            let image = RGBImage(width: first.width, height: first.height, pixels: first.pixels)
            return .mediaLoaded(
                id,
                .success(
                    DecodedMedia(
                        image: image, pixelSize: pixelSize ?? PixelSize(width: info.width, height: info.height),
                        area: area, video: video)))
        } catch is CancellationError {
            return nil
        } catch VideoDecodeError.toolMissing(let tool) {
            let notice = VideoDecodeError.toolMissing(tool).description
            var image: RGBImage? = nil
            if let poster, let data = try? await load(poster, priority) {
                image = try? await (priority == .high ? Self.decodingNow : Self.decodingLater).run {
                    try ImageDecoder.decode(data, fittingColumns: area.columns, rows: area.rows, cell: cell)
                }
            }
            return .mediaLoaded(
                id, .success(DecodedMedia(image: image, pixelSize: pixelSize, area: area, notice: notice)))
        } catch {
            return .mediaLoaded(id, .failure(MediaFailure(String(describing: error))))
        }
    }
}
