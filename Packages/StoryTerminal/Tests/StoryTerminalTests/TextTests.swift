import StoryImages
import Testing

@testable import StoryTerminal

@Suite("Terminal text")
struct TextTests {
    static let hostile: [String] = [
        "\u{1B}[2J\u{1B}[H evil", "name\u{1B}]0;pwned\u{07}", "\u{1B}P1;2|hidden\u{1B}\\", "bell\u{07}\u{07}",
        "\u{9B}31m C1 CSI", "\u{90}dcs\u{9C}", "back\u{08}\u{08}space", "null\u{0}byte", "del\u{7F}",
        "rtl\u{202E}gnp.exe", "isolate\u{2066}x\u{2069}", "line\nbreak\r\nand\ttab", "\u{1B}[?1049l leave screen",
        "\u{1B}[6n query", "\u{1B}]52;c;cGFzdGU=\u{07} clipboard", "\u{1B}[38;2;255;0;0mred",
    ]

    @Test(arguments: hostile)
    func hostileStringsCarryNoControlCharacters(text: String) {
        let clean = TerminalText.sanitize(text)
        for scalar in clean.unicodeScalars {
            #expect(!(0x00...0x1F).contains(scalar.value) && !(0x7F...0x9F).contains(scalar.value), "\(scalar.value)")
            #expect(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value))
        }
    }

    @Test func aLetterKeepsAtMostEightCombiningMarksAndTheRestStays() {
        // One letter with 200,000 marks: measuring and drawing it pegged a core for a minute.
        let start = ContinuousClock.now
        let safe = TerminalText.sanitize("a" + String(repeating: "\u{0301}", count: 200_000) + "b")
        #expect(safe.unicodeScalars.count == 1 + TerminalText.maximumMarks + 1)
        #expect(safe.hasSuffix("b") && TerminalText.width(of: safe) == 2)
        #expect(ContinuousClock.now - start < .seconds(30), "not the minute a quadratic walk took")
        // Scripts' own marks stay: Vietnamese, a Hindi vowel sign, Hebrew points.
        for text in ["Việt Nam", "हिन्दी", "שָׁלוֹם"] { #expect(TerminalText.sanitize(text) == text) }
    }

    @Test func printableTextEmojiAndRightToLeftLettersStay() {
        for text in ["Paul Jarvis", "Luna 🌙", "山田 花子", "نور الهدى", "Zoë Ångström", "e\u{301}"] {
            #expect(TerminalText.sanitize(text) == text)
        }
        #expect(TerminalText.sanitize("a\tb\nc") == "a b c")
    }

    @Test(arguments: [
        ("abc", 3), ("山田", 4), ("🌙", 2), ("Luna 🌙", 7), ("e\u{301}", 1), ("👍🏽", 2), ("❤️", 2), ("한국어", 6),
        ("ＡＢ", 4), ("\u{200B}", 0), ("🏳️‍🌈", 2),
    ])
    func displayWidths(text: String, width: Int) {
        #expect(TerminalText.width(of: text) == width)
    }

    @Test func truncationNeverSplitsACharacterOrOverflows() {
        #expect(TerminalText.truncate("山田花子", toWidth: 5) == "山田…")
        #expect(TerminalText.truncate("abc", toWidth: 3) == "abc")
        #expect(TerminalText.truncate("abcdef", toWidth: 4) == "abc…")
        for width in 1...12 {
            #expect(TerminalText.width(of: TerminalText.truncate("Maximiliana 山田 🌙 Ångström", toWidth: width)) <= width)
        }
    }
}

@Suite("Cell buffer and diffing")
struct CellBufferTests {
    /// The diff's fast rule for where the cursor is after a cell gives what the whole rule
    /// (ASCII or all block and box elements: their measured width; else placed explicitly) gives.
    @Test func theCursorAdvanceFastPathAgreesWithTheRule() {
        let scalars = (0x20..<0x7F).map { $0 } + (0x2400..<0x2700).map { $0 } + [0x3000, 0x5C71, 0x1F319, 0xA9, 0xE9]
        var samples = scalars.compactMap { Unicode.Scalar($0).map { String($0) } }
        samples += ["", "e\u{301}", "🧑‍🚀", "山", "▶\u{FE0F}", "─\u{301}"]
        for text in samples {
            let safe = text.utf8.count == 1 || text.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) }
            let expected = safe ? TerminalText.width(of: Character(text.isEmpty ? " " : text)) : nil
            #expect(TerminalRenderer.advance(of: text) == expected, "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test func wideCharactersTakeTwoCellsAndAreCutAtTheEdge() {
        var buffer = CellBuffer(width: 5, height: 1)
        #expect(buffer.put("a山b", x: 0, y: 0) == 4)
        #expect(buffer[1, 0].text == "山" && buffer[2, 0].isContinuation && buffer[3, 0].text == "b")
        var edge = CellBuffer(width: 3, height: 1)
        #expect(edge.put("ab山", x: 0, y: 0) == 2)
        #expect(edge[2, 0].text == " ", "a wide character that does not fit becomes a space")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.put("山田", x: 0, y: 0)
        buffer.put("x", x: 1, y: 0)
        #expect(buffer[0, 0].text == " " && buffer[1, 0].text == "x" && buffer[2, 0].text == "田")
    }

