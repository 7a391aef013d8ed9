import Foundation
import Logging
import StoriesScreens
import StoryInterfaces
import StoryTerminal

/// Media and picture loads (avatars, thumbnails, a detail): fetched through the image loader,
/// decoded off the loop, sent back as messages. One load per item at a time; a prefetch already under way is raised
/// to high priority when its item is shown.
final class MediaLoads: @unchecked Sendable {
    private let load: @Sendable (URL, ImagePriority) async throws -> Data
    private let logger: Logger
    private let send: @Sendable (AppMessage) -> Void
    // Touched only from the app's loop.
    private var inFlight:
        [StoryItemID: (
            task: Task<Void, Never>, priority: ImagePriority, started: ContinuousClock.Instant, area: ScreenSize
        )] = [:]
    private var shown: Set<StoryItemID> = []
    private var pictureTasks: [Task<Void, Never>] = []

    init(
        load: @escaping @Sendable (URL, ImagePriority) async throws -> Data, logger: Logger,
        send: @escaping @Sendable (AppMessage) -> Void
    ) {
        self.load = load
        self.logger = logger
        self.send = send
    }

    /// Avatars: decoded small (at least 48 pixels), then scaled to 24 wide.
    func avatars(_ urls: [URL]) {
        for url in urls {
            let decode: @Sendable (Data) throws -> RGBImage = {
                let decoded = try ImageDecoder.decode($0, covering: 48, 48)
                return decoded.resampled(width: 24, height: 24 * decoded.height / max(1, decoded.width))
            }
            picture(url, priority: .low, decode: decode) { send, result in send(.avatarLoaded(url, try? result.get())) }
        }
    }

    /// Gallery thumbnails, fitted to a grid cell's thumbnail.
    func thumbnails(_ photos: [(PhotoID, URL)]) {
        for (id, url) in photos {
            let decode: @Sendable (Data) throws -> RGBImage = {
                try ImageDecoder.decode(
                    $0, fittingColumns: GalleryLayout.thumbnailColumns, rows: GalleryLayout.thumbnailRows)
            }
            picture(url, priority: .low, decode: decode) { send, result in
                send(.thumbnailLoaded(id, try? result.get()))
            }
        }
    }

    /// A photo's detail, fitted to `area`; its failure is said on screen.
    func detail(_ id: PhotoID, url: URL, area: (columns: Int, rows: Int)) {
        let decode: @Sendable (Data) throws -> RGBImage = {
            try ImageDecoder.decode($0, fittingColumns: area.columns, rows: area.rows)
        }
        picture(url, priority: .high, decode: decode) { send, result in
            send(.detailLoaded(id, result.mapError { MediaFailure(String(describing: $0)) }))
        }
    }

    /// The one loader of pictures that are not viewer media (avatars, thumbnails, a detail):
    /// fetched at `priority`, decoded by `decode` on the decoding queue for that priority, and
    /// answered with the result, success or failure.
    private func picture(
        _ url: URL, priority: ImagePriority, decode: @escaping @Sendable (Data) throws -> RGBImage,
        answer: @escaping @Sendable (@Sendable (AppMessage) -> Void, Result<RGBImage, any Error>) -> Void
    ) {
        let (load, send) = (self.load, self.send)
        let queue = priority == .high ? Self.decodingNow : Self.decodingLater
        pictureTasks.removeAll { $0.isCancelled }
        pictureTasks.append(
            Task.detached(priority: priority == .high ? .userInitiated : .utility) {
                do {
                    let data = try await load(url, priority)
                    answer(send, .success(try await queue.run { try decode(data) }))
                } catch {
                    answer(send, .failure(error))
                }
            })
    }

    func media(_ item: StoryItem, priority: ImagePriority, area: (columns: Int, rows: Int)) {
        let url: URL?
        switch item.media {
        case .image(let image): url = image
        case .video(_, _, let poster): url = poster
        }
        if priority == .high {
            shown.insert(item.id)
            // The "no stalls" bench counts these: an item shown before its media was decoded.
            logger.info("media wait", metadata: ["item": "\(item.id.rawValue)"])
        }
        let cells = ScreenSize(columns: area.columns, rows: area.rows)
        if let running = inFlight[item.id], running.area != cells {
            running.task.cancel()  // decoding for a size the screen no longer has
            inFlight[item.id] = nil
        }
        if let running = inFlight[item.id] {
            if priority == .high, running.priority == .low, let url {
                inFlight[item.id]?.priority = .high
                let load = self.load
                Task { _ = try? await load(url, .high) }  // the pipeline shares the download and raises it
            }
            return
        }
        let load = self.load
        let send = self.send
        let id = item.id
        let pixelSize = item.pixelSize
        let task = Task.detached(priority: priority == .high ? .userInitiated : .utility) {
            guard let url else {
                send(.mediaLoaded(id, .success(DecodedMedia(image: nil, pixelSize: pixelSize, area: cells))))
                return
            }
            do {
                let data = try await load(url, priority)
                try Task.checkCancellation()
                let queue = priority == .high ? MediaLoads.decodingNow : MediaLoads.decodingLater
                let image = try await queue.run {
                    try ImageDecoder.decode(data, fittingColumns: area.columns, rows: area.rows)
                }
                send(.mediaLoaded(id, .success(DecodedMedia(image: image, pixelSize: pixelSize, area: cells))))
            } catch is CancellationError {
                return
            } catch {
                send(.mediaLoaded(id, .failure(MediaFailure(String(describing: error)))))
            }
        }
        inFlight[item.id] = (task, priority, .now, cells)
    }

    /// The item's load answered (called from the loop before the message is applied).
    func finished(_ item: StoryItemID) {
        guard let running = inFlight.removeValue(forKey: item) else { return }
        if shown.remove(item) != nil {
            logger.info(
                "media ready",
                metadata: ["item": "\(item.rawValue)", "after": "\(ContinuousClock.now - running.started)"])
        }
    }

    /// Decoding takes milliseconds to tens of them a picture: it runs on two queues of its own
    /// (what is on screen now, and what is ahead), never on the cooperative pool, whose two
    /// threads run the screen's loop and ticks.
    static let decodingNow = BlockingQueue(label: "stories.decode.shown")
    static let decodingLater = BlockingQueue(label: "stories.decode.ahead")

    func cancelAll() {
        for running in inFlight.values { running.task.cancel() }
        for task in pictureTasks { task.cancel() }
    }
}
