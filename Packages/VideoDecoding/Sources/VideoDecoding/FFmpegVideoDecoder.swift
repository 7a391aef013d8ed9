public import Foundation
import StoryBase
import StoryInterfaces
import Synchronization

/// Decodes videos with the `ffmpeg` program (Debian's 5.1: H.264, VP9, MP4, WebM and many more)
/// and reads their size and length with `ffprobe`: the frames come scaled and at a steady rate
/// as raw RGB on a pipe, so nothing of FFmpeg is linked and a machine without it still builds
/// and runs (the error says what to install). Stopping a stream ends the process at once.
public struct FFmpegVideoDecoder: Sendable {
    /// The folders searched for the tools (the PATH).
    public var searchPath: [String]
    /// How long a stream's decoder may give nothing (a probe: as long as a first frame), unless
    /// a call says otherwise.
    public var deadlines: Deadlines

    /// A decoder finding its tools on `environment`'s PATH, keeping `deadlines`.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, deadlines: Deadlines = .standard
    ) {
        searchPath = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        self.deadlines = deadlines
    }

    /// Whether `ffmpeg` (what playing needs) is on the search path.
    public var isAvailable: Bool { (try? tool("ffmpeg")) != nil }

    /// The tool's path, or `toolMissing`.
    func tool(_ name: String) throws(VideoDecodeError) -> String {
        for folder in searchPath where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
            return folder + "/" + name
        }
        throw .toolMissing(name)
    }

    /// The most pixels a clip's frames may have (4K UHD, 3840×2160): a story's clip is a
    /// phone's, and a crafted 16000×16000 one would cost ffmpeg 1.2 GB. ffmpeg's decoder
    /// refuses larger frames before allocating them (`-max_pixels`).
    public static let maximumPixels = 3840 * 2160

    /// `ffmpeg` processes of this process's decoders asked for and not yet waited for (started,
    /// or waiting for one of the ``maximumProcesses`` slots): what a caller bounds (the viewer:
    /// the prefetch rule's decoders, never more).
    public static var running: Int { runningCount.load(ordering: .relaxed) }
    static let runningCount = Atomic(0)

    /// The most `ffmpeg` and `ffprobe` processes of this process at once, from before each is
    /// started until it has been reaped, whoever asks: more wait their turn (cancellable).
    public static let maximumProcesses = 4

    /// Processes started now and not yet reaped (at most ``maximumProcesses``).
    public static var processes: Int { slots.taken }

    /// How long the decoder may give nothing: its first frame (opening and probing the clip),
    /// and each next one. A decoder that misses either is killed and the stream fails
    /// (``VideoDecodeError/stalled(_:)``). Time its reader keeps it waiting does not count.
    public struct Deadlines: Hashable, Sendable {
        /// For the first frame.
        public var firstFrame: Duration
        /// For each frame after it.
        public var nextFrame: Duration
        /// Ten seconds for the first frame, five for each next (a story's clip decodes in
        /// real time many times over; a busy machine keeps well within).
        public static let standard = Deadlines(firstFrame: .seconds(10), nextFrame: .seconds(5))
        /// Deadlines of these lengths.
        public init(firstFrame: Duration, nextFrame: Duration) {
            self.firstFrame = firstFrame
            self.nextFrame = nextFrame
        }
    }

    /// The size, length and frame rate of `file`'s first video stream; ffprobe is stopped after
    /// `limit` (nil: the decoder's first-frame deadline).
    public func probe(_ file: URL, limit: Duration? = nil) async throws -> VideoInfo {
        let limit = limit ?? deadlines.firstFrame
        let ffprobe = try tool("ffprobe")
        let (descriptor, container) = try Self.openClip(file)
        defer { close(descriptor) }
        let result = try await Self.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=width,height,r_frame_rate,duration:format=duration", "-of", "json",
            ] + Self.input(container), input: descriptor, limit: limit)
        guard result.status == 0 else { throw VideoDecodeError.described(result.stderr) }
        struct Probe: Decodable {
            struct Stream: Decodable {
                var width: Int?
                var height: Int?
                var frameRate: String?
                var duration: String?
                enum CodingKeys: String, CodingKey {
                    case width, height, duration
                    case frameRate = "r_frame_rate"
                }
            }
            struct Format: Decodable { var duration: String? }
            var streams: [Stream]?
            var format: Format?
        }
        let probe = try JSONDecoder().decode(Probe.self, from: result.stdout)
        guard let stream = probe.streams?.first, let width = stream.width, let height = stream.height else {
            throw VideoDecodeError.noVideo
        }
        guard width * height <= Self.maximumPixels else {
            throw VideoDecodeError.tooLarge(width: width, height: height)
        }
        let seconds = Double(stream.duration ?? probe.format?.duration ?? "") ?? 0
        let rate = (stream.frameRate ?? "0/1").split(separator: "/").compactMap { Double($0) }
        return VideoInfo(
            width: width, height: height, duration: .milliseconds(Int((seconds * 1000).rounded())),
            frameRate: rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : 0)
    }

    static let slots = ProcessSlots(limit: maximumProcesses)

    /// `file`'s frames fitted inside `width × height` (aspect kept, area-averaged, as the
    /// pictures are; each frame says its size) at `frameRate` frames a second from 0 (a slower
    /// clip's frames repeated), at most `limit` of them by time. The stream ends after the
    /// last frame, or throws ``VideoDecodeError`` when the file cannot be read to its end or
    /// the decoder misses a deadline; stopping to read it (or cancelling, or
    /// ``VideoFrames/stop()``) ends the `ffmpeg` process at once. One process per stream; no
    /// probe first. The file must start as an MP4 or a Matroska/WebM file does, and is read
    /// as that only (``input(_:_:)``).
    public func frames(
        _ file: URL, fittingWidth width: Int, height: Int, frameRate: Double, limit: Duration? = nil,
        deadlines: Deadlines? = nil, loopsAsTheFileSays: Bool = true
    ) -> VideoFrames {
        let deadlines = deadlines ?? self.deadlines
        let (stream, continuation) = AsyncThrowingStream<VideoFrame, any Error>.makeStream()
        let stopper = Stopper()
        // Four frames may wait decoded; the reader takes a credit per frame and the iterator
        // gives one back per frame read, so a slow reader holds the decoder back (its pipe
        // fills and ffmpeg waits: no polling, no thread).
        let credits = Credits(4)
        let frames = VideoFrames(stream: stream, stopper: stopper, credits: credits)
        // Where libwebp is, a WebP needs no ffmpeg: the tool is asked for once the file says.
        let ffmpegTool = Result { () throws(VideoDecodeError) in try tool("ffmpeg") }
        let webp = WebPLibrary.shared
        if webp == nil, case .failure(let error) = ffmpegTool {
            continuation.finish(throwing: error)
            return frames
        }
        var arguments = ["-an", "-sn", "-dn"]
        if let limit {
            arguments += [
                "-t",
                String(format: "%.3f", Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18),
            ]
        }
        // Scaled first (only the clip's own frames), then repeated to the rate; one binary PPM a
        // frame, so each carries its size. One decoding thread and one filtering thread
        // (`-filter_threads 1` below; ffmpeg starts one a core otherwise): a story's clip is
        // small, and threads cost more than they give at these sizes (measured: Scripts/bench
        // video cpu; the filter threads were a tenth of ffmpeg's CPU, the frames identical).
        // A WebP (a still to FFmpeg 5.1) has no timestamp the fps filter keeps: it is one frame.
        func output(_ container: VideoContainer) -> [String] {
            [
                "-vf",
                "scale=w=\(max(1, width)):h=\(max(1, height)):force_original_aspect_ratio=decrease:flags=area"
                    + (container == .webp ? "" : ",fps=\(frameRate)"),  // without libwebp
                "-f", "image2pipe", "-c:v", "ppm", "pipe:1",
            ]
        }
        continuation.onTermination = { _ in
            stopper.stop()
            credits.close()  // a decoder waiting for a credit sees the end
        }
        let before =
            ["-nostdin", "-v", "error", "-threads", "1", "-filter_threads", "1"]
            + Self.decoderOptions(fittingWidth: width, height: height)
        // Counted from now (the call), so a caller checking ``running`` before starting one
        // sees it at once; until the process has been waited for.
        Self.runningCount.add(1, ordering: .relaxed)
        let task = Task.detached(executorPreference: DecoderThreads.shared) {
            defer { Self.runningCount.subtract(1, ordering: .relaxed) }
            // A file that is no clip (a FIFO, a folder, not a video) is refused at once, whatever
            // the queue for slots (the look never blocks).
            do { close(try Self.openClip(file).descriptor) } catch {
                stopper.exited()
                // Without ffmpeg, that is what to fix first (only a WebP plays without it).
                if case .failure(let missing) = ffmpegTool { return continuation.finish(throwing: missing) }
                continuation.finish(throwing: error)
                return
            }
            // Then a slot (a decoder stopped while it waits starts nothing), the deadline, and
            // the file opened again and checked again: the one ffmpeg is handed.
            guard await Self.slots.enter() else {
                stopper.exited()  // its watchdog too
                return continuation.finish()
            }
            defer { Self.slots.leave() }
            let reading = FrameReading(frameRate: frameRate)
            stopper.expect(within: deadlines.firstFrame)
            let clip: (descriptor: Int32, container: VideoContainer)
            do { clip = try Self.openClip(file) } catch {
                stopper.exited()
                continuation.finish(throwing: error)
                return
            }
            defer { close(clip.descriptor) }
            if clip.container == .webp, let webp {
                var sent = 0
                do {
                    try await Self.webpFrames(
                        file, library: webp, fittingWidth: width, height: height, frameRate: frameRate, limit: limit,
                        looping: loopsAsTheFileSays
                    ) { frame in
                        stopper.received()
                        guard await credits.take(), !stopper.isStopped, case .enqueued = continuation.yield(frame)
                        else { return false }
                        sent += 1
                        stopper.expect(within: deadlines.nextFrame)
                        return true
                    }
                    let stalled = stopper.stalled
                    stopper.exited()
                    if let stalled {
                        continuation.finish(throwing: VideoDecodeError.stalled(stalled, framesBefore: sent))
                    } else {
                        continuation.finish()
                    }
                } catch {
                    stopper.exited()
                    continuation.finish(throwing: error)
                }
                return
            }
            let ffmpeg: String
            switch ffmpegTool {
            case .success(let path): ffmpeg = path
            case .failure(let error):
                stopper.exited()
                return continuation.finish(throwing: error)
            }
            let all =
                before + Self.input(clip.container, looping: loopsAsTheFileSays) + arguments + output(clip.container)
            var ending: ChildProcess.Ending? = nil
            do {
                ending = try await ChildProcess.run(ffmpeg, all, input: clip.descriptor) { bytes in
                    for picture in reading.append(bytes) {
                        stopper.received()
                        // Waits while the reader is four frames behind; a reader gone ends it.
                        guard await credits.take(), !stopper.isStopped,
                            case .enqueued = continuation.yield(picture)
                        else { throw CancellationError() }
                        stopper.expect(within: deadlines.nextFrame)
                    }
                    // Output that is not PPM is not kept growing: the stream ends there.
                    if reading.isBroken { throw CancellationError() }
                }
            } catch is CancellationError {
            } catch let error as VideoDecodeError {
                ending = nil
                stopper.exited()
                continuation.finish(throwing: error)
                return
            } catch {
                // The tool could not be started (swift-subprocess says why): this item fails.
                stopper.exited()
                continuation.finish(throwing: VideoDecodeError.notStarted(ffmpeg, error))
                return
            }
            let stalled = stopper.stalled
            stopper.exited()
            if let stalled {
                continuation.finish(throwing: VideoDecodeError.stalled(stalled, framesBefore: reading.count))
            } else if let ending, let code = ending.exitCode, code != 0 {
                continuation.finish(throwing: VideoDecodeError.described(ending.errors.firstLine()))
            } else {
                continuation.finish()
            }
        }
        stopper.watch(task)
        return frames
    }
}
