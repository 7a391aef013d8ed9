import CImageCodecs

/// DEC sixel graphics for xterm (`-ti vt340`), foot, WezTerm, mlterm and Windows Terminal: an
/// image quantised to a palette of its own (median cut, at most 256 colours) with
/// Floyd–Steinberg dithering, written as a DCS `ESC P 0;1;0 q … ESC \` with run-length coding.
public enum SixelEncoder {
    /// The image as one sixel sequence, drawn at the cursor at one terminal pixel per image
    /// pixel (scale it to the cells' pixel size first).
    /// Pixels whose `opaque` entry is false are not drawn: the terminal's own background shows
    /// through them (an avatar's corners).
    public static func encode(_ image: RGBImage, opaque: [Bool]? = nil, colors: Int = 256) -> [UInt8] {
        var quantized = SixelQuantizer.quantize(image, colors: colors)
        if let opaque, opaque.count == image.width * image.height { quantized.opaque = opaque }
        return encode(quantized)
    }

    /// A quantised image as one sixel sequence.
    static func encode(_ image: QuantizedImage) -> [UInt8] {
        let width = image.width
        let height = image.height
        var out: [UInt8] = []
        out.reserveCapacity(width * height / 2 + 4096)
        out += Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (index, color) in image.palette.enumerated() {
            // Sixel colours are percentages.
            let percent = { (value: UInt8) in (Int(value) * 100 + 127) / 255 }
            out += Array("#\(index);2;\(percent(color.r));\(percent(color.g));\(percent(color.b))".utf8)
        }
        guard width > 0, height > 0, image.indexes.count >= width * height else {
            out += [0x1B, UInt8(ascii: "\\")]
            return out
        }
        // The bands in C (`cimg_sixel_bands`, CImageCodecs: the Swift appended them byte by
        // byte, 23.5 M instructions for a 450×800 photograph against 17.9 M there);
        // SixelDitherTests hold it to the Swift it replaced.
        let mask = image.opaque.flatMap { $0.count == width * height ? $0.map { UInt8($0 ? 1 : 0) } : nil }
        var size = 0
        let colors = Int32(image.palette.count)
        let bands = image.indexes.withUnsafeBufferPointer { indexes in
            guard let mask else { return cimg_sixel_bands(indexes.baseAddress, nil, width, height, colors, &size) }
            return mask.withUnsafeBufferPointer {
                cimg_sixel_bands(indexes.baseAddress, $0.baseAddress, width, height, colors, &size)
            }
        }
        if let bands {
            out.append(contentsOf: UnsafeBufferPointer(start: bands, count: size))
            cimg_free(bands)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
