import CTerminalGraphics
public import StoryImages

/// DEC sixel graphics for xterm (`-ti vt340`), foot, WezTerm, mlterm and Windows Terminal: an
/// image quantised to a palette of its own (median cut, at most 256 colours) with
/// Floyd–Steinberg dithering, written as a DCS `ESC P 0;1;0 q … ESC \` with run-length coding.
public enum SixelEncoder {
    /// The image as one sixel sequence, drawn at the cursor at one terminal pixel per image
    /// pixel (scale it to the cells' pixel size first).
    /// Pixels whose `opaque` entry is false are not drawn: the terminal's own background shows
    /// through them (an avatar's corners).
    /// `trailer` is written after it, in the same array.
    ///
    /// The dither and the bands are C's (`cterm_sixel_picture`), in two halves at once (``Parallel``)
    /// for a picture of 60 000 pixels or more: the bands are what one pass writes; the lower
    /// half's dither starts afresh.
    public static func encode(_ image: RGBImage, opaque: [Bool]? = nil, colors: Int = 256, trailer: [UInt8] = [])
        -> [UInt8]
    {
        let palette = SixelQuantizer.palette(for: image, colors: max(2, min(256, colors)))
        let width = image.width
        let height = image.height
        var out = header(width: width, height: height, palette: palette)
        let mask = opaque.flatMap { $0.count == width * height ? $0.map { UInt8($0 ? 1 : 0) } : nil }
        var size = 0
        let channels = SixelQuantizer.channels(of: palette)
        let bands: UnsafeMutablePointer<UInt8>? =
            width > 0 && height > 0 && image.pixels.count >= width * height * 3
            ? image.pixels.withUnsafeBufferPointer { pixels in
                mask.withUnsafeBufferPointerIfAny { mask in
                    cterm_sixel_picture(
                        pixels.baseAddress, width, height, channels, Int32(palette.count), mask,
                        Parallel.graphicsRunner,
                        &size)
                }
            } : nil
        out.reserveCapacity(out.count + size + 2 + trailer.count)
        if let bands {
            out.append(contentsOf: UnsafeBufferPointer(start: bands, count: size))
            cterm_free(bands)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        out += trailer
        return out
    }

    /// The DCS's start: raster attributes and the palette (sixel colours are percentages).
    static func header(width: Int, height: Int, palette: [RGB]) -> [UInt8] {
        var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (index, color) in palette.enumerated() {
            let percent = { (value: UInt8) in (Int(value) * 100 + 127) / 255 }
            out += Array("#\(index);2;\(percent(color.r));\(percent(color.g));\(percent(color.b))".utf8)
        }
        return out
    }

    /// A quantised image as one sixel sequence (one thread: the reference for tests).
    static func encode(_ image: QuantizedImage) -> [UInt8] {
        let width = image.width
        let height = image.height
        var out = header(width: width, height: height, palette: image.palette)
        out.reserveCapacity(width * height / 2 + 4096)
        guard width > 0, height > 0, image.indexes.count >= width * height else {
            out += [0x1B, UInt8(ascii: "\\")]
            return out
        }
        // The bands in C (`cterm_sixel_bands`, CImageCodecs: the Swift appended them byte by
        // byte, 23.5 M instructions for a 450×800 photograph against 17.9 M there);
        // SixelDitherTests hold it to the Swift it replaced.
        let mask = image.opaque.flatMap { $0.count == width * height ? $0.map { UInt8($0 ? 1 : 0) } : nil }
        var size = 0
        let colors = Int32(image.palette.count)
        let bands = image.indexes.withUnsafeBufferPointer { indexes in
            guard let mask else { return cterm_sixel_bands(indexes.baseAddress, nil, width, height, colors, &size) }
            return mask.withUnsafeBufferPointer {
                cterm_sixel_bands(indexes.baseAddress, $0.baseAddress, width, height, colors, &size)
            }
        }
        if let bands {
            out.append(contentsOf: UnsafeBufferPointer(start: bands, count: size))
            cterm_free(bands)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}

extension Optional where Wrapped == [UInt8] {
    /// The bytes' pointer, or nil for nil.
    fileprivate func withUnsafeBufferPointerIfAny<R>(_ body: (UnsafePointer<UInt8>?) -> R) -> R {
        guard let bytes = self else { return body(nil) }
        return bytes.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
