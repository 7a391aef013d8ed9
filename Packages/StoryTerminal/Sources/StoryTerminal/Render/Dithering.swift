public import StoryImages
extension RGBImage {
    /// The picture in the colours `depth` can show. In 16 colours, ordered-dithered (an 8×8
    /// Bayer matrix): each pixel takes one of the palette's colours around it by its place in
    /// the matrix, so a gradient is a mix of the few colours instead of wide bands; ordered
    /// rather than diffused, so a video's still parts keep their pattern from frame to frame.
    /// In 256 colours, unchanged: the renderer takes each pixel's nearest palette colour. The
    /// dither there made a coarse checkerboard with red speckles on near-greys (each channel
    /// between cube levels 40 apart), and its mean error against the source was 48 where
    /// chafa's is 35 and the nearest colour's 34 (a 60×20 landscape).
    /// Truecolor and no colour come back unchanged.
    public func dithered(for depth: ColorMode) -> RGBImage {
        guard depth == .palette16 else { return self }
        var out = pixels
        out.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                for x in 0..<width {
                    let o = (y * width + x) * 3
                    // The matrix's threshold at this place, 0..<64.
                    let threshold = Self.bayer[(y & 7) * 8 + (x & 7)]
                    let color = RGB(target[o], target[o + 1], target[o + 2])
                    let shown = Self.dither16(color, threshold)
                    target[o] = shown.r
                    target[o + 1] = shown.g
                    target[o + 2] = shown.b
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }

    /// The 16 colours are not a grid: the pixel nudged by up to half their spacing (±55),
    /// then the nearest.
    private static func dither16(_ color: RGB, _ threshold: Int) -> RGB {
        let nudge = (threshold * 2 + 1 - 64) * 110 / 128
        let nudged = RGB(
            clamp(Int(color.r) + nudge), clamp(Int(color.g) + nudge), clamp(Int(color.b) + nudge))
        return ColorCode.ansi16[ColorCode.palette16(nudged)]
    }

    /// The 8×8 Bayer matrix, 0..<64.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62,
        30, 54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31,
        55, 23, 61, 29, 53, 21,
    ]

    private static func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
}

extension ColorCode {
    /// The colour of xterm's 256-colour index `index` (16 and up: the cube and the gray ramp;
    /// below: the 16 colours).
    static func rgb256(_ index: Int) -> RGB {
        switch index {
        case ..<16: return ansi16[max(0, index)]
        case 232...:
            return RGB(UInt8(8 + 10 * (index - 232)), UInt8(8 + 10 * (index - 232)), UInt8(8 + 10 * (index - 232)))
        default:
            let cube = index - 16
            return RGB(
                UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
        }
    }
}
