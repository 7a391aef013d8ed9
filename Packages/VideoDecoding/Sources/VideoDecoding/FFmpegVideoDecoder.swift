public import Foundation

/// Decodes videos with the `ffmpeg` program (Debian's 5.1: H.264, VP9, MP4, WebM and many more)
/// and reads their size and length with `ffprobe`: the frames come scaled and at a steady rate
/// as raw RGB on a pipe, so nothing of FFmpeg is linked and a machine without it still builds
/// and runs (the error says what to install). Stopping a stream ends the process at once.
public struct FFmpegVideoDecoder: Sendable {
    /// The folders searched for the tools (the PATH).
    public var searchPath: [String]

    /// A decoder finding its tools on `environment`'s PATH.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        searchPath = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
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

    /// The size, length and frame rate of `file`'s first video stream.
    public func probe(_ file: URL) async throws -> VideoInfo {
        let ffprobe = try tool("ffprobe")
        let result = try await Self.run(
            ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=width,height,r_frame_rate,duration:format=duration", "-of", "json", file.path,
            ])
        guard result.status == 0 else { throw VideoDecodeError.unreadable(Self.firstLine(result.stderr)) }
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
        let seconds = Double(stream.duration ?? probe.format?.duration ?? "") ?? 0
        let rate = (stream.frameRate ?? "0/1").split(separator: "/").compactMap { Double($0) }
        return VideoInfo(
            width: width, height: height, duration: .milliseconds(Int((seconds * 1000).rounded())),
            frameRate: rate.count == 2 && rate[1] > 0 ? rate[0] / rate[1] : 0)
    }

    /// `file`'s frames fitted inside `width × height` (aspect kept, area-averaged, as the
    /// pictures are; each frame says its size) at `frameRate` frames a second from 0 (a slower
    /// clip's frames repeated), at most `limit` of them by time. The stream ends after the
    /// last frame, or throws ``VideoDecodeError`` when the file cannot be read to its end;
    /// stopping to read it (or cancelling, or ``VideoFrames/stop()``) ends the `ffmpeg`
    /// process at once. One process per stream; no probe first.
    public func frames(
        _ file: URL, fittingWidth width: Int, height: Int, frameRate: Double, limit: Duration? = nil
    ) -> VideoFrames {
        let (stream, continuation) = AsyncThrowingStream<VideoFrame, any Error>.makeStream()
        let stopper = Stopper()
        // Four frames may wait decoded; the reader takes a credit per frame and the iterator
        // gives one back per frame read, so a slow reader holds the decoder back (no polling).
        // (Made at 0 and given its four: libdispatch traps when a semaphore goes while below
        // the value it was made with, as this one may when playback stops mid-clip.)
        let credits = DispatchSemaphore(value: 0)
        for _ in 0..<4 { credits.signal() }
        let frames = VideoFrames(stream: stream, stopper: stopper, credits: credits)
        let ffmpeg: String
        do { ffmpeg = try tool("ffmpeg") } catch {
            continuation.finish(throwing: error)
            return frames
        }
        var arguments = ["-nostdin", "-v", "error", "-threads", "1", "-i", file.path, "-an", "-sn", "-dn"]
        if let limit {
            arguments += [
                "-t",
                String(format: "%.3f", Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18),
            ]
        }
        // Scaled first (only the clip's own frames), then repeated to the rate; one binary PPM a
        // frame, so each carries its size. One decoding thread: a story's clip is small, and
        // threads cost more than they give at these sizes (measured: Scripts/bench video cpu).
        arguments += [
            "-vf",
            "scale=w=\(max(1, width)):h=\(max(1, height)):force_original_aspect_ratio=decrease:flags=area,"
                + "fps=\(frameRate)",
            "-f", "image2pipe", "-c:v", "ppm", "pipe:1",
        ]
        continuation.onTermination = { _ in
            stopper.stop()
            credits.signal()  // a reader waiting for a credit sees the end
        }
        // Started and read on a thread of its own: starting a process and reading its pipe
        // block, and the caller may be on the cooperative pool (the screen's loop).
        let command = arguments
        let reader = Thread {
            let process: Process
            let output: Pipe
            let errors: Pipe
            do { (process, output, errors) = try Self.launch(ffmpeg, command) } catch {
                continuation.finish(throwing: VideoDecodeError.toolMissing("ffmpeg"))
                return
            }
            stopper.watch(process)  // stopped already: ended at once
            let handle = output.fileHandleForReading
            var pictures = PPMFrameReader(handle)
            var index = 0
            while let picture = pictures.next() {
                let frame = VideoFrame(
                    index: index, time: .microseconds(Int((Double(index) / frameRate * 1_000_000).rounded())),
                    width: picture.width, height: picture.height, pixels: picture.pixels)
                index += 1
                // Waits while the reader is four frames behind, so decoding never runs far
                // ahead; a reader gone ends the loop (and onTermination the process).
                credits.wait()
                if stopper.isStopped { break }
                if case .terminated = continuation.yield(frame) { break }
            }
            try? handle.close()  // a decoder still writing gets SIGPIPE
            process.waitUntilExit()
            stopper.exited()
            let stderr = errors.fileHandleForReading.readDataToEndOfFile()
            if process.terminationReason == .exit, process.terminationStatus != 0 {
                continuation.finish(throwing: VideoDecodeError.unreadable(Self.firstLine(stderr)))
            } else {
                continuation.finish()
            }
        }
        reader.start()
        return frames
    }

    /// The first line of a tool's error output (or a word for none).
    static func firstLine(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.split(separator: "\n").first.map(String.init) ?? "the decoder stopped without saying why"
    }

    /// Starts a tool with no input, its output and errors on pipes.
    static func launch(_ path: String, _ arguments: [String]) throws -> (Process, output: Pipe, errors: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output, errors)
    }

    /// Runs a tool to its end (on a thread of its own: it blocks): status, output and errors.
    static func run(_ path: String, _ arguments: [String]) async throws -> (status: Int32, stdout: Data, stderr: Data) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    let (process, output, errors) = try launch(path, arguments)
                    let stdout = output.fileHandleForReading.readDataToEndOfFile()
                    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: (process.terminationStatus, stdout, stderr))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }
}
