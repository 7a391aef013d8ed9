public import Foundation
public import StoryImages

/// A picture printed at the cursor as `stories render` prints it: in the display's graphics
/// protocol, or in half blocks (only its own rows), fitted into `columns × rows` cells with its
/// aspect kept (or, in half blocks, stretched to fill them), centred in the width when asked.
public struct TerminalPicture: Sendable {
    /// How the terminal shows pictures and colours.
    public var display: TerminalDisplay
    /// The cells at most.
    public var columns: Int
    /// The rows at most.
    public var rows: Int
    /// The terminal's cell in pixels; nil when the output is not a terminal (graphics then
    /// take 10×20, half blocks are square).
    public var cell: CellPixels?
    /// Fill the cells, aspect not kept (half blocks).
    public var stretch = false
    /// Centre the picture in the width.
    public var center = false

    /// A picture printer.
    public init(
        display: TerminalDisplay, columns: Int, rows: Int, cell: CellPixels?, stretch: Bool = false,
        center: Bool = false
    ) {
        self.display = display
        self.columns = columns
        self.rows = rows
        self.cell = cell
        self.stretch = stretch
        self.center = center
    }

    /// The pixels an animation's or a video's frames are fitted into: two a cell's row in half
    /// blocks, else the cells' pixels.
    public var frameBox: (width: Int, height: Int) {
        guard display.graphics != .symbols else { return (columns, rows * 2) }
        let cell = cell ?? .assumed
        return (columns * cell.width, rows * cell.height)
    }

    /// Writes `picture`, in pieces, to `write`.
    public func write(_ picture: GraphicsImage.Picture, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        let graphics = display.graphics
        guard graphics == .symbols else {
            let cell = cell ?? .assumed
            if center {  // the cursor moved right by the margin; the picture is drawn there
                let used = try GraphicsImage.fittedColumns(picture, columns: columns, rows: rows, cell: cell)
                if columns > used {
                    try Array("\u{1B}[\((columns - used) / 2)C".utf8).withUnsafeBytes { try write($0) }
                }
            }
            try GraphicsImage.write(
                picture, mode: graphics, columns: columns, rows: rows, cell: cell,
                id: UInt32.random(in: 1...0x7FFF_FFFF), sixelLimit: display.detected.sixelLimit,
                colorRegisters: display.detected.colorRegisters, kittyFiles: display.detected.kittyFiles, to: write)
            return
        }
        try halfBlocks(picture).withUnsafeBytes { try write($0) }
    }

    /// `picture` in half blocks: its own rows, each ended by a line break.
    public func halfBlocks(_ picture: GraphicsImage.Picture) throws(ImageDecodeError) -> [UInt8] {
        let size: (width: Int, height: Int)
        switch picture {
        case .encoded(let data):
            let header = try ImageDecoder.size(of: data)
            size = (header.width, header.height)
        case .decoded(let image): size = (image.width, image.height)
        }
        // Half blocks of the terminal's real cell shape (kitty's made pictures 8% narrow).
        let fitted =
            stretch
            ? (width: columns, height: rows * 2)
            : ImageCells.fittedSize(width: size.width, height: size.height, columns: columns, rows: rows, cell: cell)
        let image: RGBImage
        switch picture {
        case .encoded(let data): image = try ImageDecoder.decode(data, covering: fitted.width, fitted.height)
        case .decoded(let decoded): image = decoded
        }
        return lines(image.resampled(width: fitted.width, height: fitted.height))
    }

    /// `image`, at its own size, as half-block lines (centred in the width when asked).
    public func lines(_ image: RGBImage) -> [UInt8] {
        let usedRows = (image.height + 1) / 2
        let margin = center ? max(0, (columns - image.width) / 2) : 0
        var buffer = CellBuffer(width: margin + image.width, height: usedRows)
        ImageCells.draw(
            image, into: &buffer, x: margin, y: 0, columns: image.width, rows: usedRows, depth: display.depth)
        return TerminalRenderer(depth: display.depth).lines(buffer)
    }

    /// Frames drawn in half blocks one over the other, in place: each frame's lines after moving
    /// the cursor back up over the rows the one before took.
    public struct Frames: Sendable {
        let picture: TerminalPicture
        var drawn = 0

        /// The bytes that draw `frame` (already fitted) over the frame before.
        public mutating func next(_ frame: RGBImage) -> [UInt8] {
            let back = drawn > 0 ? Array("\u{1B}[\(drawn)A\r".utf8) : []
            drawn = (frame.height + 1) / 2
            return back + picture.lines(frame)
        }
    }

    /// A player's frames, drawn over each other.
    public var frames: Frames { Frames(picture: self) }
}
