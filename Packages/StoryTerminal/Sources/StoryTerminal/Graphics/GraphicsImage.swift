public import Foundation

/// An encoded image (JPEG or PNG) drawn at the cursor in a graphics protocol, inside `columns
/// × rows` cells with its aspect kept, the cursor left on the line below it: `stories render`'s
/// output for `--graphics kitty | sixel | iterm2`.
public enum GraphicsImage {
    /// The bytes that draw `data`; `id` names a kitty image (a new one per drawing, so an
    /// earlier image with another id stays on the screen).
    public static func draw(
        _ data: Data, mode: GraphicsMode, columns: Int, rows: Int, cell: CellPixels, id: UInt32
    ) throws(ImageDecodeError) -> [UInt8] {
        let header = try ImageDecoder.check(data)
        let fitted = cell.fitted(width: header.width, height: header.height, columns: columns, rows: rows)
        let below = [UInt8](repeating: UInt8(ascii: "\n"), count: fitted.rows)
        switch mode {
        case .iterm2:
            // The terminal decodes and scales the file itself.
            return ITerm2Image.inline(data, columns: fitted.columns, rows: fitted.rows) + [UInt8(ascii: "\n")]
        case .kitty:
            let image = try pixels(data, fitted.width, fitted.height)
            // Uncompressed, as chafa sends it: a one-shot picture to a local terminal is faster
            // written whole than deflated first.
            return KittyGraphics.transmitAndPlace(
                image, id: id, columns: fitted.columns, rows: fitted.rows, compressed: false) + below
        case .sixel:
            let image = try pixels(data, fitted.width, fitted.height)
            // The terminal moves the cursor to the line below the sixel image itself.
            return SixelEncoder.encode(image) + [UInt8(ascii: "\n")]
        case .auto, .symbols:
            preconditionFailure("GraphicsImage draws graphics modes only")
        }
    }

    /// `data` decoded at the smallest covering scale and resampled to exactly `width × height`.
    static func pixels(_ data: Data, _ width: Int, _ height: Int) throws(ImageDecodeError) -> RGBImage {
        try ImageDecoder.decode(data, covering: width, height).resampled(width: width, height: height)
    }
}