    @Test func textIsSanitisedOnTheWayIn() {
        var buffer = CellBuffer(width: 20, height: 1)
        buffer.put("\u{1B}[31mred", x: 0, y: 0)
        let renderer = TerminalRenderer(depth: .truecolor)
        let bytes = renderer.diff(from: nil, to: buffer)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}[31m"))
    }

    @Test func aWideCharacterIsRewrittenWhenItsRightHalfChanged() {
        let renderer = TerminalRenderer(depth: .truecolor)
        var old = CellBuffer(width: 4, height: 1)
        old.put("ab", x: 0, y: 0)
        var new = CellBuffer(width: 4, height: 1)
        new.put("a山", x: 0, y: 0)
        #expect(String(decoding: renderer.diff(from: old, to: new), as: UTF8.self) == "\u{1B}[1;2H\u{1B}[0m山\u{1B}[0m")
    }

    @Test func onlyChangedCellsAreWritten() {
        let renderer = TerminalRenderer(depth: .truecolor)
        var old = CellBuffer(width: 80, height: 24)
        old.put("hello world", x: 0, y: 0)
        var new = old
        new.put("J", x: 6, y: 0)
        let bytes = String(decoding: renderer.diff(from: old, to: new), as: UTF8.self)
        #expect(bytes == "\u{1B}[1;7H\u{1B}[0mJ\u{1B}[0m")
        #expect(renderer.diff(from: new, to: new).isEmpty)
    }

    @Test func aProgressTickRewritesTheBarNotTheImage() {
        let renderer = TerminalRenderer(depth: .truecolor)
        var frame = CellBuffer(width: 80, height: 40)
        let pixels = (0..<(160 * 160 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        ImageCells.draw(
            RGBImage(width: 160, height: 160, pixels: pixels), into: &frame, x: 0, y: 1, columns: 80, rows: 39,
            depth: .truecolor)
        let full = renderer.diff(from: nil, to: frame)
        var ticked = frame
        ticked[10, 0] = Cell("━", style: CellStyle(foreground: RGB(255, 255, 255)))
        let tick = renderer.diff(from: frame, to: ticked)
        #expect(tick.count * 500 <= full.count, "\(tick.count) bytes for a tick, \(full.count) for a frame")
    }

    @Test func aResizeRedrawsEverything() {
        let renderer = TerminalRenderer(depth: .palette256)
        let small = CellBuffer(width: 10, height: 2)
        var big = CellBuffer(width: 12, height: 2)
        big.put("x", x: 0, y: 0)
        #expect(String(decoding: renderer.diff(from: small, to: big), as: UTF8.self).hasPrefix("\u{1B}[0m\u{1B}[2J"))
    }

    @Test(arguments: [
        (ColorMode.truecolor, "\u{1B}[0;38;2;250;126;30;48;2;0;0;0m▀"), (.palette256, "\u{1B}[0;38;5;208;48;5;16m▀"),
        (.palette16, "\u{1B}[0;33;40m▀"),
    ])
    func coloursFollowTheDepth(depth: ColorMode, expected: String) {
        var buffer = CellBuffer(width: 1, height: 1)
        buffer[0, 0] = Cell("▀", style: CellStyle(foreground: RGB(250, 126, 30), background: RGB(0, 0, 0)))
        let line = String(decoding: TerminalRenderer(depth: depth).lines(buffer), as: UTF8.self)
        #expect(line == expected + "\u{1B}[0m\n")
    }

    /// The styles and cursor moves are written through a stack buffer (SGRWriter) for speed:
    /// byte for byte what the plain encoding gives, for every depth, bold or not, each colour
    /// present or not, numbers of one to four digits.
    @Test func stylesAndMovesAreTheirPlainEncoding() {
        var generator = SystemRandomNumberGenerator()
        func plain(_ style: CellStyle, _ depth: ColorMode) -> String {
            var text = "\u{1B}[0" + (style.bold ? ";1" : "")
            func code(_ color: RGB, _ background: Bool) -> String {
                switch depth {
                case .truecolor, .auto: return (background ? "48;2;" : "38;2;") + "\(color.r);\(color.g);\(color.b)"
                case .palette256: return (background ? "48;5;" : "38;5;") + "\(ColorCode.palette256(color))"
                case .palette16:
                    let index = ColorCode.palette16(color)
                    return "\((index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + index % 8)"
                case .none: return ""
                }
            }
            if depth != .none {
                if let foreground = style.foreground { text += ";" + code(foreground, false) }
                if let background = style.background { text += ";" + code(background, true) }
            }
            return text + "m"
        }
        for depth in [ColorMode.truecolor, .auto, .palette256, .palette16, .none] {
            for _ in 0..<500 {
                let random = { RGB(.random(in: 0...255), .random(in: 0...255), .random(in: 0...255)) }
                let style = CellStyle(
                    foreground: Bool.random(using: &generator) ? random() : nil,
                    background: Bool.random(using: &generator) ? random() : nil, bold: .random(using: &generator))
                var out: [UInt8] = []
                TerminalRenderer(depth: depth).appendStyle(style, to: &out)
                #expect(String(decoding: out, as: UTF8.self) == plain(style, depth))
            }
        }
        for value in [0, 7, 9, 10, 99, 100, 255, 999, 1000, 1234, 65_535] {
            var out: [UInt8] = []
            ColorCode.appendNumber(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "\(value)")
        }
        // A cursor move to a far row and column of a very wide terminal.
        var wide = CellBuffer(width: 1200, height: 2)
        wide.put("x", x: 1100, y: 1)
        let old = CellBuffer(width: 1200, height: 2)
        #expect(
            String(decoding: TerminalRenderer(depth: .truecolor).diff(from: old, to: wide), as: UTF8.self)
                == "\u{1B}[2;1101H\u{1B}[0mx\u{1B}[0m")
    }

    @Test func withoutColourNoEscapeSequenceIsWritten() {
        var buffer = CellBuffer(width: 2, height: 1)
        buffer[0, 0] = Cell("@", style: CellStyle(foreground: RGB(1, 2, 3)))
        #expect(String(decoding: TerminalRenderer(depth: .none).lines(buffer), as: UTF8.self) == "@ \n")
    }
}

/// Text every terminal measures alike: kitty drew "Kai 🏄‍♂️" in 8 columns, xterm
/// in 7, tmux in 6, and the difference stayed on screen as debris ("♂", "2110h").
@Suite("Text that terminals measure alike")
struct UniformTextTests {
    @Test func emojiSequencesKeepTheirFirstEmojiAndNarrowSymbolsLoseTheirSelector() {
        #expect(TerminalText.uniform("🏄‍♂️") == "🏄")
        #expect(TerminalText.uniform("👩‍👩‍👧") == "👩")
        #expect(TerminalText.uniform("👍🏽") == "👍")
        #expect(TerminalText.uniform("♂️") == "♂" && TerminalText.width(of: TerminalText.uniform("♂️")) == 1)
        #expect(TerminalText.uniform("❤️") == "❤")
        #expect(TerminalText.uniform("1️⃣") == "1")
        #expect(TerminalText.uniform("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == "🏴")
        #expect(TerminalText.uniform("🇯🇵") == "🇯🇵", "a flag is 2 columns everywhere")
        #expect(TerminalText.uniform("e\u{301}") == "e\u{301}", "a combining accent stays")
        #expect(TerminalText.uniform("中") == "中" && TerminalText.uniform("a") == "a")
    }

