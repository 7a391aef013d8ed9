/// How a cell is drawn.
public struct CellStyle: Hashable, Sendable {
    /// Foreground colour; nil for the terminal's default.
    public var foreground: RGB?
    /// Background colour; nil for the terminal's default.
    public var background: RGB?
    /// Bold text.
    public var bold: Bool
    /// A hyperlink the cell belongs to (OSC 8): the terminal opens it on a click. Only
    /// http(s) URLs, without control characters, are written.
    public var link: String?

    /// Creates a style.
    public init(foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, link: String? = nil) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.link = link
    }

    /// The terminal's defaults.
    public static let plain = CellStyle()
}

/// One terminal cell: a character (a whole grapheme) and its style. The right half of a
/// wide character is a continuation cell with empty text.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String
    /// Its style.
    public var style: CellStyle

    /// Creates a cell.
    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell()

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { text.isEmpty }
}

/// A grid of cells that a screen draws into; ``TerminalRenderer`` writes it, or only what
/// changed since the previous frame.
public struct CellBuffer: Hashable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major cells.
    public private(set) var cells: [Cell]
    /// Pictures drawn over cells in a graphics protocol (``place(_:)``), in drawing order.
    public internal(set) var graphics: [CellGraphic] = []

    /// A blank buffer.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a column and row (blank outside the buffer).
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x, y) ? cells[y * width + x] : .blank }
        set {
            guard contains(x, y) else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Whether a column and row are inside the buffer.
    public func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes untrusted `text` (sanitised here) from column `x` on row `y`, wide characters
    /// taking two cells, cut at `maxWidth` columns (and at the buffer's edge). A wide character
    /// that would not fit is replaced by a space. Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        let limit = min(maxWidth ?? width, width - x)
        guard y >= 0, y < height, limit > 0 else { return 0 }
        var column = 0
        for original in TerminalText.sanitize(text) {
            let character = TerminalText.uniform(original)
            let w = TerminalText.width(of: character)
            if w == 0 {
                continue  // combining marks are part of their grapheme; zero-width: nothing to draw
            }
            if column + w > limit {
                if w == 2, column < limit { self[x + column, y] = Cell(" ", style: style) }
                break
            }
            clearWide(at: x + column, y)
            self[x + column, y] = Cell(String(character), style: style)
            if w == 2 {
                clearWide(at: x + column + 1, y)
                self[x + column + 1, y] = Cell("", style: style)
            }
            column += w
        }
        return column
    }

    /// Fills a rectangle with `cell` (the part inside the buffer; nothing when it lies outside).
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell) {
        let rows = max(0, y)..<max(max(0, y), min(self.height, y + height))
        let columns = max(0, x)..<max(max(0, x), min(self.width, x + width))
        for row in rows {
            for column in columns { self[column, row] = cell }
        }
    }

    /// Overwriting half of a wide character blanks its other half, so no half is left behind.
    private mutating func clearWide(at x: Int, _ y: Int) {
        guard contains(x, y) else { return }
        if self[x, y].isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        if x + 1 < width, self[x + 1, y].isContinuation { self[x + 1, y] = Cell(" ", style: self[x + 1, y].style) }
    }
}
