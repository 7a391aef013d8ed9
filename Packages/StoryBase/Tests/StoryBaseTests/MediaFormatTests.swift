import StoryBase
import Testing

@Suite("Media sniffing")
struct MediaFormatTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9]
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 9] + [0, 0, 0, 0] + Array("IEND".utf8) + [
            0xAE, 0x42, 0x60, 0x82,
        ]

    @Test func formatsAreSniffedAndHTMLIsNot() {
        #expect(MediaFormat.sniff(Self.jpeg) == .jpeg)
        #expect(MediaFormat.sniff(Self.png) == .png)
        #expect(MediaFormat.sniff(Array("GIF89a;".utf8)) == .gif)
        #expect(MediaFormat.sniff([0, 0, 0, 0x20] + Array("ftypqt  ".utf8)) == .video)
        #expect(MediaFormat.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81]) == .video, "WebM")
        #expect(MediaFormat.sniff(Array("<!DOCTYPE html><html>".utf8)) == nil)
        #expect(MediaFormat.sniff([UInt8]()) == nil)
    }

    @Test func stillsDoNotMoveAnimationsAndVideosDoAndTextIsNeither() {
        // A PNG with an acTL chunk before its image data is animated.
        let header = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8]
        let animated = header + [0, 0, 0, 8] + Array("acTL".utf8) + [UInt8](repeating: 0, count: 12)
        #expect(MediaFormat.moves(Self.jpeg) == false)
        #expect(MediaFormat.moves(Self.png) == false)
        #expect(MediaFormat.moves(animated) == true)
        #expect(MediaFormat.moves(Array("GIF89a;".utf8)) == true)
        #expect(MediaFormat.moves(Array("RIFF".utf8) + [8, 0, 0, 0] + Array("WEBPVP8 ".utf8)) == true)
        #expect(MediaFormat.moves([0, 0, 0, 0x20] + Array("ftypisom".utf8)) == true)
        #expect(MediaFormat.moves(Array("<html>".utf8)) == nil)
    }

    @Test func aVideosContainerIsItsOwnBytesAndAManifestPosingAsOneIsNot() {
        #expect(VideoContainer.sniff([0, 0, 0, 0x20] + Array("ftypisom".utf8)) == .isoMedia)
        #expect(VideoContainer.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81]) == .matroska)
        #expect(VideoContainer.isoMedia.demuxer == "mov" && VideoContainer.matroska.demuxer == "matroska")
        // "ftyp" at offset 4 of a DASH manifest (found: ffmpeg's probe then ran its DASH demuxer).
        let dash = Array("<!--ftypjp2 --><MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\">".utf8)
        #expect(VideoContainer.sniff(dash) == nil)
        #expect(MediaFormat.sniff(dash) == nil)
        #expect(VideoContainer.sniff([0, 0, 0, 4] + Array("ftypisom".utf8)) == nil, "a box smaller than its header")
        #expect(VideoContainer.sniff([0, 0, 0x20]) == nil)
    }

    @Test func cutOffBodiesDoNotLookComplete() {
        #expect(MediaFormat.jpeg.looksComplete(Self.jpeg))
        #expect(MediaFormat.jpeg.looksComplete(Self.jpeg + [0x0A]))
        #expect(!MediaFormat.jpeg.looksComplete(Self.jpeg.dropLast(2)))
        #expect(MediaFormat.png.looksComplete(Self.png))
        #expect(!MediaFormat.png.looksComplete(Self.png.dropLast(5)))
        let webp = Array("RIFF".utf8) + [8, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        #expect(MediaFormat.webp.looksComplete(webp))
        #expect(!MediaFormat.webp.looksComplete(webp.dropLast(1)))
    }
}
