public import StoryImages
/// Draws images into cells with half blocks: each cell shows two pixels, the upper as the
/// foreground of `▀` and the lower as its background; letterboxed with the aspect kept.
public enum ImageCells {
    /// Luminance ramp for `ColorMode.none` (NO_COLOR): darkest to brightest.
    static let ramp = Array(" .:-=+*#%@")

    /// The pixel size an image of `width × height` takes inside `columns × rows` cells
    /// (2 pixels per row), aspect kept on cells of `cell`'s shape (square half blocks when
    /// nil: cells twice as tall as wide).
    public static func fittedSize(width: Int, height: Int, columns: Int, rows: Int, cell: CellPixels? = nil)
        -> (width: Int, height: Int)
    {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        // A half block's width over its height: 1 on a 1:2 cell; the picture's width in half
        // blocks is divided by it.
        let shape = cell.map { 2 * Double($0.width) / Double($0.height) } ?? 1
        let shaped = max(1, Double(width) / min(2, max(0.5, shape)))
        let scale = min(Double(columns) / shaped, Double(rows * 2) / Double(height))
        return (
            max(1, min(columns, Int((shaped * scale).rounded()))),
            max(1, min(rows * 2, Int((Double(height) * scale).rounded())))
        )
    }

    /// Draws `image` centred in the rectangle, letterboxed (the bars keep `background`), on
    /// half blocks of `cell`'s shape (square when nil).
    public static func draw(
        _ image: RGBImage, into buffer: inout CellBuffer, x: Int, y: Int, columns: Int, rows: Int,
        depth: ColorMode, background: RGB? = nil, cell shape: CellPixels? = nil
    ) {
        let fitted = fittedSize(width: image.width, height: image.height, columns: columns, rows: rows, cell: shape)
        guard fitted.width > 0 else { return }
        // In 16 colours, dithered (a gradient is a mix of the few colours, not bands); in 256, each
        // pixel its nearest palette colour (the renderer picks it).
        let scaled = image.resampled(width: fitted.width, height: fitted.height).dithered(for: depth)
        let left = (columns - fitted.width) / 2
        let top = (rows * 2 - fitted.height) / 2  // in pixels
        buffer.fill(x: x, y: y, width: columns, height: rows, with: Cell(" ", style: CellStyle(background: background)))
        for row in 0..<rows {
            let upperY = row * 2 - top
            let lowerY = upperY + 1
            let upperInside = upperY >= 0 && upperY < fitted.height
            let lowerInside = lowerY >= 0 && lowerY < fitted.height
            guard upperInside || lowerInside else { continue }
            for column in 0..<fitted.width {
                let upper = upperInside ? scaled.pixel(column, upperY) : background
                let lower = lowerInside ? scaled.pixel(column, lowerY) : background
                buffer[x + left + column, y + row] = cell(upper: upper, lower: lower, depth: depth)
            }
        }
    }

    static func cell(upper: RGB?, lower: RGB?, depth: ColorMode) -> Cell {
        if depth == .none {
            let levels = [upper, lower].compactMap { $0?.luminance }
            let average = levels.isEmpty ? 0 : levels.reduce(0, +) / levels.count
            return Cell(String(ramp[min(ramp.count - 1, average * ramp.count / 256)]))
        }
        // A half block's colour is always its foreground: a missing half (nil: the terminal's
        // own background shows) is drawn as the other half block with no background, never
        // left to the terminal's default foreground (white specks on a dark theme).
        switch (upper, lower) {
        case (nil, nil): return Cell(scalar: " ")
        case (nil, let lower?): return Cell(scalar: "▄", style: CellStyle(foreground: lower))
        case (let upper?, nil): return Cell(scalar: "▀", style: CellStyle(foreground: upper))
        case (let upper?, let lower?):
            if upper == lower { return Cell(scalar: " ", style: CellStyle(background: upper)) }
            return Cell(scalar: "▀", style: CellStyle(foreground: upper, background: lower))
        }
    }

    /// A box naming an image that cannot be drawn ("GIF image", "video").
    public static func placeholder(
        _ label: String, into buffer: inout CellBuffer, x: Int, y: Int, columns: Int, rows: Int
    ) {
        let gray = CellStyle(foreground: RGB(200, 200, 200), background: RGB(40, 40, 40))
        buffer.fill(x: x, y: y, width: columns, height: rows, with: Cell(" ", style: gray))
        let text = TerminalText.truncate(TerminalText.sanitize(label), toWidth: max(1, columns - 2))
        let textWidth = TerminalText.width(of: text)
        buffer.put(text, x: x + max(0, (columns - textWidth) / 2), y: y + rows / 2, style: gray, maxWidth: columns)
    }
}
