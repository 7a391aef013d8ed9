public import Foundation
import StoryBase
public import StoryImages

/// A picture drawn at the cursor in a graphics protocol, inside `columns × rows` cells with its
/// aspect kept, the cursor left on the line below it: `stories render`'s output for
/// `--graphics kitty | sixel | iterm2`. The picture is an encoded file (JPEG or PNG, decoded
/// at the scale the cells need) or pixels already decoded (an animation's first frame: never
/// encoded to be decoded again, but for iTerm2, which is sent a file).
public enum GraphicsImage {
    /// What is drawn.
    public enum Picture: Sendable {
        /// A JPEG or PNG file's bytes.
        case encoded(Data)
        /// Decoded pixels.
        case decoded(RGBImage)
    }

    /// The bytes that draw `data`; `id` names a kitty image (a new one per drawing, so an
    /// earlier image with another id stays on the screen).
    /// A sixel picture keeps within `sixelLimit` (the terminal's XTSMGRAPHICS answer) and
    /// `colorRegisters` colours. A kitty picture goes by file in `kittyFiles` when given
    /// (``KittyFiles``: the terminal was seen to read and delete one there).
    public static func draw(
        _ data: Data, mode: GraphicsMode, columns: Int, rows: Int, cell: CellPixels, id: UInt32,
        sixelLimit: GraphicsDetection.PixelLimit? = nil, colorRegisters: Int? = nil, kittyFiles: String? = nil
    ) throws(ImageDecodeError) -> [UInt8] {
        try draw(
            .encoded(data), mode: mode, columns: columns, rows: rows, cell: cell, id: id, sixelLimit: sixelLimit,
            colorRegisters: colorRegisters, kittyFiles: kittyFiles)
    }

    /// The bytes that draw `picture` (as ``draw(_:mode:columns:rows:cell:id:sixelLimit:colorRegisters:kittyFiles:)``).
    public static func draw(
        _ picture: Picture, mode: GraphicsMode, columns: Int, rows: Int, cell: CellPixels, id: UInt32,
        sixelLimit: GraphicsDetection.PixelLimit? = nil, colorRegisters: Int? = nil, kittyFiles: String? = nil
    ) throws(ImageDecodeError) -> [UInt8] {
        let (header, fitted, pixels) = try layout(picture, columns: columns, rows: rows, cell: cell)
        let below = [UInt8](repeating: UInt8(ascii: "\n"), count: fitted.rows)
        switch mode {
        case .iterm2:
            // The terminal decodes and scales the file itself.
            return ITerm2Image.inline(try file(picture), columns: fitted.columns, rows: fitted.rows)
                + [UInt8(ascii: "\n")]
        case .kitty:
            let image = try kittyPicture(picture, pixels.width, pixels.height, whole: pixels.width >= header.width)
            // Uncompressed, as chafa sends it: a one-shot picture to a local terminal is faster
            // written whole than deflated first (and faster still by file).
            return KittyGraphics.transmitAndPlace(
                image, id: id, columns: fitted.columns, rows: fitted.rows, compressed: false, files: kittyFiles,
                trailer: below)
        case .sixel:
            var size = pixels
            if let limit = sixelLimit, size.width > limit.width || size.height > limit.height {
                let scale = min(Double(limit.width) / Double(size.width), Double(limit.height) / Double(size.height))
                size = (max(1, Int(Double(size.width) * scale)), max(1, Int(Double(size.height) * scale)))
            }
            let image = try decoded(picture, size.width, size.height)
            // The terminal moves the cursor to the line below the sixel image itself.
            return SixelEncoder.encode(image, colors: min(256, colorRegisters ?? 256), trailer: [UInt8(ascii: "\n")])
        case .auto, .symbols:
            preconditionFailure("GraphicsImage draws graphics modes only")
        }
    }

    /// What ``draw(_:mode:columns:rows:cell:id:sixelLimit:colorRegisters:kittyFiles:)`` gives,
    /// handed to `write` in pieces: a kitty picture sent inline goes out sixteen chunks at a time
    /// through one small buffer (``KittyGraphics/writeTransmitAndPlace(_:id:columns:rows:trailer:to:)``,
    /// the same bytes); anything else in one piece.
    public static func write(
        _ picture: Picture, mode: GraphicsMode, columns: Int, rows: Int, cell: CellPixels, id: UInt32,
        sixelLimit: GraphicsDetection.PixelLimit? = nil, colorRegisters: Int? = nil, kittyFiles: String? = nil,
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard mode == .kitty, kittyFiles == nil else {
            let bytes = try draw(
                picture, mode: mode, columns: columns, rows: rows, cell: cell, id: id, sixelLimit: sixelLimit,
                colorRegisters: colorRegisters, kittyFiles: kittyFiles)
            try bytes.withUnsafeBytes { try write($0) }
            return
        }
        let (header, fitted, pixels) = try layout(picture, columns: columns, rows: rows, cell: cell)
        let image = try kittyPicture(picture, pixels.width, pixels.height, whole: pixels.width >= header.width)
        try KittyGraphics.writeTransmitAndPlace(
            image, id: id, columns: fitted.columns, rows: fitted.rows,
            trailer: [UInt8](repeating: UInt8(ascii: "\n"), count: fitted.rows), to: write)
    }

