import Foundation
import StoryImages
import Testing

@testable import StoryTerminal

/// The sixel quantiser's dithering moved to C (`cterm_dither`) for speed: its indexes are the
/// Swift loop's it replaced, kept here as the reference, on photographs, random pictures and
/// random palettes (repeated colours, one colour, the full 256), at every shape down to 1×1.
@Suite("Sixel dithering in C")
struct SixelDitherTests {
    @Test func theCLoopGivesTheSwiftLoopsIndexes() throws {
        var generator = SystemRandomNumberGenerator()
        var cases: [(RGBImage, [RGB])] = []
        for name in ["portrait-1080x1920.jpg", "baseline-64x48.jpg", "alpha-32x32.png"] {
            let image = try ImageDecoder.decode(try Fixture.data(name))
            let small = image.resampled(width: min(image.width, 200), height: min(image.height, 150))
            for colors in [2, 16, 256] {
                cases.append((small, SixelQuantizer.palette(for: small, colors: colors)))
            }
        }
        for (width, height) in [(1, 1), (1, 9), (9, 1), (2, 3), (37, 23), (64, 64), (120, 7)] {
            for _ in 0..<6 {
                let smooth = Bool.random(using: &generator)
                var pixels: [UInt8] = []
                for y in 0..<height {
                    for x in 0..<width {
                        for c in 0..<3 {
                            pixels.append(
                                smooth
                                    ? UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1) + y * (c + 1) * 3)
                                    : UInt8.random(in: 0...255, using: &generator))
                        }
                    }
                }
                let image = RGBImage(width: width, height: height, pixels: pixels)
                let count = [1, 2, 3, 17, 255, 256].randomElement(using: &generator)!
                var palette = (0..<count).map { _ in
                    RGB(.random(in: 0...255), .random(in: 0...255), .random(in: 0...255))
                }
                if count > 3 { palette[2] = palette[1] }  // a colour twice: the lower index wins
                cases.append((image, palette))
                cases.append((image, SixelQuantizer.palette(for: image, colors: 64)))
            }
        }
        #expect(cases.count > 80)
        for (image, palette) in cases {
            let ours = SixelQuantizer.dither(image, palette: palette)
            let reference = SixelReference.dither(image, palette: palette)
            #expect(ours.indexes == reference.indexes, "\(image.width)×\(image.height), \(palette.count) colours")
        }
    }

    /// The bands moved to C (`cterm_sixel_bands`): byte for byte the Swift encoder's, with and
    /// without a mask of transparent pixels, at every shape down to 1×1 and up past 256 columns.
    @Test func theCBandsAreTheSwiftBands() {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(1, 1), (1, 13), (13, 1), (5, 6), (5, 7), (31, 12), (300, 20), (64, 64)] {
            for _ in 0..<8 {
                let colors = [1, 2, 7, 256].randomElement(using: &generator)!
                let runs = Bool.random(using: &generator)  // long runs of one colour, or noise
                var indexes: [UInt8] = []
                for y in 0..<height {
                    for x in 0..<width {
                        indexes.append(
                            UInt8(runs ? (x / 9 + y / 4) % colors : Int.random(in: 0..<colors, using: &generator)))
                    }
                }
                var image = QuantizedImage(
                    width: width, height: height, palette: (0..<colors).map { RGB(UInt8($0), 0, 0) }, indexes: indexes)
                if Bool.random(using: &generator) {
                    image.opaque = (0..<(width * height)).map { _ in Int.random(in: 0..<5, using: &generator) > 0 }
                }
                let ours = SixelEncoder.encode(image)
                let header = SixelEncoder.encode(
                    QuantizedImage(width: 0, height: 0, palette: image.palette, indexes: []))
                let prefix = Array(
                    String(decoding: header.dropLast(2), as: UTF8.self)
                        .replacingOccurrences(of: "\"1;1;0;0", with: "\"1;1;\(width);\(height)").utf8)
                #expect(
                    ours == prefix + SixelReference.encode(image) + [0x1B, UInt8(ascii: "\\")], "\(width)×\(height)")
            }
        }
    }
}

/// A large picture's dither and bands run in two halves at once (`cterm_sixel_picture`):
/// its sixel is the one-pass encoding of each half's own dither, the halves meeting at a
/// band's edge; a small one (or any, on one core) is the one-pass encoding itself.
@Suite("Sixel pictures in two halves")
struct SixelHalvesTests {
    static func rows(_ image: RGBImage, _ range: Range<Int>) -> RGBImage {
        RGBImage(
            width: image.width, height: range.count,
            pixels: Array(image.pixels[(range.lowerBound * image.width * 3)..<(range.upperBound * image.width * 3)]))
    }

    @Test(arguments: [(450, 800), (300, 200), (301, 199), (1000, 61), (250, 240), (100, 100), (7, 5)])
    func theHalvesAreEachDitheredAndBandedAsOne(width: Int, height: Int) {
        let image = photoLike(width: width, height: height, seed: UInt64(width * height))
        let palette = SixelQuantizer.palette(for: image, colors: 256)
        let split = Parallel.isWorthIt && width * height >= 60_000 && height >= 24 ? height / 2 / 6 * 6 : height
        var indexes = SixelQuantizer.dither(Self.rows(image, 0..<split), palette: palette).indexes
        if split < height {
            indexes += SixelQuantizer.dither(Self.rows(image, split..<height), palette: palette).indexes
        }
        let expected = SixelEncoder.encode(
            QuantizedImage(width: width, height: height, palette: palette, indexes: indexes))
        let ours = SixelEncoder.encode(image)
        let same = ours == expected
        #expect(same, "\(width)×\(height)")
        if split == height {
            let whole = SixelEncoder.encode(SixelQuantizer.quantize(image, colors: 256)) == ours
            #expect(whole, "\(width)×\(height) in one piece")
        }
        #expect(SixelEncoder.encode(image, trailer: [10]) == ours + [10])
    }

    @Test func aMaskedPictureKeepsItsMaskInBothHalves() {
        let image = photoLike(width: 320, height: 300, seed: 3)
        let opaque = (0..<(320 * 300)).map {
            ($0 % 320 - 160) * ($0 % 320 - 160) + ($0 / 320 - 150) * ($0 / 320 - 150) < 140 * 140
        }
        let palette = SixelQuantizer.palette(for: image, colors: 256)
        let split = 300 / 2 / 6 * 6
        let indexes =
            SixelQuantizer.dither(SixelHalvesTests.rows(image, 0..<split), palette: palette).indexes
            + SixelQuantizer.dither(SixelHalvesTests.rows(image, split..<300), palette: palette).indexes
        var expected = QuantizedImage(width: 320, height: 300, palette: palette, indexes: indexes)
        expected.opaque = opaque
        let same = SixelEncoder.encode(image, opaque: opaque) == SixelEncoder.encode(expected)
        #expect(same)
    }
}
