import Foundation
import StoryBase
import StoryInterfaces
import StoryModels
import Testing
import VideoDecoding

/// The bundled catalog's video clips are what it says they are: each plays for the duration
/// its items declare, at the size they declare, as ffprobe reads the shipped file.
@Suite("Bundled video clips")
struct BundledClipsTests {
    @Test func everyClipIsAsLongAndAsLargeAsTheCatalogSays() async throws {
        let decoder = FFmpegVideoDecoder()
        var checked = Set<URL>()
        for item in BundledCatalog().stories.flatMap(\.items) {
            guard case .video(let url, let duration, _) = item.media, checked.insert(url).inserted else { continue }
            let file = try #require(BundledCatalog.videoFile(for: url), "\(url)")
            let info = try await decoder.probe(file, limit: .seconds(120))  // a loaded machine once took 10 s
            let off = info.duration - duration
            #expect(off < .milliseconds(100) && off > .milliseconds(-100), "\(url): \(info.duration) vs \(duration)")
            #expect(info.width == item.pixelSize?.width && info.height == item.pixelSize?.height, "\(url)")
            // What the clip cache keeps: bodies that sniff as a video (MP4 and WebM alike).
            #expect(MediaFormat.sniff(try Data(contentsOf: file)) == .video, "\(url)")
        }
        #expect(checked.count == 5)
    }
}
