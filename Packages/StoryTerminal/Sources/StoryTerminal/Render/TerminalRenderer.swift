import StoryImages
/// Turns cell buffers into bytes for the terminal: a whole frame, or only the cells that
/// changed since the previous one — one buffer, written with one write.
public struct TerminalRenderer: Sendable {
    /// The colour depth to write in (`.auto` is treated as truecolor).
    public var depth: ColorMode

    /// A renderer for `depth`.
    public init(depth: ColorMode) {
        self.depth = depth
    }

    /// Every row of `buffer` as lines (reset and newline at each end): for `stories render`
    /// and other output that is not a full-screen frame.
    public func lines(_ buffer: CellBuffer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(buffer.width * buffer.height * 20)
        let plain = depth == .none  // NO_COLOR: characters only, not one escape sequence
        for y in 0..<buffer.height {
            var current: CellStyle? = nil
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.isContinuation { continue }
                if !plain, cell.style != current {
                    appendStyle(cell.style, to: &out)
                    current = cell.style
                }
                cell.appendText(to: &out)
            }
            out.append(contentsOf: (plain ? "\n" : "\u{1B}[0m\n").utf8)
        }
        return out
    }

    /// The bytes that turn a screen showing `old` into `new` (the whole frame when `old` is nil
    /// or of another size): cursor moves, style changes and the changed cells only.
    public func diff(from old: CellBuffer?, to new: CellBuffer) -> [UInt8] {
        var new = new
        return diff(from: old, to: &new, tolerance: 0)
    }

    /// ``diff(from:to:)``, where a picture's cell (a half block or a coloured space, plain)
    /// whose colours each moved by at most `tolerance` in every channel since `old` is left as
    /// the screen shows it: `new` takes `old`'s cell there, so that afterwards it is what the
    /// screen shows and the next frame is compared with that (a slow change is written once it
    /// has added up past `tolerance`; nothing drifts further). For a playing video's frames in
    /// cells: 2 levels of 255 are not seen, and leave nearly half of a frame's cells unwritten
    /// (``videoTolerance``).
    public func diff(from old: CellBuffer?, to new: inout CellBuffer, tolerance: Int) -> [UInt8] {
        let full = old == nil || old!.width != new.width || old!.height != new.height
        var kept: [Int] = []
        var out: [UInt8] = []
        if full { out.append(contentsOf: "\u{1B}[0m\u{1B}[2J".utf8) }
        var current: CellStyle? = nil
        var cursor: (x: Int, y: Int)? = nil
        // The hyperlink open (OSC 8): closed before the cursor moves, so no cell written
        // elsewhere joins it.
        var openLink: String? = nil
        // The cells read in place (a video frame changes most of them: this loop is its cost).
        let cells = new.cells
        let before = full ? [] : old!.cells
        let columns = new.width
        for y in 0..<new.height {
            let row = y * columns
            for x in 0..<columns {
                let index = row + x
                let cell = cells[index]
                guard !cell.isContinuation else { continue }
                // A wide character is rewritten when either of its halves changed.
                let isWide = x + 1 < columns && cells[index + 1].isContinuation
                let changed =
                    full || before[index] != cell || (isWide && before[index + 1] != cells[index + 1])
                guard changed else { continue }
                if tolerance > 0, !full, !isWide, Self.close(before[index], cell, within: tolerance) {
                    kept.append(index)
                    continue
                }
                if cursor == nil || cursor! != (x, y) {
                    if openLink != nil {
                        out.append(contentsOf: Self.hyperlink(nil))
                        openLink = nil
                    }
                    SGRWriter.appending(to: &out) { writer in
                        writer.ascii("\u{1B}[")
                        if let cursor, cursor.y == y, cursor.x < x {
                            // Forward on the same row (CUF), shorter than a position: cells
                            // left as they are inside a picture's row.
                            if x - cursor.x > 1 { writer.number(x - cursor.x) }
                            writer.byte(UInt8(ascii: "C"))
                        } else {
                            writer.number(y + 1)
                            writer.byte(UInt8(ascii: ";"))
                            writer.number(x + 1)
                            writer.byte(UInt8(ascii: "H"))
                        }
                    }
                }
                if cell.style != current {
                    appendStyle(cell.style, from: current, to: &out)
                    current = cell.style
                }
                let link = cell.style.link.flatMap(Self.safeLink)
                if link != openLink {
                    out.append(contentsOf: Self.hyperlink(link))
                    openLink = link
                }
                cell.appendText(to: &out)
                cursor = Self.advance(of: cell).map { (x + $0, y) }
            }
        }
        if openLink != nil { out.append(contentsOf: Self.hyperlink(nil)) }
        if current != nil { out.append(contentsOf: "\u{1B}[0m".utf8) }
        if !kept.isEmpty, let old {
            for index in kept { new[index % columns, index / columns] = old[index % columns, index / columns] }
        }
        return out
    }

    /// The tolerance for a playing video's frames drawn in cells (``diff(from:to:tolerance:)``):
    /// 2 of 255 in a channel, under what the eye tells apart and under what the decoder's own
    /// shortcuts move (frames decoded without deblocking differ by up to 8); on the bench clip
    /// (a slow zoom) 45 % fewer cells written a frame (1 448 → 798 of 1 800).
    public static let videoTolerance = 2

    /// Whether `shown` may stay for `cell`: both a picture's cell (``ImageCells``: a half block
    /// or a space, not bold, no link) with the same character, each colour present in both or
    /// neither, and no channel more than `tolerance` apart.
    static func close(_ shown: Cell, _ cell: Cell, within tolerance: Int) -> Bool {
        guard shown.glyph == cell.glyph, cell.glyph == 0x2580 || cell.glyph == 0x2584 || cell.glyph == 0x20 else {
            return false  // ▀, ▄ and a space
        }
        let (a, b) = (shown.style, cell.style)
        guard !a.bold, !b.bold, a.linkNumber == 0, b.linkNumber == 0 else { return false }
        func near(_ x: RGB?, _ y: RGB?) -> Bool {
            switch (x, y) {
            case (nil, nil): return true
            case (let x?, let y?):
                return abs(Int(x.r) - Int(y.r)) <= tolerance && abs(Int(x.g) - Int(y.g)) <= tolerance
                    && abs(Int(x.b) - Int(y.b)) <= tolerance
            default: return false
            }
        }
        return near(a.foreground, b.foreground) && near(a.background, b.background)
    }

    /// How many columns the cursor moves after `text` is written, when that is certain: after
    /// anything but ASCII and the block and box elements (U+2500–U+259F) the next cell is
    /// placed explicitly (nil), so a terminal that measures a character otherwise than we do
    /// (an ambiguous-width symbol) shifts nothing after it. The one-byte and block-element
    /// cells, nearly all of a picture's, are told from their UTF-8 alone.
    static func advance(of cell: Cell) -> Int? {
        guard let scalar = cell.scalar else { return advance(of: cell.text) }
        return scalar.value < 0x80 || (0x2500...0x259F).contains(scalar.value) ? 1 : nil
    }

    /// ``advance(of:)-(Cell)`` for a cell's text.
    static func advance(of text: String) -> Int? {
        let utf8 = text.utf8
        if utf8.count == 1 { return 1 }
        if utf8.count == 3 {
            // U+2500–U+259F are E2 94 80 … E2 96 9F (U+25A0 on, E2 96 A0, are geometric shapes
            // such as ▶, ambiguous in width); one column each (TerminalRendererTests).
            var bytes = utf8.makeIterator()
            let (first, second, third) = (bytes.next()!, bytes.next()!, bytes.next()!)
            if first == 0xE2, second == 0x94 || second == 0x95 || (second == 0x96 && third <= 0x9F) { return 1 }
        }
        guard text.unicodeScalars.allSatisfy({ (0x2500...0x259F).contains($0.value) }) else { return nil }
        return TerminalText.width(of: Character(text.isEmpty ? " " : text))
    }

    /// OSC 8 opening `link`, or closing the one open (nil).
    static func hyperlink(_ link: String?) -> [UInt8] {
        Array("\u{1B}]8;;\(link ?? "")\u{1B}\\".utf8)
    }

    /// `link` when it is safe inside OSC 8: an http(s) URL of printable ASCII, at most 2,000
    /// bytes (a control character would end the sequence and write the rest as text).
    static func safeLink(_ link: String) -> String? {
        guard link.hasPrefix("https://") || link.hasPrefix("http://"), link.utf8.count <= 2000,
            link.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return link
    }

    /// The shortest `ESC[…m` that turns the terminal's style from `current` (what this frame's
    /// last sequence set; nil when not known) into `style`: only what changed — a colour (39 and
    /// 49 for the terminal's own), bold turned on — with nothing for a change of link alone;
    /// the whole style after a reset (``appendStyle(_:to:)``) when bold goes off, when nothing is
    /// known, and without colours. A picture's cell after another is two bytes shorter, one
    /// whose colour did not change about twenty.
    func appendStyle(_ style: CellStyle, from current: CellStyle?, to out: inout [UInt8]) {
        guard let current, depth != .none, style.bold || !current.bold else {
            return appendStyle(style, to: &out)
        }
        let foreground = style.foreground != current.foreground
        let background = style.background != current.background
        let bold = style.bold && !current.bold
        guard foreground || background || bold else { return }
        SGRWriter.appending(to: &out) { writer in
            writer.ascii("\u{1B}[")
            if bold { writer.byte(UInt8(ascii: "1")) }
            if foreground {
                if bold { writer.byte(UInt8(ascii: ";")) }
                writer.colorOrDefault(style.foreground, background: false, depth: depth)
            }
            if background {
                if bold || foreground { writer.byte(UInt8(ascii: ";")) }
                writer.colorOrDefault(style.background, background: true, depth: depth)
            }
            writer.byte(UInt8(ascii: "m"))
        }
    }

    /// `ESC[0;…m` for a style in this depth.
    func appendStyle(_ style: CellStyle, to out: inout [UInt8]) {
        SGRWriter.appending(to: &out) { writer in
            writer.ascii("\u{1B}[0")
            if style.bold { writer.ascii(";1") }
            if depth != .none {
                if let foreground = style.foreground {
                    writer.byte(UInt8(ascii: ";"))
                    writer.color(foreground, background: false, depth: depth)
                }
                if let background = style.background {
                    writer.byte(UInt8(ascii: ";"))
                    writer.color(background, background: true, depth: depth)
                }
            }
            writer.byte(UInt8(ascii: "m"))
        }
    }
}
