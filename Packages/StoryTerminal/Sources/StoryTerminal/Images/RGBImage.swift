/// Decoded pixels, 8-bit RGB, row-major.
public struct RGBImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes.
    public let pixels: [UInt8]

    /// Wraps pixels; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at a pixel.
    public func pixel(_ x: Int, _ y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    /// A box-filtered copy of `width × height` (each output pixel the average of the source
    /// area it covers): no aliasing when shrinking, nearest neighbour when growing.
    public func resampled(width newWidth: Int, height newHeight: Int) -> RGBImage {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else {
            return RGBImage(
                width: max(0, newWidth), height: max(0, newHeight),
                pixels: Array(repeating: 0, count: max(0, newWidth) * max(0, newHeight) * 3))
        }
        if newWidth == width, newHeight == height { return self }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        // Source column spans for each output column, computed once.
        let columns = (0..<newWidth).map { x in
            (x * width / newWidth, max(x * width / newWidth + 1, (x + 1) * width / newWidth))
        }
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    let y0 = y * height / newHeight
                    let y1 = max(y0 + 1, (y + 1) * height / newHeight)
                    for x in 0..<newWidth {
                        let (x0, x1) = columns[x]
                        var r = 0
                        var g = 0
                        var b = 0
                        for sy in y0..<y1 {
                            var offset = (sy * width + x0) * 3
                            for _ in x0..<x1 {
                                r += Int(source[offset])
                                g += Int(source[offset + 1])
                                b += Int(source[offset + 2])
                                offset += 3
                            }
                        }
                        let count = (y1 - y0) * (x1 - x0)
                        let o = (y * newWidth + x) * 3
                        target[o] = UInt8(r / count)
                        target[o + 1] = UInt8(g / count)
                        target[o + 2] = UInt8(b / count)
                    }
                }
            }
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: out)
    }
}
