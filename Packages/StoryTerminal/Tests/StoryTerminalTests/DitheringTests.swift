import StoryImages
import Testing

@testable import StoryTerminal

/// Dithering at 256 and 16 colours: older terminals get a picture, not bands.
@Suite("Dithering at 256 and 16 colours")
struct DitheringTests {
    /// 128×64: red across, green down, a little blue — smooth everywhere.
    static let gradient: RGBImage = {
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<128 { pixels += [UInt8(x * 2), UInt8(y * 4), UInt8(64 + x / 4)] }
        }
        return RGBImage(width: 128, height: 64, pixels: pixels)
    }()

    /// Each pixel's nearest palette colour, as the renderer picks it without dithering.
    static func nearest(_ image: RGBImage, _ depth: ColorMode) -> RGBImage {
        var out: [UInt8] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let color = image.pixel(x, y)
                let shown =
                    depth == .palette256
                    ? ColorCode.rgb256(ColorCode.palette256(color)) : ColorCode.ansi16[ColorCode.palette16(color)]
                out += [shown.r, shown.g, shown.b]
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: out)
    }

    /// The mean difference per channel between the two pictures' 8×8 block averages: what an
    /// eye a little way back sees.
    static func blockError(_ a: RGBImage, _ b: RGBImage) -> Double {
        var total = 0.0
        var count = 0
        for by in stride(from: 0, to: a.height, by: 8) {
            for bx in stride(from: 0, to: a.width, by: 8) {
                for channel in 0..<3 {
                    var sumA = 0
                    var sumB = 0
                    for y in by..<(by + 8) {
                        for x in bx..<(bx + 8) {
                            sumA += Int(a.pixels[(y * a.width + x) * 3 + channel])
                            sumB += Int(b.pixels[(y * b.width + x) * 3 + channel])
                        }
                    }
                    total += abs(Double(sumA - sumB)) / 64
                    count += 1
                }
            }
        }
        return total / Double(count)
    }

    /// The mean difference per channel, pixel by pixel.
    static func pixelError(_ a: RGBImage, _ b: RGBImage) -> Double {
        Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    /// In 256 colours each pixel is its nearest palette colour: the least error pixel by pixel
    /// (no checkerboard, no speckles), as chafa draws them.
    @Test func twoHundredFiftySixColoursAreEachPixelsNearest() {
        #expect(Self.gradient.dithered(for: .palette256) == Self.gradient, "left to the renderer's nearest colour")
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<128 { pixels += [UInt8(120 + (x + y) % 9), UInt8(112 + x % 5), UInt8(106 + y % 7)] }
        }
        let nearGrey = RGBImage(width: 128, height: 64, pixels: pixels)
        let shown = Self.nearest(nearGrey, .palette256)
        let colours = Set((0..<(128 * 64)).map { shown.pixel($0 % 128, $0 / 128) })
        #expect(colours.count <= 3, "a near-grey stays a few greys, no speckles: \(colours.count)")
        #expect(Self.pixelError(shown, nearGrey) < 8, "\(Self.pixelError(shown, nearGrey))")
    }

    @Test(arguments: [ColorMode.palette16])
    func aGradientBecomesAMixOfThePalettesColoursNotBands(depth: ColorMode) {
        let dithered = Self.gradient.dithered(for: depth)
        let banded = Self.nearest(Self.gradient, depth)
        // Every pixel is one of the palette's colours (the renderer then writes it exactly).
        #expect(Self.nearest(dithered, depth) == dithered)
        let error = Self.blockError(dithered, Self.gradient)
        let bandError = Self.blockError(banded, Self.gradient)
        print("\(depth.rawValue) colours: block error \(error) dithered, \(bandError) banded")
        // 22.5 against 39.6 in 16 (not a grid: nudged, then the nearest).
        #expect(error < bandError * 0.7, "dithered \(error) against banded \(bandError)")
    }

    @Test func truecolorAndNoColourAreLeftAsTheyAre() {
        #expect(Self.gradient.dithered(for: .truecolor) == Self.gradient)
        #expect(Self.gradient.dithered(for: .none) == Self.gradient)
    }

    /// The viewer's half blocks in 16 colours: the cells carry palette colours, mixed.
    @Test func halfBlocksInSixteenColoursAreDithered() {
        var buffer = CellBuffer(width: 64, height: 16)
        ImageCells.draw(Self.gradient, into: &buffer, x: 0, y: 0, columns: 64, rows: 16, depth: .palette16)
        var colours = Set<RGB>()
        for x in 0..<64 {
            for y in 0..<16 {
                let style = buffer[x, y].style
                for colour in [style.foreground, style.background].compactMap({ $0 }) {
                    #expect(ColorCode.ansi16.contains(colour), "\(colour) at \(x),\(y)")
                    colours.insert(colour)
                }
            }
        }
        #expect(colours.count >= 6, "a mix: \(colours.count) colours")
    }
}
