import StoryImages
/// Pictures that are part of the cells they cover (``GraphicsScreen``): sixel, iTerm2 inline
/// images and kitty's placeholders, drawn when they appear and again when a cell over them
/// changed, the text over them written again after.
extension GraphicsScreen {
    /// Draws a graphic in sixel, as an iTerm2 inline image or as kitty placeholders (all are
    /// part of the cells they cover), then writes again the characters over it.
    mutating func drawInCells(_ graphic: CellGraphic, over frame: CellBuffer, into out: inout [UInt8]) {
        let place = layout(graphic)
        let picture = Picture(
            key: graphic.key, width: graphic.image.width, height: graphic.image.height, shape: graphic.shape,
            pixelWidth: place.width, pixelHeight: place.height)
        if placeholders {
            drawPlaceholders(graphic, picture: picture, into: &out)
            var under = frame
            under.markStale(graphic, keepingBlank: true)
            out += cells.diff(from: under, to: frame)
            return
        }
        let bytes: [UInt8]
        if let known = encoded[picture] {
            bytes = known.bytes
        } else {
            let pixels = pixels(graphic, width: place.width, height: place.height)
            // iTerm2 gets a JPEG (no transparency: an avatar's corners are black there).
            bytes =
                mode == .iterm2
                ? ITerm2Image.picture(pixels.image) ?? []
                : SixelEncoder.encode(pixels.image, opaque: pixels.opaque, colors: min(256, colorRegisters ?? 256))
        }
        encoded[picture] = (bytes, frameNumber)
        out += Self.moveCursor(x: place.x, y: place.y)
        out += bytes
        // The text over the picture (a heart): written again on top of it.
        var under = frame
        under.markStale(graphic, keepingBlank: true)
        out += cells.diff(from: under, to: frame)
    }
}

extension CellBuffer {
    /// A cell no frame holds: a cell marked with it is written by the next diff.
    static let stale = Cell("\u{7F}")

    /// Marks the cells under a graphic as stale (all of them, or only those not blank).
    mutating func markStale(_ graphic: CellGraphic, keepingBlank: Bool = false) {
        for row in graphic.y..<(graphic.y + graphic.rows) {
            for column in graphic.x..<(graphic.x + graphic.columns) where !keepingBlank || self[column, row] != .blank {
                self[column, row] = Self.stale
            }
        }
    }

    /// Whether any cell under a graphic differs between this frame and `other`.
    func differs(from other: CellBuffer, inside graphic: CellGraphic) -> Bool {
        for row in graphic.y..<(graphic.y + graphic.rows) {
            for column in graphic.x..<(graphic.x + graphic.columns) where self[column, row] != other[column, row] {
                return true
            }
        }
        return false
    }
}
