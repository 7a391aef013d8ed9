import Foundation
import StoryBase
import StoryImages
import StoryInterfaces
import Testing

@Suite("Image decoding")
struct ImageDecodingTests {
    @Test(arguments: ["baseline-64x48.jpg", "progressive-64x48.jpg"])
    func jpegsDecodeAtFullSize(name: String) throws {
        let image = try ImageDecoder.decode(try Fixture.data(name))
        #expect(image.width == 64 && image.height == 48)
        let white = image.pixel(16, 16)
        #expect(white.r > 230 && white.g > 230 && white.b > 230)
    }

    @Test func jpegsAreScaledInTheDecoderToTheSmallestCoveringSize() throws {
        let data = try Fixture.data("portrait-1080x1920.jpg")
        let small = try ImageDecoder.decode(data, covering: 80, 80)
        #expect(small.width == 135 && small.height == 240, "1/8 still covers 80×80")
        let medium = try ImageDecoder.decode(data, covering: 300, 300)
        #expect(medium.width == 405 && medium.height == 720, "3/8")
        #expect(try ImageDecoder.decode(data).width == 1080)
    }

    @Test func aProgressiveJPEGAtOneEighthDecodesLikeItsBaselineTwin() throws {
        // Scaled decoding of a progressive file gives what a baseline decode of the same picture gives.
        let progressive = try ImageDecoder.decode(try Fixture.data("progressive-64x48.jpg"), covering: 8, 6)
        let baseline = try ImageDecoder.decode(try Fixture.data("baseline-64x48.jpg"), covering: 8, 6)
        #expect(progressive.width == 8 && progressive.height == 6)
        let difference = zip(progressive.pixels, baseline.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
        #expect(Double(difference) / Double(baseline.pixels.count) < 6, "mean difference per channel")
    }

    @Test func pngsDecodeWithAlphaOverBlack() throws {
        let image = try ImageDecoder.decode(try Fixture.data("alpha-32x32.png"))
        #expect(image.width == 32)
        let pixel = image.pixel(0, 0)
        #expect((126...130).contains(pixel.r) && pixel.g == 0 && pixel.b == 0)
    }

    @Test(arguments: [
        ("truncated.jpg", "corrupt"), ("corrupt.jpg", "corrupt"), ("huge-dimensions.jpg", "tooLarge"),
        ("tiny.gif", "unsupported"), ("header-only.webp", "unsupported"), ("not-an-image.txt", "notAnImage"),
    ])
    func badFilesAreTypedErrorsNeverCrashes(name: String, kind: String) throws {
        let data = try Fixture.data(name)
        #expect {
            _ = try ImageDecoder.decode(data, covering: 80, 80)
        } throws: { error in
            switch (error as? ImageDecodeError, kind) {
            case (.corrupt?, "corrupt"), (.tooLarge?, "tooLarge"), (.unsupported?, "unsupported"),
                (.notAnImage?, "notAnImage"):
                return true
            default:
                return false
            }
        }
    }

    /// libjpeg decodes a file cut short with gray rows and a warning; the shim silenced its
    /// warnings without counting them, so the check for one never fired.
    @Test(arguments: [false, true])
    func aJPEGCutShortIsDamagedNotHalfGray(progressive: Bool) throws {
        let data = try #require(
            JPEGEncoder.encode(ProgressiveDecodeTests.detailed, quality: 90, progressive: progressive))
        for fraction in [0.3, 0.6, 0.95] {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            #expect(throws: ImageDecodeError.self, "\(fraction) of the file") { _ = try ImageDecoder.decode(cut) }
        }
        #expect(try ImageDecoder.decode(data).width == 203)
    }

    @Test func everyPrefixOfAJPEGFailsCleanly() throws {
        let data = try Fixture.data("progressive-64x48.jpg")
        for length in stride(from: 0, to: data.count, by: 7) {
            _ = try? ImageDecoder.decode(data.prefix(length))
        }
    }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0] as [UInt8], ImageFormat.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF89a".utf8), .gif), (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), .webp),
        ([0, 0, 0, 0x18] + Array("ftypmp42".utf8), .video),
    ])
    func formatsAreSniffed(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat.sniff(bytes) == format)
        #expect(ImageFormat.sniff(Array("<!DOCTYPE html>".utf8)) == nil)
    }
}
