import Foundation
import Logging
import StoriesScreens
import StoryInterfaces
import StoryTerminal
import Synchronization
import VideoDecoding

/// The viewer's one video player: plays a clip's frames (decoded by `ffmpeg`, paced by
/// ``VideoPlayback``) and sends each as ``AppMessage/videoFrame(_:_:at:)``, continuing the
/// decoder held since its first frame was shown when there is one (``PreparedVideos``), else
/// starting one (a revisit plays from the start). Playing another clip, stopping or the end of
/// the app stops the one before at once, killing its decoder.
final class VideoPlayer: Sendable {
    private let decoder: FFmpegVideoDecoder
    private let prepared: PreparedVideos
    private let logger: Logger
    private let send: @Sendable (AppMessage) -> Void
    private let current = Mutex<(item: StoryItemID, playback: VideoPlayback)?>(nil)

    init(
        decoder: FFmpegVideoDecoder, prepared: PreparedVideos, logger: Logger,
        send: @escaping @Sendable (AppMessage) -> Void
    ) {
        self.decoder = decoder
        self.prepared = prepared
        self.logger = logger
        self.send = send
    }

    /// Plays `video` from its start (cut at 60 s), for `item`.
    func play(_ item: StoryItemID, _ video: PlayableVideo) {
        let frames =
            prepared.take(item, video: video)
            ?? decoder.frames(
                video.file, fittingWidth: video.width, height: video.height, frameRate: video.frameRate,
                limit: StoryItem.maximumVideoDuration)
        let (send, logger) = (self.send, self.logger)
        let started = ContinuousClock.now
        let first = OnceFlag()
        let playback = VideoPlayback(frames) { event in
            switch event {
            case .frame(let frame):
                if first.now() {
                    logger.info(
                        "playback started", metadata: ["item": "\(item.rawValue)", "after": "\(.now - started)"])
                }
                let image = RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels)
                send(.videoFrame(item, image, at: frame.time))
            case .ended(let statistics):
                logger.info("playback ended", metadata: Self.metadata(item, statistics))
                send(.videoEnded(item))
            case .failed(let reason):
                logger.warning("playback failed", metadata: ["item": "\(item.rawValue)", "error": "\(reason)"])
                send(.videoFailed(item, reason))
            }
        }
        let before = current.withLock { current in
            defer { current = (item, playback) }
            return current
        }
        finish(before)
    }

    /// Holds the frame on screen.
    func pause() { current.withLock { $0?.playback.pause() } }

    /// Continues from the frame held.
    func resume() { current.withLock { $0?.playback.resume() } }

    /// Stops the playback and its decoder.
    func stop() {
        finish(
            current.withLock { current in
                defer { current = nil }
                return current
            })
    }

    private func finish(_ stopped: (item: StoryItemID, playback: VideoPlayback)?) {
        guard let stopped else { return }
        stopped.playback.stop()
        logger.info("playback stopped", metadata: Self.metadata(stopped.item, stopped.playback.statistics))
    }

    /// A playback's figures for the log (the bench reads them).
    static func metadata(_ item: StoryItemID, _ statistics: VideoPlayback.Statistics) -> Logger.Metadata {
        [
            "item": "\(item.rawValue)", "shown": "\(statistics.shown)", "late": "\(statistics.late)",
            "missed": "\(statistics.missed)",
        ]
    }
}

/// True the first time it is asked, false after.
final class OnceFlag: Sendable {
    private let asked = Mutex(false)
    func now() -> Bool {
        asked.withLock { asked in
            defer { asked = true }
            return !asked
        }
    }
}
