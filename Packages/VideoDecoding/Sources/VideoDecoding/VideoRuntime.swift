public import Foundation
import StoryBase
public import StoryInterfaces
import Synchronization

/// The video role (`VideoPlaying`) with `ffmpeg`: clips fetched and kept for this run
/// (``ClipFiles``), decoders started ahead and held after their first frame (``HeldDecoders``),
/// at most ``maximumDecoders`` at once, and one playback at a time paced by ``VideoPlayback``.
/// Playing another clip, stopping or shutting down stops the one before at once, killing its
/// decoder.
public final class VideoRuntime: VideoPlaying {
    /// The most `ffmpeg` decoders at once: those held after their first frame (the shown
    /// item's and its prefetch neighbours') and the one playing.
    public static let maximumDecoders = HeldDecoders.limit + 1

    private let decoder: FFmpegVideoDecoder
    private let clips: ClipFiles
    private let held = HeldDecoders()
    private let current = Mutex<Playing?>(nil)
    /// Held while a preparation checks the count of decoders and starts one.
    private let starting = Mutex(())

    private struct Playing {
        var playback: VideoPlayback
        var events: @Sendable (VideoPlaybackEvent) -> Void
    }

    /// A runtime decoding with `decoder`; `locate` gives the file a clip URL names on this
    /// machine (nil: a URL to download; throwing: a file that should be here and is not),
    /// `download` a download's bytes. Downloads are kept in a private folder for this run,
    /// under `environment`'s `XDG_RUNTIME_DIR` when it is the user's, else `TMPDIR`.
    public init(
        decoder: FFmpegVideoDecoder = FFmpegVideoDecoder(),
        locate: @escaping @Sendable (URL) throws -> URL?,
        download: @escaping @Sendable (URL, ImagePriority) async throws -> Data,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.decoder = decoder
        clips = ClipFiles(locate: locate, download: download, environment: environment)
    }

    /// Fetches the clip, starts its decoder when one may run and reads its first frame; a
    /// JPEG or PNG "clip" (a document that marks a photo as a video) is a picture, no decoder
    /// started; without `ffmpeg`, ``VideoPreparation/unavailable(_:)``.
    public func prepare(_ item: StoryItemID, clip: URL, box: VideoBox, priority: ImagePriority) async throws
        -> VideoPreparation
    {
        do {
            let file = try await clips.file(for: clip, priority: priority)
            try Task.checkCancellation()
            if try await Self.isPicture(file) { return .picture(file) }
            let video = PreparedVideo(file: file, box: box)
            let frames = try await startDecoder { self.frames(video) }
            let first: VideoFrame?
            do { first = try await frames.first() } catch {
                frames.stop()
                throw error
            }
            guard let first, !Task.isCancelled else {
                frames.stop()
                try Task.checkCancellation()
                throw VideoDecodeError.noVideo
            }
            held.hold(frames, for: item, video: video)
            return .video(video, first: Self.picture(first))
        } catch let error as CancellationError {
            throw error
        } catch VideoDecodeError.toolMissing(let tool) {
            return .unavailable(VideoDecodeError.toolMissing(tool).description)
        } catch let failure as VideoFailure {
            throw failure
        } catch {
            throw VideoFailure(String(describing: error))
        }
    }

    /// The first picture of `clip` (fetched as a clip is), its decoder stopped at once: a
    /// gallery's GIF or WebP. Nil without ffmpeg or a picture.
    public func firstPicture(of clip: URL, box: VideoBox) async throws -> VideoPicture? {
        let file = try await clips.file(for: clip, priority: .low)
        let frames = try await startDecoder {
            decoder.frames(file, fittingWidth: box.width, height: box.height, frameRate: box.frameRate)
        }
        defer { frames.stop() }
        do {
            return try await frames.first().map(Self.picture)
        } catch VideoDecodeError.toolMissing {
            return nil
        }
    }

    /// Asks for a download of `clip` under way again at high priority.
    public func raise(_ clip: URL) { clips.raise(clip) }

    /// Plays from the decoder held since the first frame was shown when there is one, else
    /// from a new one (a revisit plays from the start).
    public func play(
        _ item: StoryItemID, _ video: PreparedVideo, events: @escaping @Sendable (VideoPlaybackEvent) -> Void
    ) {
        let frames =
            held.take(item, video: video)
            ?? {
                // Room first: a decoder held for an item passed by stops, rather than this one
                // waiting for a slot behind it.
                // (A stopped decoder counts until reaped: stop as many as are over, no more.)
                var over = FFmpegVideoDecoder.running - Self.maximumDecoders + 1
                while over > 0, held.stopOldest() { over -= 1 }
                return self.frames(video)
            }()
        let playback = VideoPlayback(frames) { event in
            switch event {
            case .frame(let frame): events(.frame(Self.picture(frame)))
            case .ended(let statistics): events(.ended(statistics))
            case .failed(let reason): events(.failed(reason))
            }
        }
        let before = current.withLock { current in
            defer { current = Playing(playback: playback, events: events) }
            return current
        }
        finish(before)
    }

    /// Holds the playing picture.
    public func pause() { current.withLock { $0?.playback.pause() } }

    /// Continues from the picture held.
    public func resume() { current.withLock { $0?.playback.resume() } }

    /// Stops the playback and its decoder; its handler gets `.stopped`.
    public func stop() {
        finish(
            current.withLock { current in
                defer { current = nil }
                return current
            })
    }

    /// Stops the playback and every held decoder, and removes this run's clip files.
    public func shutDown() {
        stop()
        held.stopAll()
        clips.removeAll()
    }

    private func finish(_ stopped: Playing?) {
        guard let stopped else { return }
        stopped.playback.stop()
        stopped.events(.stopped(stopped.playback.statistics))
    }

    private func frames(_ video: PreparedVideo) -> VideoFrames {
        decoder.frames(
            video.file, fittingWidth: video.box.width, height: video.box.height, frameRate: video.box.frameRate,
            limit: StoryItem.maximumVideoDuration)
    }

    /// Starts a decoder with `start` when one may run: at once under ``maximumDecoders``, else
    /// once the decoder held longest is stopped (or one ends). The check and the start are one
    /// step for every preparation. Cancellable while it waits.
    private func startDecoder(_ start: () -> VideoFrames) async throws -> VideoFrames {
        while true {
            if let frames = starting.withLock({ _ -> VideoFrames? in
                FFmpegVideoDecoder.running < Self.maximumDecoders ? start() : nil
            }) {
                return frames
            }
            if !held.stopOldest() { try await Task.sleep(for: .milliseconds(20)) }
            try await Task.sleep(for: .milliseconds(5))  // the stopped one to be waited for
        }
    }

    /// Whether `file` starts as a still picture (JPEG, a PNG that is not animated) rather than
    /// a video or an animation (GIF, WebP, APNG: FFmpeg decodes them, stills included).
    private static func isPicture(_ file: URL) async throws -> Bool {
        try await OwnThread.run { () throws(BoundedFileError) in
            let head = try BoundedFile.head(of: file.path, count: 4096)  // a FIFO is refused, not waited on
            return MediaFormat.moves(head) == false
        }
    }

    private static func picture(_ frame: VideoFrame) -> VideoPicture {
        VideoPicture(width: frame.width, height: frame.height, pixels: frame.pixels, time: frame.time)
    }
}
