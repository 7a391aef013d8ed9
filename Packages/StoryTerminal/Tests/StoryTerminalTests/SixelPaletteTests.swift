import CTerminalGraphics
import Foundation
import StoryImages
import StoryInterfacesTestSupport
import Testing

@testable import StoryTerminal

/// The sixel palette (`cterm_sixel_palette`, median cut over a 15-bit histogram): its colours on
/// the fixtures are the ones the first (Swift) median cut gave, held as digests; on made-up
/// pictures it keeps what a median cut promises, whatever the slices and whether its histogram
/// is counted in two halves at once.
@Suite("Sixel palette")
struct SixelPaletteTests {
    /// FNV-1a of the palette's bytes, r g b after r g b.
    static func digest(_ palette: [RGB]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for color in palette {
            for byte in [color.r, color.g, color.b] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }

    /// The palette as C makes it, its histogram counted by `runner` (nil: in one part).
    /// The lower half first, then the top, on the calling thread: neither half may depend on
    /// the other having run.
    static let lowerFirst: cterm_runner = { work, context in
        work?(context, 1)
        work?(context, 0)
    }

    static func palette(_ image: RGBImage, colors: Int, runner: cterm_runner?) -> [RGB] {
        var channels = [UInt8](repeating: 0, count: 256 * 3)
        let made = image.pixels.withUnsafeBufferPointer { pixels in
            cterm_sixel_palette(pixels.baseAddress, image.width * image.height, Int32(colors), runner, &channels)
        }
        return (0..<Int(max(0, made))).map { RGB(channels[$0 * 3], channels[$0 * 3 + 1], channels[$0 * 3 + 2]) }
    }

    @Test(arguments: [
        ("portrait-1080x1920.jpg", 2, 2, "2cbfaa6a9bc0b72a"), ("portrait-1080x1920.jpg", 16, 16, "e75c9ffe0fe98116"),
        ("portrait-1080x1920.jpg", 256, 256, "8e9476d05573cba0"), ("baseline-64x48.jpg", 2, 2, "2cbfab6a9bc0b8dd"),
        ("baseline-64x48.jpg", 16, 16, "c6c00d38dc2f5fda"), ("baseline-64x48.jpg", 256, 121, "f4a7ea38310659c8"),
        ("alpha-32x32.png", 16, 1, "2e0a921ae00e8537"),
    ])
    func fixturesKeepTheirPalettes(name: String, colors: Int, count: Int, digest: String) throws {
        let image = try ImageDecoder.decode(try Fixture.data(name))
        let small = image.resampled(width: min(image.width, 450), height: min(image.height, 800))
        let palette = SixelQuantizer.palette(for: small, colors: colors)
        #expect(palette.count == count)
        #expect(Self.digest(palette) == digest, "\(name), \(colors) colours")
        #expect(Self.palette(small, colors: colors, runner: nil) == palette, "in one part")
        #expect(
            Self.palette(small, colors: colors, runner: Self.lowerFirst) == palette, "second half first")
    }

    /// A picture of at most `colors` colours, each in a 15-bit bin of its own, gets exactly
    /// them (a box of one colour's pixels has that colour as its mean); any picture gets at most
    /// `colors` colours, each inside the picture's range of every channel.
    @Test func madeUpPicturesGetWhatAMedianCutPromises() {
        var random = SeededRandom(seed: 31)
        for (width, height) in [(1, 1), (1, 9), (9, 1), (37, 23), (300, 7), (400, 300)] {
            for colors in [2, 5, 16, 256] {
                let bins = (0..<min(colors, 12)).map { _ in Int(random.next() & 0x7FFF) }
                let distinct = Array(Set(bins)).prefix(min(colors, width * height))
                let few = distinct.map { bin in
                    RGB(UInt8((bin >> 10) << 3 | 4), UInt8(((bin >> 5) & 31) << 3 | 2), UInt8((bin & 31) << 3 | 7))
                }
                var pixels: [UInt8] = []
                for index in 0..<(width * height) {
                    let color = few[index % few.count]
                    pixels += [color.r, color.g, color.b]
                }
                let exact = RGBImage(width: width, height: height, pixels: pixels)
                let palette = SixelQuantizer.palette(for: exact, colors: colors)
                #expect(Set(palette.map { [$0.r, $0.g, $0.b] }) == Set(few.map { [$0.r, $0.g, $0.b] }))

                let noise = RGBImage(
                    width: width, height: height,
                    pixels: (0..<(width * height * 3)).map { _ in UInt8(truncatingIfNeeded: random.next() >> 3) })
                let cut = SixelQuantizer.palette(for: noise, colors: colors)
                #expect(cut.count <= max(2, colors) && !cut.isEmpty, "\(width)×\(height), \(colors) colours")
                for channel in 0..<3 {
                    let values = stride(from: channel, to: noise.pixels.count, by: 3).map { noise.pixels[$0] }
                    let range = values.min()!...values.max()!
                    #expect(cut.allSatisfy { range.contains([$0.r, $0.g, $0.b][channel]) })
                }
                #expect(Self.palette(noise, colors: colors, runner: nil) == cut, "in one part")
            }
        }
    }

    /// A picture of more than 16.8 M pixels is counted in slices (its 32-bit sums would wrap):
    /// slices of a few pixels give the same palette as one.
    @Test func slicesGiveTheSamePalette() throws {
        let photo = try ImageDecoder.decode(try Fixture.data("portrait-1080x1920.jpg")).resampled(
            width: 90, height: 160)
        let whole = SixelQuantizer.palette(for: photo, colors: 256)
        for most in [1, 7, 1000, 14_400] {
            var channels = [UInt8](repeating: 0, count: 256 * 3)
            let made = photo.pixels.withUnsafeBufferPointer { pixels in
                cterm_sixel_palette_in_slices(
                    pixels.baseAddress, photo.width * photo.height, 256, nil, &channels, most)
            }
            let palette = (0..<Int(made)).map { RGB(channels[$0 * 3], channels[$0 * 3 + 1], channels[$0 * 3 + 2]) }
            #expect(palette == whole, "slices of \(most)")
        }
    }

    /// No pixels: black and white, as before; a palette never has more colours than bins.
    @Test func emptyAndSmallPictures() {
        let empty = RGBImage(width: 0, height: 0, pixels: [])
        #expect(SixelQuantizer.palette(for: empty, colors: 256) == [RGB(0, 0, 0), RGB(255, 255, 255)])
        #expect(SixelQuantizer.palette(for: empty, colors: 16) == [RGB(0, 0, 0), RGB(255, 255, 255)])
        let two = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255])
        #expect(SixelQuantizer.palette(for: two, colors: 256) == [RGB(0, 0, 0), RGB(255, 255, 255)])
    }
}
