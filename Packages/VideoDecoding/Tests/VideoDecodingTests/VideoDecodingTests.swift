import Foundation
import Testing
import VideoDecoding

/// Clips made for the tests by ffmpeg itself (its test pattern), in a folder of their own.
enum Clips {
    /// Deadlines for tests that are not about them: two minutes. Run beside hundreds of tests
    /// on a machine whose cores are busy, the standard ten seconds for a first frame were
    /// missed by healthy clips (and the clips called damaged).
    static let patient = FFmpegVideoDecoder.Deadlines(firstFrame: .seconds(120), nextFrame: .seconds(120))
    static let decoder = FFmpegVideoDecoder(deadlines: patient)

    /// Why these tests cannot run here (nil: they can).
    static var unavailable: String? {
        (try? decoder.probeTool()) == nil ? "ffmpeg is not installed (apt-get install ffmpeg; Scripts/test does)" : nil
    }

    /// A clip of ffmpeg's test pattern: `seconds` long at `rate` frames a second.
    static func make(
        _ name: String, codec: [String], seconds: Int, rate: Int = 10, size: String = "160x90",
        pattern: String = "testsrc"
    ) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("VideoDecodingTests-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
                "\(pattern)\(pattern.contains("=") ? ":" : "=")size=\(size):rate=\(rate):duration=\(seconds)",
            ]
            + codec + ["-y", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return file
    }

    static let h264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]
    static let vp9 = ["-c:v", "libvpx-vp9", "-b:v", "200k"]
}

extension FFmpegVideoDecoder {
    /// Whether ffmpeg and ffprobe are on the PATH.
    func probeTool() throws {
        for tool in ["ffmpeg", "ffprobe"] {
            guard searchPath.contains(where: { FileManager.default.isExecutableFile(atPath: $0 + "/" + tool) }) else {
                throw VideoDecodeError.toolMissing(tool)
            }
        }
    }
}

