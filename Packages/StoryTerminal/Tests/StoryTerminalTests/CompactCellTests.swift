import StoryImages
import Testing

@testable import StoryTerminal

/// Cells are plain data: a one-scalar grapheme is its scalar, a longer one and a link
/// are numbers in CellStrings. What a cell says is what it was given, and equal cells are equal.
@Suite("Cells as plain data")
struct CompactCellTests {
    static let texts = [
        "", " ", "a", "~", "\u{7F}", "▀", "▄", "━", "é", "e\u{301}", "漢", "👍", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "▶",
    ]

    @Test func aCellIsPlainData() {
        #expect(_isPOD(Cell.self))
        #expect(_isPOD(CellStyle.self))
        #expect(MemoryLayout<Cell>.size <= 24)
    }

    @Test func theTextIsWhatWasGiven() {
        for text in Self.texts {
            let cell = Cell(text)
            #expect(cell.text == text)
            #expect(cell.isContinuation == text.isEmpty)
            var bytes: [UInt8] = []
            cell.appendText(to: &bytes)
            #expect(bytes == Array(text.utf8), "\(text.debugDescription)")
            #expect(
                TerminalRenderer.advance(of: cell) == TerminalRenderer.advance(of: text), "\(text.debugDescription)")
            var changed = Cell("x")
            changed.text = text
            #expect(changed == cell)
        }
        #expect(Cell(scalar: "▀") == Cell("▀"))
    }

    @Test func equalCellsAreEqualAndOthersAreNot() {
        for (i, a) in Self.texts.enumerated() {
            for (j, b) in Self.texts.enumerated() where i != j && a != b {
                #expect(Cell(a) != Cell(b), "\(a.debugDescription) \(b.debugDescription)")
            }
            #expect(Cell(a) == Cell(a))
            #expect(Cell(a).hashValue == Cell(String(a)).hashValue)
        }
        let red = CellStyle(foreground: RGB(255, 0, 0))
        #expect(Cell("a", style: red) != Cell("a"))
    }

    @Test func linksAreKeptByNumber() {
        var style = CellStyle(link: "https://example.com/a")
        #expect(style.link == "https://example.com/a")
        #expect(style == CellStyle(link: "https://example.com/a"))
        #expect(style != CellStyle(link: "https://example.com/b"))
        #expect(style != CellStyle.plain)
        style.link = nil
        #expect(style == CellStyle.plain)
        #expect(CellStyle.plain.link == nil)
    }

    /// Numbers handed out from many threads at once: one per string, the same everywhere.
    @Test func numbersAreTheSameFromEveryThread() async {
        let strings = (0..<200).map { "https://example.com/\($0)" }
        let seen = await withTaskGroup(of: [UInt32].self) { group in
            for _ in 0..<8 {
                group.addTask { strings.shuffled().sorted().map { CellStyle(link: $0).linkNumber } }
            }
            var all: [[UInt32]] = []
            for await numbers in group { all.append(numbers) }
            return all
        }
        #expect(Set(seen.map { $0 }).count == 1)
        #expect(Set(seen[0]).count == strings.count)
        for string in strings { #expect(CellStyle(link: string).link == string) }
    }

    /// A table that is full gives U+FFFD (and so no link) for strings it has not seen, and the
    /// numbers it gave before stay.
    @Test func aFullTableShowsAReplacementCharacter() {
        let table = CellStrings(limit: 5)
        let kept = (0..<3).map { table.number(for: "👍\($0)") }
        #expect(Set(kept).count == 3)
        #expect(table.number(for: "🇫🇷") == 1)
        #expect(table.string(1) == "\u{FFFD}")
        #expect(TerminalRenderer.safeLink(table.string(table.number(for: "https://example.com/new"))) == nil)
        #expect(kept.map(table.string) == ["👍0", "👍1", "👍2"])
        #expect(table.number(for: "👍1") == kept[1])
    }
}
