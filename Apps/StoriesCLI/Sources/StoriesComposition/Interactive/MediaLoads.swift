import Foundation
import Logging
import StoriesScreens
import StoryInterfaces
import StoryTerminal

/// Media and avatar loads: fetched through the image loader, decoded off the loop, sent
/// back as messages. One load per item at a time; a prefetch already under way is raised
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
    private var avatarTasks: [Task<Void, Never>] = []

    init(
        load: @escaping @Sendable (URL, ImagePriority) async throws -> Data, logger: Logger,
        send: @escaping @Sendable (AppMessage) -> Void
    ) {
        self.load = load
        self.logger = logger
        self.send = send
    }

    func avatars(_ urls: [URL]) {
        let load = self.load
        let send = self.send
        avatarTasks.removeAll { $0.isCancelled }
        for url in urls {
            avatarTasks.append(
                Task.detached(priority: .utility) {
                    guard let image = try? await load(url, .low) else { return send(.avatarLoaded(url, nil)) }
                    let decoded = try? await MediaLoads.decodingLater.run {
                        let decoded = try ImageDecoder.decode(image, covering: 48, 48)
                        return decoded.resampled(width: 24, height: 24 * decoded.height / max(1, decoded.width))
                    }
                    send(.avatarLoaded(url, decoded))
                })
        }
    }

    func thumbnails(_ photos: [(PhotoID, URL)]) {
        let load = self.load
        let send = self.send
        avatarTasks.removeAll { $0.isCancelled }
        for (id, url) in photos {
            avatarTasks.append(
                Task.detached(priority: .utility) {
                    guard let data = try? await load(url, .low) else { return send(.thumbnailLoaded(id, nil)) }
                    let image = try? await MediaLoads.decodingLater.run {
                        try MediaLoads.decodeFitted(
                            data, columns: GalleryLayout.thumbnailColumns, rows: GalleryLayout.thumbnailRows)
                    }
                    send(.thumbnailLoaded(id, image))
                })
        }
    }

    func detail(_ id: PhotoID, url: URL, area: (columns: Int, rows: Int)) {
        let load = self.load
        let send = self.send
        avatarTasks.append(
            Task.detached(priority: .userInitiated) {
                do {
                    let data = try await load(url, .high)
                    let image = try await MediaLoads.decodingNow.run {
                        try MediaLoads.decodeFitted(data, columns: area.columns, rows: area.rows)
                    }
                    send(.detailLoaded(id, .success(image)))
                } catch {
                    send(.detailLoaded(id, .failure(MediaFailure(String(describing: error)))))
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
                    try MediaLoads.decodeFitted(data, columns: area.columns, rows: area.rows)
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

    /// An image decoded (at libjpeg's smallest covering scale) and scaled to the size it takes
    /// in `columns × rows` cells, aspect kept, so the view draws it without scaling again.
    static func decodeFitted(_ data: Data, columns: Int, rows: Int) throws -> RGBImage {
        let decoded = try ImageDecoder.decode(data, covering: columns, rows * 2)
        let fitted = ImageCells.fittedSize(width: decoded.width, height: decoded.height, columns: columns, rows: rows)
        return decoded.resampled(width: fitted.width, height: fitted.height)
    }

    func cancelAll() {
        for running in inFlight.values { running.task.cancel() }
        for task in avatarTasks { task.cancel() }
    }
}
