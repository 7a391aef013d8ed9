import Foundation
import Testing
import VideoDecoding

/// Damaged and crafted clips, and decoders that flood or stall: every one ends in
/// seconds with a clear error, none costs more than its limits.
@Suite("Hostile clips", .timeLimit(.minutes(10)))
struct HostileClipsTests {
    /// Reads every frame; the error that ended them (nil: they ended cleanly), how many came,
    /// and how long it took.
    static func readAll(_ frames: VideoFrames) async -> (error: VideoDecodeError?, count: Int, took: Duration) {
        let start = ContinuousClock.now
        var count = 0
        do {
            for try await _ in frames { count += 1 }
        } catch {
            return (error as? VideoDecodeError, count, .now - start)
        }
        return (nil, count, .now - start)
    }

    /// Whether the decoder was ended by its deadline (a hang), not by what it read: the
    /// verdict, where a wall-clock bound would depend on how busy the machine is.
    static func stalled(_ error: VideoDecodeError?) -> Bool {
        if case .stalled? = error { true } else { false }
    }

    /// A folder holding a fake `ffmpeg` (a shell script), for a decoder searching only there.
    static func fakeFFmpeg(
        _ script: String, deadlines: FFmpegVideoDecoder.Deadlines = Clips.patient
    ) throws -> FFmpegVideoDecoder {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-ffmpeg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tool = folder.appendingPathComponent("ffmpeg")
        try ("#!/bin/sh\n" + script + "\n").write(to: tool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        return FFmpegVideoDecoder(environment: ["PATH": folder.path + ":/usr/bin:/bin"], deadlines: deadlines)
    }

    /// A file that starts as an MP4 does (the fakes never read it).
    static func mp4Head() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("head-\(UUID()).mp4")
        try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 16)).write(to: file)
        return file
    }

    @Test func aClipWhoseMediaIsRandomEndsInSecondsWithAnError() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        // 20 s at 24 fps of 360×640 with its index first; every byte of its media data random:
        // ffmpeg writes ~180 KB of error lines, more than a pipe holds (it once blocked there
        // with the viewer on "Loading…" for good).
        let clip = try Clips.make(
            "random.mp4", codec: Clips.h264 + ["-movflags", "+faststart"], seconds: 20, rate: 24, size: "360x640")
        var bytes = [UInt8](try Data(contentsOf: clip))
        let mdat = try #require(Self.box("mdat", in: bytes))
        var generator = SystemRandomNumberGenerator()
        for index in mdat { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: clip)
        let result = await Self.readAll(Clips.decoder.frames(clip, fittingWidth: 80, height: 80, frameRate: 24))
        // Its decoder's deadlines are two minutes (Clips.patient): it ends by its own error.
        #expect(!Self.stalled(result.error), "ends, not hangs (it once never did): \(result.took)")
        #expect(result.error != nil, "\(result.count) frames, no error")
        if case .unreadable(let detail)? = result.error {
            #expect(!detail.contains(" @ 0x"), "FFmpeg's context prefix is cut: \(detail)")
            #expect(!detail.contains("/dev/stdin"), "the input's name is cut: \(detail)")
        }
    }

    @Test func aDecoderThatFloodsItsErrorOutputStillDeliversItsFrames() async throws {
        // 1 MiB of error lines first (a pipe holds 64 KiB), then one 2×1 frame.
        let decoder = try Self.fakeFFmpeg(
            "head -c 1048576 /dev/zero | tr '\\0' 'e' >&2; printf 'P6\\n2 1\\n255\\n\\377\\0\\0\\0\\377\\0'")
        // Deadlines far off (the fake's): this is about the flood, not speed (a loaded machine
        // once missed 10 s).
        let result = await Self.readAll(decoder.frames(try Self.mp4Head(), fittingWidth: 2, height: 1, frameRate: 10))
        #expect(result.error == nil && result.count == 1, "\(String(describing: result.error)) \(result.count)")
        #expect(!Self.stalled(result.error), "ends, not blocked by its full error pipe: \(result.took)")
    }

    @Test func aDecoderWhoseOutputIsNotPPMEndsTheStreamAndIsNotKeptGrowing() async throws {
        // Endless bytes that are no picture: the reader stops at the first of them (it kept
        // every byte, unbounded, until a deadline killed the decoder). Deadlines far off (the
        // fake's): the stream must end for what it reads.
        let decoder = try Self.fakeFFmpeg("exec yes 'not a picture'")
        let result = await Self.readAll(decoder.frames(try Self.mp4Head(), fittingWidth: 2, height: 1, frameRate: 10))
        #expect(result.count == 0 && !Self.stalled(result.error), "\(result.count) frames in \(result.took)")
    }

    @Test func aDecoderThatGivesNothingIsStoppedAtItsFirstFrameDeadline() async throws {
        let decoder = try Self.fakeFFmpeg("exec sleep 600")
        let frames = decoder.frames(
            try Self.mp4Head(), fittingWidth: 2, height: 1, frameRate: 10,
            deadlines: .init(firstFrame: .seconds(1), nextFrame: .seconds(1)))
        let result = await Self.readAll(frames)
        #expect(result.error == .stalled(.seconds(1), framesBefore: 0), "\(String(describing: result.error))")
        #expect(result.took < .seconds(300), "killed at its deadline, not after its 600 s sleep: \(result.took)")
        #expect(result.error?.description.contains("may be damaged") == true)
    }

    @Test func aDecoderThatStopsMidClipFailsAfterItsFramesAndIsKilled() async throws {
        let marker = "601.\(UInt32.random(in: 100_000...999_999))"  // sleep's seconds, as unique as a name
        let decoder = try Self.fakeFFmpeg(
            "printf 'P6\\n2 1\\n255\\n\\377\\0\\0\\0\\377\\0P6\\n2 1\\n255\\n\\377\\0\\0\\0\\377\\0'; exec sleep \(marker)"
        )
        let frames = decoder.frames(
            try Self.mp4Head(), fittingWidth: 2, height: 1, frameRate: 10,
            deadlines: .init(firstFrame: .seconds(120), nextFrame: .seconds(1)))
        let result = await Self.readAll(frames)
        #expect(result.count == 2)
        #expect(result.error == .stalled(.seconds(1), framesBefore: 2), "\(String(describing: result.error))")
        #expect(result.took < .seconds(300), "killed at its deadline, not after its 600 s sleep: \(result.took)")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        check.arguments = ["-f", "sleep \(marker)"]
        check.standardOutput = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus != 0, "the stalled decoder is gone")
    }

    @Test func aDASHManifestPosingAsAnMP4NeverReachesFFmpeg() async throws {
        // "ftyp" at offset 4, as an MP4's first box: ffmpeg's own probe once read it as DASH
        // and played a local file it named.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dash-\(UUID()).mp4")
        try Data(
            """
            <!--ftypjp2 --><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static"><Period><AdaptationSet>\
            <Representation id="1"><BaseURL>file:///etc/passwd</BaseURL></Representation></AdaptationSet></Period></MPD>
            """.utf8
        ).write(to: file)
        // A decoder that would play anything it is given: it must never be started.
        let decoder = try Self.fakeFFmpeg("printf 'P6\\n2 1\\n255\\n\\377\\0\\0\\0\\377\\0'")
        let result = await Self.readAll(decoder.frames(file, fittingWidth: 2, height: 1, frameRate: 10))
        #expect(result.error == .notAVideo && result.count == 0)
    }

    @Test func ffmpegIsToldTheContainerTheFileProtocolAndThePixelLimitAndHandedTheFileChecked() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("args-\(UUID())")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID())")
        let decoder = try Self.fakeFFmpeg("printf '%s\\n' \"$@\" > '\(log.path)'; cat /dev/stdin > '\(copy.path)'")
        let file = try Self.mp4Head()
        _ = await Self.readAll(decoder.frames(file, fittingWidth: 2, height: 1, frameRate: 10))
        let arguments = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let input = try #require(arguments.firstIndex(of: "-i"))
        // The file opened and checked is its standard input: no path it could be swapped at.
        #expect(arguments[input + 1] == "file:/dev/stdin")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: file))
        let before = Array(arguments[..<input])
        func value(_ flag: String) -> String? { before.firstIndex(of: flag).map { before[$0 + 1] } }
        #expect(value("-f") == "mov")
        #expect(value("-protocol_whitelist") == "file")
        #expect(value("-max_pixels") == "\(FFmpegVideoDecoder.maximumPixels)")
    }

    @Test func aClipLargerThan4KIsRefusedBeforeItsFramesAreMade() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        // 4000×2200 (8.8 MP, over 3840×2160's 8.3): one frame of one colour.
        let clip = try Clips.make(
            "large.mp4", codec: Clips.h264 + ["-preset", "ultrafast"], seconds: 1, rate: 1, size: "4000x2200",
            pattern: "color=c=red")
        let result = await Self.readAll(Clips.decoder.frames(clip, fittingWidth: 80, height: 80, frameRate: 10))
        #expect(result.error == .tooLarge(width: 4000, height: 2200), "\(String(describing: result.error))")
        #expect(result.count == 0)
        await #expect(throws: VideoDecodeError.tooLarge(width: 4000, height: 2200)) {
            try await Clips.decoder.probe(clip)
        }
    }

    /// The payload of the first top-level box of `type` (MP4).
    static func box(_ type: String, in bytes: [UInt8]) -> Range<Int>? {
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == type {
                return (offset + 8)..<min(bytes.count, offset + size)
            }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }
}
