import Foundation
import StoryBase
import StoryInterfaces
import Testing
import VideoDecoding

/// Pictures that move: GIF and APNG animations and WebP stills, made by ffmpeg,
/// decoded through the same path as videos; an animation loops as its file says, until the
/// frames' limit.
@Suite("Animated pictures with ffmpeg", .timeLimit(.minutes(10)))
struct AnimationTests {
    static let gif = ["-f", "gif", "-loop", "0"]
    static let apng = ["-f", "apng", "-plays", "0"]
    static let webp = ["-c:v", "libwebp", "-frames:v", "1"]

    @Test(arguments: [
        ("moving.gif", gif, VideoContainer.gif), ("moving.apng", apng, .apng), ("still.webp", webp, .webp),
    ])
    func eachIsSniffedAndDecoded(name: String, options: [String], container: VideoContainer) async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let file = try Clips.make(name, codec: options, seconds: 1, rate: 10)
        let head = try Data(contentsOf: file).prefix(4096)
        #expect(VideoContainer.sniff(head) == container)
        #expect(container.isAnimation)
        var frames: [VideoFrame] = []
        // Looping forever (GIF and APNG with loop 0): the limit ends it.
        for try await frame in Clips.decoder.frames(
            file, fittingWidth: 80, height: 45, frameRate: 10, limit: .seconds(3))
        {
            frames.append(frame)
        }
        #expect(frames.first.map { $0.width == 80 && $0.height == 45 } == true)
        if container == .webp {
            #expect(frames.count == 1, "a still: one picture")
        } else {
            // 1 s of 10 frames, looping: three rounds within the 3 s limit, the pattern moving.
            #expect(frames.count >= 25, "\(frames.count) frames: it loops")
            #expect(frames[0].pixels != frames[5].pixels, "it moves")
            #expect(frames[0].pixels == frames[10].pixels, "the second round starts as the first")
        }
    }

    static let animatedWebP = ["-c:v", "libwebp_anim", "-loop", "0"]

    /// An animated WebP (FFmpeg 5.1 says "image data not found") plays through libwebp: it
    /// moves, loops as its file says until the limit, plays once for a pass of `render`, and
    /// its frames are fitted as every clip's are. A still WebP stays one picture.
    @Test func anAnimatedWebPMovesAndLoopsThroughLibWebP() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        try #require(FFmpegVideoDecoder.animatedWebP.available, "\(FFmpegVideoDecoder.animatedWebP.missing)")
        let file = try Clips.make("moving.webp", codec: Self.animatedWebP, seconds: 1, rate: 10)
        #expect(VideoContainer.sniff(try Data(contentsOf: file).prefix(64)) == .webp)
        var looping: [VideoFrame] = []
        for try await frame in Clips.decoder.frames(
            file, fittingWidth: 80, height: 80, frameRate: 10, limit: .seconds(3))
        {
            looping.append(frame)
        }
        #expect(looping.count == 30, "1 s of 10 pictures, three passes within 3 s: \(looping.count)")
        #expect(looping.allSatisfy { $0.width == 80 && $0.height == 45 && $0.pixels.count == 80 * 45 * 3 })
        #expect(looping.map(\.index) == Array(0..<30))
        #expect(looping[15].time == .milliseconds(1500))
        #expect(looping[0].pixels != looping[5].pixels, "it moves")
        #expect(looping[0].pixels == looping[10].pixels, "the second pass starts as the first")
        var once = 0
        for try await _ in Clips.decoder.frames(
            file, fittingWidth: 80, height: 45, frameRate: 10, limit: .seconds(3), loopsAsTheFileSays: false)
        {
            once += 1
        }
        #expect(once == 10, "one pass: \(once)")
        // libwebp needs no ffmpeg: a machine without it still plays the WebP.
        let withoutFFmpeg = FFmpegVideoDecoder(environment: ["PATH": "/nonexistent"])
        var alone = 0
        for try await _ in withoutFFmpeg.frames(
            file, fittingWidth: 80, height: 45, frameRate: 10, limit: .seconds(1), loopsAsTheFileSays: false)
        {
            alone += 1
        }
        #expect(alone == 10, "without ffmpeg: \(alone)")
        // Fitted by area like the other clips: the first picture of testsrc against ffmpeg's.
        let still = try Clips.make("first.webp", codec: Self.webp, seconds: 1, rate: 10)
        var stills: [VideoFrame] = []
        for try await frame in Clips.decoder.frames(still, fittingWidth: 80, height: 45, frameRate: 10) {
            stills.append(frame)
        }
        #expect(stills.count == 1 && stills[0].width == 80 && stills[0].height == 45)
        var difference = 0
        for (a, b) in zip(stills[0].pixels, looping[0].pixels) { difference += abs(Int(a) - Int(b)) }
        let mean = difference / max(1, stills[0].pixels.count)
        #expect(mean < 24, "the same picture: mean difference \(mean)")
    }

    /// A WebP whose extended header claims a 16,384 × 16,384 canvas is refused from it (libwebp
    /// would allocate two 1 GiB canvases), and one cut short ends with a sentence or the
    /// pictures it has.
    @Test func aGiganticOrCutWebPIsRefused() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let file = try Clips.make("whole.webp", codec: Self.animatedWebP, seconds: 1, rate: 10)
        var data = try Data(contentsOf: file)
        #expect(String(decoding: data[12..<16], as: UTF8.self) == "VP8X")
        data.replaceSubrange(24..<30, with: [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00])
        let giant = file.deletingLastPathComponent().appendingPathComponent("giant.webp")
        try data.write(to: giant)
        await #expect(throws: VideoDecodeError.tooLarge(width: 16_384, height: 16_384)) {
            for try await _ in Clips.decoder.frames(giant, fittingWidth: 80, height: 45, frameRate: 10) {}
        }
        let cut = file.deletingLastPathComponent().appendingPathComponent("cut.webp")
        try Data(contentsOf: file).prefix(100).write(to: cut)
        var count = 0
        do {
            for try await _ in Clips.decoder.frames(
                cut, fittingWidth: 80, height: 45, frameRate: 10, limit: .seconds(2))
            {
                count += 1
            }
        } catch {
            #expect(error is VideoDecodeError)
            #expect(!String(describing: error).contains("video"), "a picture is never called a video: \(error)")
        }
        #expect(count <= 20)
    }

    /// Hostile GIFs: cut in half, or claiming a 65,535 × 65,535 canvas (4 gigapixels): each
    /// ends, with the pictures it has or a sentence, never a hang nor a huge allocation. The
    /// giant is refused from its header before ffmpeg starts (ffmpeg refused each of its
    /// frames and, looping, spun until the watchdog's deadline).
    @Test func aCutOrGiganticGIFEndsWithoutHanging() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let file = try Clips.make("whole.gif", codec: Self.gif, seconds: 1, rate: 10)
        let data = try Data(contentsOf: file)
        let cut = file.deletingLastPathComponent().appendingPathComponent("cut.gif")
        try data.prefix(data.count / 2).write(to: cut)
        var huge = data
        huge.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let giant = file.deletingLastPathComponent().appendingPathComponent("giant.gif")
        try huge.write(to: giant)
        for bad in [cut, giant] {
            var count = 0
            var failure: (any Error)? = nil
            do {
                for try await _ in Clips.decoder.frames(
                    bad, fittingWidth: 80, height: 45, frameRate: 10, limit: .seconds(2))
                {
                    count += 1
                }
            } catch {
                failure = error
            }
            print("\(bad.lastPathComponent): \(count) frames, \(failure.map { "\($0)" } ?? "no error")")
            // Ended by what it read, not by the decoder's deadline (a hang; two minutes here).
            #expect(!HostileClipsTests.stalled(failure as? VideoDecodeError), "\(bad.lastPathComponent) ended")
            if bad == giant {
                #expect(count == 0 && failure as? VideoDecodeError == .tooLarge(width: 65_535, height: 65_535))
            }
        }
        await #expect(throws: VideoDecodeError.tooLarge(width: 65_535, height: 65_535)) {
            try await Clips.decoder.probe(giant)
        }
    }

    /// An APNG whose header claims 100 000 × 100 000, or 2³² − 1 a side (a product past 64
    /// bits): refused from its IHDR, ffmpeg never asked.
    @Test(arguments: [100_000, 4_294_967_295])
    func aGiganticAPNGIsRefusedFromItsHeader(side: Int) async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let file = try Clips.make("whole.apng", codec: Self.apng, seconds: 1, rate: 10)
        var data = try Data(contentsOf: file)
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: side >> (24 - 8 * $0)) }
        data.replaceSubrange(16..<24, with: bytes + bytes)
        let giant = file.deletingLastPathComponent().appendingPathComponent("giant.apng")
        try data.write(to: giant)
        var count = 0
        var failure: (any Error)? = nil
        do {
            for try await _ in Clips.decoder.frames(giant, fittingWidth: 80, height: 45, frameRate: 10) { count += 1 }
        } catch {
            failure = error
        }
        #expect(count == 0 && failure as? VideoDecodeError == .tooLarge(width: side, height: side))
    }

    @Test func aPNGThatDoesNotMoveIsAPictureAndAnAnimatedOneIsNot() throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let still = try Clips.make("still.png", codec: ["-frames:v", "1"], seconds: 1)
        let moving = try Clips.make("moving.png", codec: Self.apng, seconds: 1)
        #expect(!MediaFormat.isAnimatedPNG(try Data(contentsOf: still)))
        #expect(MediaFormat.isAnimatedPNG(try Data(contentsOf: moving)))
        #expect(VideoContainer.sniff(try Data(contentsOf: still)) == nil)
        #expect(MediaFormat.sniff(try Data(contentsOf: moving)) == .png, "still a PNG to the image pipeline")
    }
}
