import Foundation
import Logging
import StoriesScreens
import StoryBase
import StoryImages
import StoryInterfaces
import StoryTerminal
import Synchronization

/// Media and picture loads (avatars, thumbnails, a detail): fetched through the image loader,
/// decoded off the loop, sent back as messages.
///
/// It only carries out what the update asks: which loads are under way is the model's record
/// (`ViewerModel.requested`, `GalleryModel.requested`, `TrayModel.avatarsRequested`). Here are
/// only the task handles, to cancel a replaced load and all of them at the end; each task
/// removes its own handle when it ends.
final class MediaLoads: Sendable {
    let load: @Sendable (URL, ImagePriority) async throws -> Data
    /// The cells' pixels when pictures are drawn in a graphics protocol (nil: half blocks).
    private let cell: (@Sendable () -> CellPixels)?
    /// The terminal's cell size for half blocks (their shape), when pictures are half blocks.
    let halfBlocks: @Sendable () -> CellPixels?
    private let logger: Logger
    private let send: @Sendable (AppMessage) -> Void
    /// The video role, and the frame rate asked (`viewer.videoFrameRate`; 0: the mode's).
    let videos: (player: any VideoPlaying, frameRate: Int)

    /// A running load's handle: its task, a number telling it from a load that replaced it, when
    /// it started, and whether its item is on screen waiting for it (for the "media ready" log).
    private struct Running {
        var task: Task<Void, Never>
        var number: Int
        var started: ContinuousClock.Instant
        var shown: Bool
    }
    private struct Handles {
        var next = 0
        var media: [StoryItemID: Running] = [:]
        var pictures: [Int: Task<Void, Never>] = [:]
    }
    private let handles = Mutex(Handles())

    init(
        load: @escaping @Sendable (URL, ImagePriority) async throws -> Data, cell: (@Sendable () -> CellPixels)?,
        halfBlocks: @escaping @Sendable () -> CellPixels? = { nil },
        videos: (player: any VideoPlaying, frameRate: Int), logger: Logger,
        send: @escaping @Sendable (AppMessage) -> Void
    ) {
        self.videos = videos
        self.load = load
        self.cell = cell
        self.halfBlocks = halfBlocks
        self.logger = logger
        self.send = send
    }

    /// Avatars: decoded small (at least 48 pixels), then scaled to 24 wide (in a graphics mode,
    /// the widest avatar's pixels: 24 cells of the terminal's).
    func avatars(_ urls: [URL]) {
        let width = cell.map { 24 * $0().width } ?? 24
        for url in urls {
            let decode: @Sendable (Data) throws -> RGBImage = {
                let decoded = try ImageDecoder.decode($0, covering: 2 * width, 2 * width)
                let side = min(width, decoded.width)
                return decoded.resampled(width: side, height: max(1, side * decoded.height / max(1, decoded.width)))
            }
            picture(url, priority: .low, decode: decode) { send, result in
                send(.tray(.avatarLoaded(url, try? result.get())))
            }
        }
    }

    /// Gallery thumbnails, fitted to a grid cell's thumbnail.
    func thumbnails(_ photos: [(PhotoID, URL)]) {
        let cell = self.cell?()
        let shape = cell == nil ? halfBlocks() : nil
        for (id, url) in photos {
            let decode: @Sendable (Data) throws -> RGBImage = {
                try ImageDecoder.decode(
                    $0, fittingColumns: GalleryLayout.thumbnailColumns, rows: GalleryLayout.thumbnailRows, cell: cell,
                    halfBlocks: shape)
            }
            let box = Self.box(columns: GalleryLayout.thumbnailColumns, rows: GalleryLayout.thumbnailRows, cell: cell)
            picture(url, priority: .low, box: box, decode: decode) { send, result in
                send(.gallery(.thumbnailLoaded(id, try? result.get())))
            }
        }
    }

    /// A photo's detail, fitted to `area`; its failure is said on screen.
    func detail(_ id: PhotoID, url: URL, area: (columns: Int, rows: Int)) {
        let cell = self.cell?()
        let shape = cell == nil ? halfBlocks() : nil
        let decode: @Sendable (Data) throws -> RGBImage = {
            try ImageDecoder.decode(
                $0, fittingColumns: area.columns, rows: area.rows, cell: cell, halfBlocks: shape)
        }
        let box = Self.box(columns: area.columns, rows: area.rows, cell: cell)
        picture(url, priority: .high, box: box, decode: decode) { send, result in
            send(.gallery(.detailLoaded(id, result.mapError { MediaFailure(String(describing: $0)) })))
        }
    }

