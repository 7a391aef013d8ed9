import Foundation
import StoryInterfaces
import Testing
import VideoDecoding

/// An animation held in memory (what `stories render` reads from a file, a URL or standard
/// input), played in passes or shown as its first picture.
@Suite("Playing data in passes")
struct PlayDataTests {
    /// A GIF that says "loop forever" plays one pass per pass asked (its frames' indices start
    /// again, never run on as the file's loop would), fitted; without passes, its first picture.
    @Test func aLoopingGIFPlaysItsPassesThenEnds() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        // 1 s of 5 frames, looping forever as its file says; played at 15 frames a second.
        let data = try Data(contentsOf: try Clips.make("loop.gif", codec: AnimationTests.gif, seconds: 1, rate: 5))
        #expect(FFmpegVideoDecoder.decodes(data))
        var frames: [VideoFrame] = []
        try await Clips.decoder.play(data, fittingWidth: 40, height: 40, passes: 2) { frames.append($0) }
        // Pacing may drop a late frame on a busy machine (the reader gets the newest), so the
        // passes are told by the indices: within one pass's 15, and starting again once.
        #expect(
            frames.allSatisfy { $0.index < 20 }, "one pass's frames, not the file's forever: \(frames.map(\.index))")
        #expect(zip(frames, frames.dropFirst()).filter { $1.index < $0.index }.count == 1, "\(frames.map(\.index))")
        #expect(frames.allSatisfy { $0.width == 40 && $0.height == 23 }, "fitted, the aspect kept")
        var first: [VideoFrame] = []
        try await Clips.decoder.play(data, fittingWidth: 40, height: 40, passes: nil) { first.append($0) }
        #expect(first.count == 1 && first[0].index == 0, "without passes, the first picture alone")
    }

    /// A still WebP is one frame a pass: exactly as many pictures as passes.
    @Test func eachPassIsOnePlay() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        let data = try Data(contentsOf: try Clips.make("still.webp", codec: AnimationTests.webp, seconds: 1))
        for passes in 1...3 {
            var drawn = 0
            try await Clips.decoder.play(data, fittingWidth: 16, height: 9, passes: passes) { _ in drawn += 1 }
            #expect(drawn == passes, "\(passes) passes")
        }
    }

    @Test func dataWithNoPictureIsAFailureInASentence() async throws {
        try #require(Clips.unavailable == nil, "\(Clips.unavailable ?? "")")
        var damaged = Data("GIF89a".utf8)
        damaged.append(Data(repeating: 0x5A, count: 200))
        #expect(FFmpegVideoDecoder.decodes(damaged))
        #expect(!FFmpegVideoDecoder.decodes(Data([0xFF, 0xD8, 0xFF, 0xE0])), "a JPEG is a still")
        for passes in [nil, 1] as [Int?] {
            var drawn = 0
            let failure = await #expect(throws: VideoFailure.self) {
                try await Clips.decoder.play(damaged, fittingWidth: 10, height: 10, passes: passes) { _ in drawn += 1 }
            }
            #expect(drawn == 0)
            // Said of the file, not in the viewer's words (no poster, no r key, no "video").
            let said = failure.map { String(describing: $0) } ?? ""
            #expect(said.hasPrefix("it ") && !said.contains("video") && !said.contains("retries"), "\(said)")
        }
    }
}
