import Foundation
import StoryBase
import Testing

/// Pixel sizes from files' first bytes (a folder's gallery said "0 × 0" for every photo).
@Suite("Picture sizes from headers")
struct PictureHeaderTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StoryModels/Sources/StoryModels/Resources/samples")

    @Test func everyFormatSaysItsSize() throws {
        let jpeg = try Data(contentsOf: Self.samples.appendingPathComponent("coffee-landscape.jpg"))
        #expect(PictureHeader.size(of: jpeg).map { [$0.width, $0.height] } == [1200, 800])
        #expect(PictureHeader.size(of: jpeg.prefix(40)) == nil, "cut before its frame header")
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 2, 0, 0, 0, 1, 0x2C,
            ]
        #expect(PictureHeader.size(of: Data(png)).map { [$0.width, $0.height] } == [512, 300])
        let gif = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00]
        #expect(PictureHeader.size(of: Data(gif)).map { [$0.width, $0.height] } == [320, 240])
        let riff = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        let extended = riff + Array("VP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0] + [0x3F, 0x06, 0, 0xAF, 0x04, 0]
        #expect(PictureHeader.size(of: Data(extended)).map { [$0.width, $0.height] } == [1600, 1200])
        // Lossless: 14 bits of width less one, then 14 of height less one, after the 0x2F signature.
        let bits = (99) | (49 << 14)
        let lossless =
            riff + Array("VP8L".utf8) + [0, 0, 0, 0, 0x2F]
            + [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)]
            + [0, 0, 0, 0, 0]
        #expect(PictureHeader.size(of: Data(lossless)).map { [$0.width, $0.height] } == [100, 50])
        let lossy =
            riff + Array("VP8 ".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0x9D, 0x01, 0x2A] + [0x80, 0x02, 0xE0, 0x01]
        #expect(PictureHeader.size(of: Data(lossy)).map { [$0.width, $0.height] } == [640, 480])
        #expect(PictureHeader.size(of: Data("<html>".utf8)) == nil)
    }
}
