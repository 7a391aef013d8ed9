import CImageCodecs
import Foundation
import Testing

@testable import StoryTerminal

/// The sixel palette moved to C (`cimg_sixel_palette`) for speed: its colours, in order, are the
/// Swift median cut's it replaced (SixelReference.palette), on photographs, smooth and noisy
/// pictures, pictures of few colours, every shape down to 1×1 and every palette size asked.
@Suite("Sixel palette in C")
struct SixelPaletteTests {
    private static func same(_ image: RGBImage, _ colors: Int) -> Bool {
        SixelQuantizer.palette(for: image, colors: colors) == SixelReference.palette(for: image, colors: colors)
    }

    @Test func photographsGetTheSwiftPalette() throws {
        for name in ["portrait-1080x1920.jpg", "baseline-64x48.jpg", "progressive-64x48.jpg", "alpha-32x32.png"] {
            let image = try ImageDecoder.decode(try Fixture.data(name))
            let small = image.resampled(width: min(image.width, 450), height: min(image.height, 800))
            for colors in [2, 3, 16, 64, 255, 256] {
                #expect(Self.same(small, colors), "\(name), \(colors) colours")
            }
        }
    }

    @Test func randomPicturesGetTheSwiftPalette() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for (width, height) in [(1, 1), (1, 9), (9, 1), (2, 3), (37, 23), (64, 64), (300, 7), (200, 150)] {
            for kind in 0..<4 {
                var pixels: [UInt8] = []
                let few = (0..<5).map { _ in UInt8.random(in: 0...255, using: &generator) }
                for y in 0..<height {
                    for x in 0..<width {
                        for c in 0..<3 {
                            switch kind {
                            case 0: pixels.append(UInt8.random(in: 0...255, using: &generator))  // noise
                            case 1:
                                pixels.append(UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1) + y * (c + 1) * 3))
                            case 2: pixels.append(few[(x + y + c) % few.count])  // a handful of colours
                            default: pixels.append(200)  // one colour
                            }
                        }
                    }
                }
                let image = RGBImage(width: width, height: height, pixels: pixels)
                for colors in [2, 5, 256, Int.random(in: 2...256, using: &generator)] {
                    #expect(Self.same(image, colors), "\(width)×\(height), kind \(kind), \(colors) colours")
                    checked += 1
                }
            }
        }
        #expect(checked == 128)
    }

    /// A picture of more than 16.8 M pixels is counted in slices (its 32-bit sums would wrap):
    /// slices of a few pixels give the same palette as one.
    @Test func slicesGiveTheSamePalette() throws {
        let photo = try ImageDecoder.decode(try Fixture.data("portrait-1080x1920.jpg")).resampled(
            width: 90, height: 160)
        for most in [1, 7, 1000, 14_400] {
            var channels = [UInt8](repeating: 0, count: 256 * 3)
            let made = photo.pixels.withUnsafeBufferPointer { pixels in
                cimg_sixel_palette_in_slices(pixels.baseAddress, photo.width * photo.height, 256, &channels, most)
            }
            let palette = (0..<Int(made)).map { RGB(channels[$0 * 3], channels[$0 * 3 + 1], channels[$0 * 3 + 2]) }
            #expect(palette == SixelReference.palette(for: photo, colors: 256), "slices of \(most)")
        }
    }

    /// No pixels: black and white, as before; a palette never has more colours than bins.
    @Test func emptyAndSmallPictures() {
        let empty = RGBImage(width: 0, height: 0, pixels: [])
        #expect(SixelQuantizer.palette(for: empty, colors: 256) == [RGB(0, 0, 0), RGB(255, 255, 255)])
        #expect(Self.same(empty, 16))
        let two = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255])
        #expect(SixelQuantizer.palette(for: two, colors: 256) == [RGB(0, 0, 0), RGB(255, 255, 255)])
    }
}