    /// The one loader of pictures that are not viewer media (avatars, thumbnails, a detail):
    /// fetched at `priority`, decoded by `decode` on the decoding queue for that priority, and
    /// answered with the result, success or failure.
    /// A GIF's or WebP's first picture (FFmpeg's, through the video role: no still decoder
    /// reads them) fitted into `box` pixels is decoded as the stills are.
    private func picture(
        _ url: URL, priority: ImagePriority, box: (width: Int, height: Int)? = nil,
        decode: @escaping @Sendable (Data) throws -> RGBImage,
        answer: @escaping @Sendable (@Sendable (AppMessage) -> Void, Result<RGBImage, any Error>) -> Void
    ) {
        let (load, send, player) = (self.load, self.send, self.videos.player)
        let queue = priority == .high ? Self.decodingNow : Self.decodingLater
        handles.withLock { state in
            let number = state.next
            state.next += 1
            state.pictures[number] = Task.detached(priority: priority == .high ? .userInitiated : .utility) {
                defer { _ = self.handles.withLock { $0.pictures.removeValue(forKey: number) } }
                do {
                    let data = try await load(url, priority)
                    do {
                        answer(send, .success(try await queue.run { try decode(data) }))
                    } catch let error as ImageDecodeError where error.isForFFmpeg {
                        guard let box,
                            let first = try await player.firstPicture(
                                of: url, box: VideoBox(width: box.width, height: box.height, frameRate: 24))
                        else { throw error }
                        // Encoded and decoded on the decoding queue, as every picture: never on the pool.
                        let image = try await queue.run {
                            guard
                                let jpeg = JPEGEncoder.encode(
                                    RGBImage(width: first.width, height: first.height, pixels: first.pixels),
                                    quality: 90)
                            else { throw error }
                            return try decode(jpeg)
                        }
                        answer(send, .success(image))
                    }
                } catch {
                    answer(send, .failure(error))
                }
            }
        }
    }

    /// Loads an item's media for `area` at `priority`, replacing (cancelling) a load of it under
    /// way for another area.
    func media(_ item: StoryItem, priority: ImagePriority, area: ScreenSize) {
        let (url, clip): (URL?, URL?) =
            switch item.media {
            case .image(let image): (image, nil)
            case .video(let video, _, let poster): (poster, video)
            }
        if priority == .high { waiting(item.id) }
        let (send, logger) = (self.send, self.logger)
        let id = item.id
        let pixelSize = item.pixelSize
        let cell = self.cell?()
        handles.withLock { state in
            state.media[id]?.task.cancel()
            let number = state.next
            state.next += 1
            let task = Task.detached(priority: priority == .high ? .userInitiated : .utility) {
                var message: AppMessage?
                if let clip {
                    message = await self.video(
                        id, clip: clip, poster: url, priority: priority, area: area, cell: cell, pixelSize: pixelSize)
                } else if let url {
                    do {
                        let data = try await self.load(url, priority)
                        try Task.checkCancellation()
                        if MediaFormat.isAnimatedPNG(data) {
                            message = await self.video(
                                id, clip: url, poster: nil, priority: priority, area: area, cell: cell,
                                pixelSize: pixelSize, animated: true)
                        } else {
                            let image = try await self.fitted(data, priority: priority, area: area, cell: cell)
                            message = .viewer(
                                .mediaLoaded(
                                    id, .success(DecodedMedia(image: image, pixelSize: pixelSize, area: area))))
                        }
                    } catch let error as ImageDecodeError where error.isForFFmpeg {
                        // GIF and WebP: FFmpeg decodes them, stills and animations alike.
                        message = await self.video(
                            id, clip: url, poster: nil, priority: priority, area: area, cell: cell,
                            pixelSize: pixelSize, animated: true)
                    } catch is CancellationError {
                        message = nil
                    } catch {
                        message = .viewer(.mediaLoaded(id, .failure(MediaFailure(String(describing: error)))))
                    }
                } else {
                    message = .viewer(
                        .mediaLoaded(id, .success(DecodedMedia(image: nil, pixelSize: pixelSize, area: area))))
                }
                let ended = self.handles.withLock { state -> Running? in
                    guard state.media[id]?.number == number else { return nil }
                    return state.media.removeValue(forKey: id)
                }
                if let ended, ended.shown {
                    logger.info(
                        "media ready",
                        metadata: ["item": "\(id.rawValue)", "after": "\(ContinuousClock.now - ended.started)"])
                }
                if let message { send(message) }
            }
            state.media[id] = Running(task: task, number: number, started: .now, shown: priority == .high)
        }
    }

    /// An item's low-priority load is wanted on screen: the pipeline shares the download and
    /// raises it to high priority.
    func raise(_ item: StoryItem) {
        waiting(item.id)
        handles.withLock { $0.media[item.id]?.shown = true }
        let url: URL?
        switch item.media {
        case .image(let image): url = image
        case .video(let clip, _, _):
            videos.player.raise(clip)
            return
        }
        guard let url else { return }
        let load = self.load
        Task { _ = try? await load(url, .high) }
    }

    /// The "no stalls" bench counts these: an item shown before its media was decoded.
    private func waiting(_ item: StoryItemID) {
        logger.info("media wait", metadata: ["item": "\(item.rawValue)"])
    }

    /// Decoding takes milliseconds to tens of them a picture: it runs on two queues of its own
    /// (what is on screen now, and what is ahead), never on the cooperative pool, whose two
    /// threads run the screen's loop and ticks.
    static let decodingNow = BlockingQueue(label: "stories.decode.shown")
    static let decodingLater = BlockingQueue(label: "stories.decode.ahead")

    /// Cancels every load under way (at the end).
    func cancelAll() {
        handles.withLock { state in
            for running in state.media.values { running.task.cancel() }
            for task in state.pictures.values { task.cancel() }
        }
    }
}