@Suite("Video decoding with ffmpeg", .timeLimit(.minutes(10)))
struct VideoDecodingTests {
    @Test(arguments: [("clip.mp4", Clips.h264), ("clip.webm", Clips.vp9)])
    func aClipIsProbedAndDecodedFrameByFrame(name: String, codec: [String]) async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make(name, codec: codec, seconds: 2)
        let info = try await Clips.decoder.probe(clip)
        #expect(info.width == 160 && info.height == 90 && info.frameRate == 10)
        let off = info.duration - .seconds(2)
        #expect(off < .milliseconds(100) && off > .milliseconds(-100), "\(info.duration)")
        var frames: [VideoFrame] = []
        for try await frame in Clips.decoder.frames(clip, fittingWidth: 80, height: 45, frameRate: 10) {
            frames.append(frame)
        }
        #expect(frames.count == 20)
        #expect(frames.map(\.index) == Array(0..<20))
        #expect(frames.map(\.time) == (0..<20).map { Duration.milliseconds(100 * $0) })
        #expect(frames.allSatisfy { $0.width == 80 && $0.height == 45 && $0.pixels.count == 80 * 45 * 3 })
        // The test pattern moves: two frames a second apart differ.
        #expect(frames[0].pixels != frames[10].pixels)
    }

    @Test func framesFitTheBoxTheFirstIsReadAheadAndASlowClipIsRepeatedToTheRate() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("fit.mp4", codec: Clips.h264, seconds: 1)
        // 160×90 into a tall box: as wide as the box, the height kept in proportion.
        let frames = Clips.decoder.frames(clip, fittingWidth: 40, height: 100, frameRate: 20)
        let first = try #require(try await frames.first())
        #expect(first.index == 0 && first.width == 40 && first.height == 23 && first.pixels.count == 40 * 23 * 3)
        var rest: [VideoFrame] = []
        for try await frame in frames { rest.append(frame) }
        // A 10 fps clip at 20 fps: every frame twice, 20 in its second.
        #expect(rest.map(\.index) == Array(1..<20), "continues after the first")
        #expect(rest[0].pixels == first.pixels && rest[1].pixels != first.pixels)
    }

    /// Found in the app: libdispatch traps when the frames' semaphore goes while credits are
    /// taken (playback left mid-clip). Left early many ways, the process lives on.
    @Test func framesLeftEarlyAndDroppedDoNotTrap() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("drop.mp4", codec: Clips.h264, seconds: 3)
        for round in 0..<3 {
            let frames = Clips.decoder.frames(clip, fittingWidth: 16, height: 9, frameRate: 10)
            if round == 0 { _ = try await frames.first() }
            if round == 1 { for try await frame in frames where frame.index == 2 { break } }
            if round == 2 { frames.stop() }
        }
        // The readers end once ffmpeg is gone; give them time to let go of everything.
        try await Task.sleep(for: .seconds(1))
    }

    @Test func stoppingFramesReadAheadEndsTheDecoder() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("stop.mp4", codec: Clips.h264, seconds: 3)
        let frames = Clips.decoder.frames(clip, fittingWidth: 16, height: 9, frameRate: 10)
        _ = try await frames.first()
        frames.stop()
        var after = 0
        do { for try await _ in frames { after += 1 } } catch {}
        #expect(after <= 6, "at most what was decoded ahead: \(after)")
    }

    @Test func aLimitCutsTheVideo() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("long.mp4", codec: Clips.h264, seconds: 3)
        var count = 0
        for try await _ in Clips.decoder.frames(clip, fittingWidth: 16, height: 9, frameRate: 10, limit: .seconds(1)) {
            count += 1
        }
        #expect(count == 10)
    }

    @Test func aTruncatedOrCorruptFileIsACleanError() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("whole.mp4", codec: Clips.h264, seconds: 2)
        let bytes = try Data(contentsOf: clip)
        let truncated = clip.deletingLastPathComponent().appendingPathComponent("truncated.mp4")
        try bytes.prefix(bytes.count / 3).write(to: truncated)
        let corrupt = clip.deletingLastPathComponent().appendingPathComponent("corrupt.mp4")
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: corrupt)
        // Bytes that are no container at all are refused before ffmpeg sees them.
        await #expect(throws: VideoDecodeError.notAVideo) { try await Clips.decoder.probe(corrupt) }
        await #expect(throws: VideoDecodeError.notAVideo) {
            for try await _ in Clips.decoder.frames(corrupt, fittingWidth: 16, height: 9, frameRate: 10) {}
        }
        for file in [truncated] {
            await #expect(throws: VideoDecodeError.self) { try await Clips.decoder.probe(file) }
            var caught: VideoDecodeError? = nil
            do {
                for try await _ in Clips.decoder.frames(file, fittingWidth: 16, height: 9, frameRate: 10) {}
            } catch let error as VideoDecodeError {
                caught = error
            }
            guard case .unreadable(let detail)? = caught else {
                Issue.record("\(file.lastPathComponent): \(String(describing: caught))")
                continue
            }
            #expect(!detail.isEmpty, "ffmpeg's words: \(detail)")
        }
    }

    @Test func withoutFFmpegTheErrorSaysWhatToInstall() async throws {
        let decoder = FFmpegVideoDecoder(environment: ["PATH": "/nonexistent"])
        let file = URL(fileURLWithPath: "/nonexistent/clip.mp4")
        await #expect(throws: VideoDecodeError.toolMissing("ffprobe")) { try await decoder.probe(file) }
        var caught: (any Error)? = nil
        do { for try await _ in decoder.frames(file, fittingWidth: 8, height: 8, frameRate: 10) {} } catch {
            caught = error
        }
        #expect(caught as? VideoDecodeError == .toolMissing("ffmpeg"))
        #expect(String(describing: caught!).contains("apt-get install ffmpeg"))
    }

    @Test func stoppingToReadEndsTheDecoder() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let clip = try Clips.make("stop-\(UUID()).mp4", codec: Clips.h264, seconds: 20, rate: 25)
        var seen = 0
        for try await _ in Clips.decoder.frames(clip, fittingWidth: 160, height: 90, frameRate: 25) {
            seen += 1
            if seen == 3 { break }
        }
        #expect(seen == 3)
        // The process for this file is gone (waited for: ending a process takes a moment).
        var running = true
        for _ in 0..<200 where running {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
            check.arguments = ["-f", clip.lastPathComponent]
            check.standardOutput = FileHandle.nullDevice
            try check.run()
            check.waitUntilExit()
            running = check.terminationStatus == 0
            if running { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(!running, "ffmpeg still decoding after the reader stopped")
    }

    /// Frames fitted into a box of cells are decoded without H.264's deblocking filter; they
    /// stay within a few levels of the filtered ones ffmpeg draws by default (a clip encoded
    /// coarsely, so its block edges are there to smooth), and a large box keeps the filter.
    @Test func smallBoxesSkipDeblockingAndLookTheSame() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        #expect(FFmpegVideoDecoder.deblockingSkippedUpTo == 256)
        let clip = try Clips.make(
            "coarse.mp4", codec: Clips.h264 + ["-crf", "40"], seconds: 1, size: "320x180", pattern: "testsrc2")
        var ours: [UInt8] = []
        for try await frame in Clips.decoder.frames(clip, fittingWidth: 80, height: 45, frameRate: 10) {
            #expect(frame.width == 80 && frame.height == 45)
            ours += frame.pixels
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-i", clip.path, "-vf",
            "scale=w=80:h=45:flags=area,fps=10", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let filtered = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        try #require(filtered.count == ours.count && !ours.isEmpty, "\(filtered.count) vs \(ours.count)")
        let differences = zip(ours, filtered).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 2 && differences.max()! < 48, "mean \(mean), most \(differences.max()!)")
        #expect(ours != filtered, "the filter was skipped")
    }
}
