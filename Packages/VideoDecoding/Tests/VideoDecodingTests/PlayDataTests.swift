import Foundation
import StoryInterfaces
import Testing
import VideoDecoding

/// An animation held in memory (what `stories render` reads from a file, a URL or standard
/// input), played in passes or shown as its first picture.
@Suite("Playing data in passes")
struct PlayDataTests {
    @Test func aLoopingGIFPlaysItsPassesThenEnds() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        // 1 s of 5 frames, looping forever as its file says.
        let data = try Data(contentsOf: try Clips.make("loop.gif", codec: AnimationTests.gif, seconds: 1, rate: 5))
        #expect(FFmpegVideoDecoder.decodes(data))
        var once = 0
        try await Clips.decoder.play(data, fittingWidth: 40, height: 40, passes: 1) { _ in once += 1 }
        #expect(once >= 5, "one pass of its pictures: \(once)")
        var frames: [VideoFrame] = []
        try await Clips.decoder.play(data, fittingWidth: 40, height: 40, passes: 2) { frames.append($0) }
        #expect(frames.count == 2 * once, "two passes, not the file's forever: \(frames.count)")
        #expect(frames.allSatisfy { $0.width == 40 && $0.height == 23 }, "fitted, the aspect kept")
        var first: [VideoFrame] = []
        try await Clips.decoder.play(data, fittingWidth: 40, height: 40, passes: nil) { first.append($0) }
        #expect(first.count == 1, "without passes, the first picture alone")
    }

    @Test func dataWithNoPictureIsAFailureInASentence() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        var damaged = Data("GIF89a".utf8)
        damaged.append(Data(repeating: 0x5A, count: 200))
        #expect(FFmpegVideoDecoder.decodes(damaged))
        #expect(!FFmpegVideoDecoder.decodes(Data([0xFF, 0xD8, 0xFF, 0xE0])), "a JPEG is a still")
        for passes in [nil, 1] as [Int?] {
            var drawn = 0
            await #expect(throws: VideoFailure.self) {
                try await Clips.decoder.play(damaged, fittingWidth: 10, height: 10, passes: passes) { _ in drawn += 1 }
            }
            #expect(drawn == 0)
        }
    }
}
