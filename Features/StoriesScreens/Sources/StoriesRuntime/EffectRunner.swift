import FeedPaging
import Foundation
import Logging
import StoriesScreens
import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Synchronization

extension InteractiveLoop {
    /// The edges that exist once the content source is open: the loaders, the store writer,
    /// the two feeds. They carry out the update's effects.
    struct EffectRunner {
        let session: Session
        let logger: Logger
        /// The session's store, its failures and recoveries said on the status line.
        let store: ReportingStore
        let loads: MediaLoads
        /// The video role (one playback at a time).
        let player: any VideoPlaying
        let writer: StoreWriter
        let tray: FeedPaginator<TrayUser, UserID>
        let gallery: FeedPaginator<Photo, PhotoID>
        let thumbnailURL: @Sendable (Photo) -> URL
        /// The cells' pixels in a graphics mode (asked again each time: a resize may change them),
        /// nil with half blocks.
        let cell: (@Sendable () -> CellPixels)?

        /// Carries out one effect (everything but quitting, which ends the loop).
        func perform(
            _ effect: AppEffect, model: AppModel, send: @escaping @Sendable (AppMessage) -> Void,
            tasks: RunningTasks
        ) {
            switch effect {
            case .quit, .suspend, .viewer(.copyToClipboard): break  // the loop's own
            case .tray(.loadAvatars(let urls)): loads.avatars(urls)
            case .viewer(.loadMedia(let item, let priority, let area)):
                loads.media(item, priority: priority, area: area)
            case .viewer(.raiseMedia(let item)): loads.raise(item)
            case .viewer(.playVideo(let item, let video)): play(item, video, send: send)
            case .viewer(.pauseVideo): player.pause()
            case .viewer(.resumeVideo): player.resume()
            case .viewer(.stopVideo): player.stop()
            case .tray(.feed(let request)):
                let tray = self.tray
                tasks.run { await InteractiveLoop.perform(request, on: tray) }
            case .gallery(.feed(let request)):
                let gallery = self.gallery
                tasks.run { await InteractiveLoop.perform(request, on: gallery) }
            case .tray(.openViewer(let stories, let userIndex)):
                let store = self.store
                tasks.run {
                    let items = stories.flatMap(\.items).map(\.id)
                    // A store that cannot answer: no hearts, and the reason on the status line.
                    let liked = (try? await store.likedItems(among: items)) ?? []
                    send(.viewer(.ready(stories: stories, userIndex: userIndex, liked: liked, now: Date())))
                }
            case .tray(.readProgress(let users)):
                let store = self.store
                tasks.run {
                    guard let progress = try? await store.progress(for: users) else { return }
                    send(.tray(.progress(progress)))
                }
            case .tray(.extendViewer(let stories)):
                let store = self.store
                tasks.run {
                    let liked = (try? await store.likedItems(among: stories.flatMap(\.items).map(\.id))) ?? []
                    send(.viewer(.more(stories: stories, liked: liked)))
                }
            case .gallery(.open):
                // The update asks once; the feed is kept afterwards.
                let gallery = self.gallery
                tasks.run {
                    for await snapshot in await gallery.snapshots() { send(.gallery(.feed(snapshot))) }
                }
                tasks.run { await gallery.start() }
            case .gallery(.loadThumbnails(let photos)):
                loads.thumbnails(photos.map { ($0.id, thumbnailURL($0)) })
            case .gallery(.loadDetail(let photo)):
                let rows = GalleryLayout.detailImageRows(rows: model.size.rows)
                loads.detail(
                    photo.id,
                    url: InteractiveLoop.detailURL(
                        session, photo, columns: model.size.columns, rows: rows, cell: cell?()),
                    area: (model.size.columns, rows))
            case .viewer(.markSeen(let item, let user, let index)): writer.write(.seen(item, user: user, index: index))
            case .viewer(.setLiked(let item, let liked)): writer.write(.liked(item, liked))
            case .viewer(.setMuted(let user, let muted)), .tray(.setMuted(let user, let muted)):
                writer.write(.muted(user, muted))
            }
        }