    /// The columns `data` takes when fitted into `columns × rows` cells of `cell` (centring it
    /// in a wider line: `stories render --center`).
    public static func fittedColumns(_ picture: Picture, columns: Int, rows: Int, cell: CellPixels)
        throws(ImageDecodeError) -> Int
    {
        try layout(picture, columns: columns, rows: rows, cell: cell).fitted.columns
    }

    /// `picture`'s size (a file's from its header), the cells it takes in `columns × rows` and
    /// the pixels sent for them.
    static func layout(_ picture: Picture, columns: Int, rows: Int, cell: CellPixels) throws(ImageDecodeError) -> (
        header: (width: Int, height: Int),
        fitted: (width: Int, height: Int, columns: Int, rows: Int), pixels: (width: Int, height: Int)
    ) {
        let header: (width: Int, height: Int)
        switch picture {
        case .encoded(let data):
            let checked = try ImageDecoder.check(data)
            header = (checked.width, checked.height)
        case .decoded(let image): header = (image.width, image.height)
        }
        let fitted = cell.fitted(width: header.width, height: header.height, columns: columns, rows: rows)
        return (header, fitted, pixelSize(fitted: (fitted.width, fitted.height), source: (header.width, header.height)))
    }

    /// The pixels to send for a picture fitted to `fitted`: never more than the source has
    /// (kitty scales up to the cells itself; a sixel picture stays at the source's size) and
    /// at most ``maximumSide`` on a side, so a huge cell box cannot make a huge image.
    static func pixelSize(fitted: (width: Int, height: Int), source: (width: Int, height: Int)) -> (
        width: Int, height: Int
    ) {
        let scale = min(
            1, Double(source.width) / Double(max(1, fitted.width)),
            Double(maximumSide) / Double(max(1, fitted.width, fitted.height)))
        return (max(1, Int(Double(fitted.width) * scale)), max(1, Int(Double(fitted.height) * scale)))
    }

    /// The largest side sent, in pixels.
    public static let maximumSide = 4096

    /// The picture kitty is sent for a `width × height` box: decoded at the JPEG scale nearest
    /// the box (the smallest covering 85% of it) and sent as decoded when it is at most 30%
    /// larger — kitty fits it to the cells it is placed on (`c=`, `r=`), so nothing is
    /// resampled here (a 1080×1920 photo in 450×800: 405×720 sent, 19% fewer bytes, no resampling
    /// pass); a larger decode (a PNG, a source far above the box) is brought to the box. A box
    /// the source does not fill (`whole`) gets the whole source.
    static func kittyPicture(_ picture: Picture, _ width: Int, _ height: Int, whole: Bool) throws(ImageDecodeError)
        -> RGBImage
    {
        let share = whole ? 100 : 85
        let image: RGBImage
        switch picture {
        case .encoded(let data):
            image = try ImageDecoder.decode(data, covering: width * share / 100, height * share / 100)
        case .decoded(let decoded): image = decoded
        }
        if image.width * 10 <= width * 13, image.height * 10 <= height * 13 { return image }
        return image.resampled(width: width, height: height)
    }

    /// `picture` (a file decoded at the smallest covering scale) resampled to exactly `width × height`.
    static func decoded(_ picture: Picture, _ width: Int, _ height: Int) throws(ImageDecodeError) -> RGBImage {
        switch picture {
        case .encoded(let data):
            try ImageDecoder.decode(data, covering: width, height).resampled(width: width, height: height)
        case .decoded(let image): image.resampled(width: width, height: height)
        }
    }

    /// The file iTerm2 is sent: the picture's own, or its pixels as a JPEG (quality 92).
    static func file(_ picture: Picture) throws(ImageDecodeError) -> Data {
        switch picture {
        case .encoded(let data): return data
        case .decoded(let image):
            guard let jpeg = JPEGEncoder.encode(image, quality: 92) else {
                throw .corrupt(format: .jpeg, detail: "the picture could not be encoded for iTerm2")
            }
            return jpeg
        }
    }
}
