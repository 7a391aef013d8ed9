import StoryImages
import Testing

@testable import StoryTerminal

/// Frames write only what changed in a style: replayed by a terminal that keeps its
/// style between sequences, every frame is exactly its buffer.
@Suite struct StyleDeltaTests {
    let renderer = TerminalRenderer(depth: .truecolor)

    /// Styles are written as what changed since the sequence before (a colour, 39/49 for the
    /// terminal's own, bold turned on; a reset when bold goes off): replayed, every frame is
    /// exactly the buffer, whatever the styles, links and changes between frames.
    @Test func changedStylesReplayToTheBufferExactly() {
        var generator = SystemRandomNumberGenerator()
        let characters = ["a", "Z", " ", "▀", "▄", "━", "é", "·"]
        let colors: [RGB?] = [nil, RGB(0, 0, 0), RGB(255, 255, 255), RGB(10, 200, 30), RGB(11, 200, 30)]
        func random() -> Cell {
            let link =
                Int.random(in: 0..<6, using: &generator) == 0 ? "https://example.com/\(Int.random(in: 0..<3))" : nil
            return Cell(
                characters.randomElement(using: &generator)!,
                style: CellStyle(
                    foreground: colors.randomElement(using: &generator)!,
                    background: colors.randomElement(using: &generator)!, bold: Bool.random(using: &generator),
                    link: link))
        }
        func withoutLinks(_ buffer: CellBuffer) -> CellBuffer {
            var plain = buffer
            for y in 0..<buffer.height {
                for x in 0..<buffer.width { plain[x, y].style.link = nil }
            }
            return plain
        }
        var shown: CellBuffer? = nil
        var screen = CellBuffer(width: 12, height: 5)
        for _ in 0..<200 {
            var next = shown ?? CellBuffer(width: 12, height: 5)
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                next[Int.random(in: 0..<12, using: &generator), Int.random(in: 0..<5, using: &generator)] = random()
            }
            let bytes = renderer.diff(from: shown, to: next)
            screen = TerminalReplay.play(bytes, over: screen)
            #expect(screen == withoutLinks(next))
            shown = next
        }
    }
}
