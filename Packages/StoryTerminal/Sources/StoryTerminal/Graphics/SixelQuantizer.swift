import CTerminalGraphics
import StoryImages

/// An image as palette indexes.
struct QuantizedImage: Sendable {
    var width: Int
    var height: Int
    /// At most 256 colours.
    var palette: [RGB]
    /// `width * height` indexes into `palette`, row-major.
    var indexes: [UInt8]
    /// Which pixels are drawn (nil: all).
    var opaque: [Bool]? = nil
}

/// Median-cut quantisation over a 15-bit histogram, then Floyd–Steinberg dithering with a
/// lazily filled nearest-colour table.
enum SixelQuantizer {
    static func quantize(_ image: RGBImage, colors: Int) -> QuantizedImage {
        let palette = palette(for: image, colors: max(2, min(256, colors)))
        return dither(image, palette: palette)
    }

    /// The palette: boxes of the histogram split at the median of their widest channel until
    /// there are `colors`, each box's colour its pixels' mean. C's (`cterm_sixel_palette`): the
    /// Swift it replaced (SixelReference.palette in the tests, which hold the C to it) was
    /// 15.4 M instructions of a 450×800 photograph, serial between the resampler and the dither.
    static func palette(for image: RGBImage, colors: Int) -> [RGB] {
        let colors = max(1, min(256, colors))
        var channels = [UInt8](repeating: 0, count: max(2, colors) * 3)
        let count = image.pixels.count / 3
        let made = image.pixels.withUnsafeBufferPointer { pixels in
            channels.withUnsafeMutableBufferPointer { out in
                cterm_sixel_palette(pixels.baseAddress, count, Int32(colors), Parallel.graphicsRunner, out.baseAddress)
            }
        }
        // Out of memory for its tables: black and white, as for no pixels.
        guard made > 0 else { return [RGB(0, 0, 0), RGB(255, 255, 255)] }
        return (0..<Int(made)).map { RGB(channels[$0 * 3], channels[$0 * 3 + 1], channels[$0 * 3 + 2]) }
    }

    /// The palette's colours as bytes, r g b after r g b (what the C dither reads).
    static func channels(of palette: [RGB]) -> [UInt8] {
        var channels: [UInt8] = []
        channels.reserveCapacity(palette.count * 3)
        for color in palette {
            channels.append(color.r)
            channels.append(color.g)
            channels.append(color.b)
        }
        return channels
    }

    /// Each pixel's nearest palette colour, its error spread Floyd–Steinberg style (7/16 right,
    /// 3/16 below left, 5/16 below, 1/16 below right); the nearest colour of each 15-bit bin's
    /// centre by 3·dr² + 4·dg² + 2·db² (the lowest index among equals), looked up once per bin.
    /// The loop is C's (`cterm_dither`, CImageCodecs): 148 instructions a pixel in Swift, 66
    /// there; SixelDitherTests hold it to the Swift it replaced.
    static func dither(_ image: RGBImage, palette: [RGB]) -> QuantizedImage {
        let width = image.width
        let height = image.height
        var indexes = [UInt8](repeating: 0, count: width * height)
        guard !palette.isEmpty, palette.count <= 256, width > 0, height > 0,
            image.pixels.count >= width * height * 3
        else {
            return QuantizedImage(width: width, height: height, palette: palette, indexes: indexes)
        }
        let colors = channels(of: palette)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            indexes.withUnsafeMutableBufferPointer { indexes in
                cterm_dither(pixels.baseAddress, width, height, colors, Int32(palette.count), indexes.baseAddress)
            }
        }
        // Out of memory for its 64 KiB table: every pixel the palette's first colour.
        if status != 0 { indexes = [UInt8](repeating: 0, count: width * height) }
        return QuantizedImage(width: width, height: height, palette: palette, indexes: indexes)
    }
}
