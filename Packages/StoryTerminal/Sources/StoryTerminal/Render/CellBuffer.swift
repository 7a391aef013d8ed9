public import StoryImages
import Synchronization

/// How a cell is drawn.
///
/// Plain data (no reference counted field): a link is kept as a number in ``CellStrings``, so
/// copying, comparing and clearing cells — a frame's work, thousands of cells at a time — moves
/// bytes and nothing else.
public struct CellStyle: Hashable, Sendable {
    /// Foreground colour; nil for the terminal's default.
    public var foreground: RGB?
    /// Background colour; nil for the terminal's default.
    public var background: RGB?
    /// Bold text.
    public var bold: Bool
    /// The link's number in ``CellStrings`` (0: none).
    var linkNumber: UInt32

    /// A hyperlink the cell belongs to (OSC 8): the terminal opens it on a click. Only
    /// http(s) URLs, without control characters, are written.
    public var link: String? {
        get { linkNumber == 0 ? nil : CellStrings.shared.string(linkNumber) }
        set { linkNumber = newValue.map { CellStrings.shared.number(for: $0) } ?? 0 }
    }

    /// Creates a style.
    public init(foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, link: String? = nil) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.linkNumber = 0
        self.link = link
    }

    /// The terminal's defaults.
    public static let plain = CellStyle()
}

/// One terminal cell: a character (a whole grapheme) and its style. The right half of a
/// wide character is a continuation cell with empty text.
///
/// Plain data, like ``CellStyle``: a grapheme of one Unicode scalar (nearly every cell: letters,
/// spaces, a picture's half blocks) is that scalar's value; a longer one (an emoji sequence, a
/// letter and its accents) is a number in ``CellStrings``. Two cells are equal when their texts
/// and styles are.
public struct Cell: Hashable, Sendable {
    /// The scalar's value (below 0x110000), ``continuation``, or ``longer`` plus a number in
    /// ``CellStrings``.
    var glyph: UInt32
    /// Its style.
    public var style: CellStyle

    static let continuation: UInt32 = 0xFFFF_FFFF
    static let longer: UInt32 = 0x8000_0000

    /// The grapheme drawn here; empty for the right half of a wide character.
    public var text: String {
        get {
            if glyph == Self.continuation { return "" }
            if glyph >= Self.longer { return CellStrings.shared.string(glyph - Self.longer) }
            return String(Character(Unicode.Scalar(glyph)!))
        }
        set { glyph = Self.glyph(newValue) }
    }

    /// Creates a cell.
    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.glyph = Self.glyph(text)
        self.style = style
    }

    /// A cell of one scalar (no text to look at: a picture's half blocks).
    init(scalar: Unicode.Scalar, style: CellStyle = .plain) {
        self.glyph = scalar.value
        self.style = style
    }

    /// A blank cell.
    public static let blank = Cell()

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { glyph == Self.continuation }

    /// The scalar drawn here when the text is one scalar.
    var scalar: Unicode.Scalar? { glyph < Self.longer ? Unicode.Scalar(glyph) : nil }

    /// Appends the text's UTF-8 to `out`.
    func appendText(to out: inout [UInt8]) {
        if glyph < 0x80 {
            out.append(UInt8(glyph))
        } else if glyph < Self.longer, let scalar = Unicode.Scalar(glyph) {
            out.append(contentsOf: UTF8.encode(scalar)!)
        } else if glyph != Self.continuation {
            out.append(contentsOf: text.utf8)
        }
    }

    private static func glyph(_ text: String) -> UInt32 {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return continuation }
        if scalars.next() == nil { return first.value }
        return longer + CellStrings.shared.number(for: text)
    }
}

/// The strings cells keep by number: graphemes of more than one scalar and links. Each string is
/// kept once, for the life of the process (what a session shows: a few hundred at most). The
/// table holds at most `limit` strings: content made to show ever new graphemes (a crafted
/// stories document) gets U+FFFD for those past it, and no link, instead of memory without end.
final class CellStrings: Sendable {
    /// The one table (65 536 strings at most).
    static let shared = CellStrings(limit: 65_536)

    private struct Table {
        var numbers: [String: UInt32] = [:]
        var strings: [String] = ["", "\u{FFFD}"]  // 0: none; 1: what is shown past the limit
    }
    private let table = Mutex(Table())
    private let limit: Int

    /// A table of at most `limit` strings.
    init(limit: Int) { self.limit = max(2, limit) }

    /// `string`'s number (1 on; the same for equal strings; 1, U+FFFD, once the table is full).
    func number(for string: String) -> UInt32 {
        table.withLock { table in
            if let number = table.numbers[string] { return number }
            guard table.strings.count < limit else { return 1 }
            let number = UInt32(table.strings.count)
            table.strings.append(string)
            table.numbers[string] = number
            return number
        }
    }

    /// The string numbered `number`.
    func string(_ number: UInt32) -> String {
        table.withLock { table in Int(number) < table.strings.count ? table.strings[Int(number)] : "" }
    }
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