    @Test func aNameWithEmojiTakesTheColumnsItIsDrawnIn() {
        var buffer = CellBuffer(width: 12, height: 1)
        let used = buffer.put("Kai 🏄‍♂️ 21h", x: 0, y: 0)
        #expect(used == 10, "Kai, space, 🏄 (2), space, 21h")
        let text = (0..<12).map { buffer[$0, 0].text }.joined()
        #expect(text == "Kai 🏄 21h  ", "\(text.debugDescription)")
        // The renderer places the cell after a non-ASCII character explicitly.
        let bytes = String(decoding: TerminalRenderer(depth: .truecolor).diff(from: nil, to: buffer), as: UTF8.self)
        #expect(bytes.contains("🏄\u{1B}[1;7H"), "\(bytes.debugDescription)")
    }
}

/// Half blocks of the terminal's real cell shape: kitty's cells are not 1:2, and
/// pictures drawn as if they were came out 8% narrow.
@Suite("Half blocks of the terminal's cell shape")
struct HalfBlockShapeTests {
    @Test func aPictureIsWidenedOnCellsTallerThanTwiceTheirWidth() {
        // A square photo in 80×40 cells: 80×80 half blocks on 1:2 cells.
        #expect(ImageCells.fittedSize(width: 800, height: 800, columns: 80, rows: 40) == (80, 80))
        #expect(
            ImageCells.fittedSize(
                width: 800, height: 800, columns: 80, rows: 40, cell: CellPixels(width: 10, height: 20)) == (80, 80))
        // kitty's 9×19 cells: a half block is 9×9.5, so 84 of them across for 80 down.
        let kitty = ImageCells.fittedSize(
            width: 800, height: 800, columns: 100, rows: 40, cell: CellPixels(width: 9, height: 19))
        #expect(kitty == (84, 80), "\(kitty)")
        // Never wider than the box.
        let wide = ImageCells.fittedSize(
            width: 1600, height: 800, columns: 80, rows: 40, cell: CellPixels(width: 9, height: 19))
        #expect(wide.width == 80 && wide.height < 80, "\(wide)")
    }
}