        /// Plays `video`: each picture is a `videoFrame` message, the end `videoEnded`, a failure
        /// `videoFailed`; the log says when it started and how it went (the bench reads it).
        func play(_ item: StoryItemID, _ video: PreparedVideo, send: @escaping @Sendable (AppMessage) -> Void) {
            let logger = self.logger
            let started = ContinuousClock.now
            let first = Mutex(true)
            player.play(item, video) { event in
                switch event {
                case .frame(let frame):
                    if first.withLock({ first in
                        defer { first = false }
                        return first
                    }) {
                        logger.info(
                            "playback started", metadata: ["item": "\(item.rawValue)", "after": "\(.now - started)"])
                    }
                    send(
                        .viewer(
                            .videoFrame(
                                item, RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels),
                                at: frame.time)))
                case .ended(let statistics):
                    logger.info("playback ended", metadata: Self.metadata(item, statistics))
                    send(.viewer(.videoEnded(item)))
                case .failed(let reason):
                    logger.warning("playback failed", metadata: ["item": "\(item.rawValue)", "error": "\(reason)"])
                    send(.viewer(.videoFailed(item, reason)))
                case .stopped(let statistics):
                    logger.info("playback stopped", metadata: Self.metadata(item, statistics))
                }
            }
        }

        /// A playback's figures for the log.
        static func metadata(_ item: StoryItemID, _ statistics: VideoPlaybackStatistics) -> Logger.Metadata {
            [
                "item": "\(item.rawValue)", "shown": "\(statistics.shown)", "late": "\(statistics.late)",
                "missed": "\(statistics.missed)",
            ]
        }
    }

    /// Makes the edges for an open content source and starts the tray's feed (its first page
    /// loads in the background: the loop runs, and q quits, meanwhile).
    func startEffects(
        _ session: Session, cell: (@Sendable () -> CellPixels)?,
        halfBlocks: @escaping @Sendable () -> CellPixels,
        send: @escaping @Sendable (AppMessage) -> Void, tasks: RunningTasks
    ) -> EffectRunner {
        // The window kept behind the last position shown must cover a whole screen (a wide
        // gallery shows a few hundred cells), whatever the page size: bounded, but not tiny.
        let feed = settings.feed
        // Wrap-around belongs to the tray (PRODUCT.md): the gallery shows each photo once (7
        // photos were "35 loaded", each five times).
        var galleryFeed = feed
        galleryFeed.wrap = false
        let behind = max(3 * feed.pageSize, 2 * feed.prefetchDistance, Self.minimumRetained)
        // Every part of the screen uses the store through one ReportingStore, so a failure
        // anywhere shows on the status line and a success anywhere clears it.
        let store = ReportingStore(session.store, describe: session.describe, send: send)
        let videos = makeVideos()
        let runner = EffectRunner(
            session: session, logger: logger, store: store,
            loads: MediaLoads(
                load: session.images, cell: cell,
                // Half blocks take the terminal's real cell shape (10×20 when it does not say).
                halfBlocks: halfBlocks,
                videos: (videos, settings.videoFrameRate),
                logger: logger, send: send),
            player: videos,
            writer: StoreWriter(
                store: store, logger: logger, describe: session.describe, refusedForGood: session.refusedForGood),
            tray: FeedPaginator(
                source: TrayPageFetcher(
                    content: session.content, store: LenientTrayReads(store: store),
                    order: settings.trayOrder),
                configuration: feed, endDetection: .nextPageOnly, retainedBehind: behind),
            gallery: FeedPaginator(
                source: PhotoPageFetcher(catalog: session.photos), configuration: galleryFeed, retainedBehind: behind),
            thumbnailURL: Self.thumbnailURL(session, cell: cell?()), cell: cell)
        let tray = runner.tray
        tasks.run {
            for await snapshot in await tray.snapshots() { send(.tray(.feed(snapshot))) }
        }
        tasks.run { await tray.start() }
        // What the phone (or another terminal, or the sync) changed shows in the open tray:
        // the store's version asked once a second (SQLite's data_version: no read of the data).
        if let versioned = session.store as? any StateVersioned {
            tasks.run {
                var last = try? await versioned.stateVersion()
                while !Task.isCancelled {
                    do { try await Task.sleep(for: Self.stateWatchInterval) } catch { return }
                    let now = try? await versioned.stateVersion()
                    if now != last {
                        last = now
                        send(.tray(.stateChanged))
                    }
                }
            }
        }
        logger.info("interactive app started", metadata: ["source": "\(session.content.sourceName)"])
        return runner
    }
}
