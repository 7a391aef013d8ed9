import Foundation
import StoriesScreens
import StoryBase
import StoryImages
import StoryInterfaces
import StoryTerminal

/// Pictures fitted to the screen, and videos prepared by the video role.
extension MediaLoads {
    /// The pixels of `columns × rows` cells: the cells' own in a graphics mode, two a row in
    /// half blocks.
    static func box(columns: Int, rows: Int, cell: CellPixels?) -> (width: Int, height: Int) {
        cell.map { (max(1, columns * $0.width), max(1, rows * $0.height)) } ?? (max(1, columns), max(2, rows * 2))
    }

    /// An item's picture (its image, or a video's poster): fetched at `priority` and decoded,
    /// on the decoding queue for that priority, to fit `area`.
    func fittedPicture(_ url: URL, priority: ImagePriority, area: ScreenSize, cell: CellPixels?) async throws
        -> RGBImage
    {
        let data = try await load(url, priority)
        try Task.checkCancellation()
        return try await fitted(data, priority: priority, area: area, cell: cell)
    }

    /// Encoded picture bytes decoded to fit `area`, on the decoding queue for `priority`.
    func fitted(_ data: Data, priority: ImagePriority, area: ScreenSize, cell: CellPixels?) async throws -> RGBImage {
        let queue = priority == .high ? Self.decodingNow : Self.decodingLater
        let shape = cell == nil ? halfBlocks() : nil
        return try await queue.run {
            try ImageDecoder.decode(
                data, fittingColumns: area.columns, rows: area.rows, cell: cell, halfBlocks: shape)
        }
    }

    /// Pictures a second asked of a video: `viewer.videoFrameRate` when above 0, else 24 in half
    /// blocks (few bytes a picture) and 15 in a graphics protocol (whole pictures); a slower
    /// clip's are repeated (unchanged cells cost nothing to write).
    static func frameRate(graphics: Bool, configured: Int) -> Double {
        configured > 0 ? Double(configured) : graphics ? 15 : 24
    }

    /// A video item's media, prepared by the video role fitted to the image area's pixels: its
    /// first picture is the media shown, and the role holds its decoder to play on from it. Nil
    /// when cancelled. Without a decoder the poster is shown with one line saying what to
    /// install (never a failure); a clip that cannot be fetched or decoded is a failure shown in
    /// place (r retries); a "clip" that is a still picture is shown as one.
    ///
    /// `animated`: an image item's GIF, WebP or APNG, prepared the same way and played looping
    /// on its item's duration (``DecodedMedia/animated``).
    func video(
        _ id: StoryItemID, clip: URL, poster: URL?, priority: ImagePriority, area: ScreenSize, cell: CellPixels?,
        pixelSize: PixelSize?, animated: Bool = false
    ) async -> AppMessage? {
        // The box in pixels: two a row in half blocks, the cells' pixels in a graphics mode.
        let box = cell.map { (area.columns * $0.width, area.rows * $0.height) } ?? (area.columns, area.rows * 2)
        let rate = Self.frameRate(graphics: cell != nil, configured: videos.frameRate)
        do {
            let media: DecodedMedia
            switch try await videos.player.prepare(
                id, clip: clip, box: VideoBox(width: box.0, height: box.1, frameRate: rate), priority: priority)
            {
            case .video(let video, let first):
                let image = RGBImage(width: first.width, height: first.height, pixels: first.pixels)
                media = DecodedMedia(image: image, pixelSize: pixelSize, area: area, video: video, animated: animated)
            case .picture(let file):
                let data = try await OwnThread.run { () throws(BoundedFileError) in
                    try BoundedFile.contents(of: file.path, limit: ImageDecoder.maximumBytes)
                }
                let image = try await fitted(data, priority: priority, area: area, cell: cell)
                media = DecodedMedia(image: image, pixelSize: pixelSize, area: area)
            case .unavailable(let notice):
                var image: RGBImage? = nil
                if let poster { image = try? await fittedPicture(poster, priority: priority, area: area, cell: cell) }
                media = DecodedMedia(image: image, pixelSize: pixelSize, area: area, notice: notice)
            }
            try Task.checkCancellation()
            return .viewer(.mediaLoaded(id, .success(media)))
        } catch is CancellationError {
            return nil
        } catch {
            return .viewer(.mediaLoaded(id, .failure(MediaFailure(String(describing: error)))))
        }
    }
}
