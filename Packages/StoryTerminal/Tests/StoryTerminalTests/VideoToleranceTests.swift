import Testing

@testable import StoryTerminal

/// A playing video's frames in cells (`diff(from:to:tolerance:)`): cells that barely moved are
/// left, the buffer handed in becomes what the screen shows, and nothing drifts.
@Suite struct VideoToleranceTests {
    let renderer = TerminalRenderer(depth: .truecolor)

    /// A 6×2 picture in half blocks, each pixel `base` plus its own offset.
    func picture(_ base: Int) -> CellBuffer {
        var buffer = CellBuffer(width: 8, height: 3)
        buffer.put("ab", x: 0, y: 0, style: CellStyle(foreground: RGB(200, 200, 200)))
        let pixels = (0..<(6 * 4)).flatMap { index -> [UInt8] in
            let value = UInt8(clamping: base + index * 9)
            return [value, UInt8(clamping: Int(value) / 2), UInt8(clamping: 255 - Int(value))]
        }
        ImageCells.draw(
            RGBImage(width: 6, height: 4, pixels: pixels), into: &buffer, x: 1, y: 1, columns: 6, rows: 2,
            depth: .truecolor)
        return buffer
    }

    /// What a terminal shows after `bytes` over `screen`: positions (CUP), forward moves (CUF),
    /// the styles this renderer writes and the characters.
    func play(_ bytes: [UInt8], over screen: CellBuffer) -> CellBuffer {
        var screen = screen
        var (x, y) = (0, 0)
        var style = CellStyle.plain
        var index = 0
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while index < text.count {
            if text[index] == "\u{1B}", index + 1 < text.count, text[index + 1] == "]" {
                // OSC (a hyperlink): up to its ESC \, drawing nothing.
                var end = index + 2
                while end + 1 < text.count, !(text[end] == "\u{1B}" && text[end + 1] == "\\") { end += 1 }
                index = end + 2
                continue
            }
            if text[index] == "\u{1B}", index + 1 < text.count, text[index + 1] == "[" {
                var end = index + 2
                while !("@"..."~").contains(text[end]) { end += 1 }
                let parameters = String(String.UnicodeScalarView(text[(index + 2)..<end]))
                let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                switch text[end] {
                case "H": (y, x) = (numbers[0] - 1, numbers[1] - 1)
                case "C": x += max(1, numbers.first ?? 1)
                case "J": screen = CellBuffer(width: screen.width, height: screen.height)
                case "m":
                    // What a terminal keeps between sequences: only 0 (or nothing) resets.
                    var k = 0
                    while k < numbers.count {
                        switch numbers[k] {
                        case 38, 48:
                            let color = RGB(UInt8(numbers[k + 2]), UInt8(numbers[k + 3]), UInt8(numbers[k + 4]))
                            if numbers[k] == 38 { style.foreground = color } else { style.background = color }
                            k += 5
                            continue
                        case 0: style = .plain
                        case 1: style.bold = true
                        case 22: style.bold = false
                        case 39: style.foreground = nil
                        case 49: style.background = nil
                        default: Issue.record("unexpected SGR parameter \(numbers[k])")
                        }
                        k += 1
                    }
                default: Issue.record("unexpected sequence \(parameters)\(text[end])")
                }
                index = end + 1
                continue
            }
            screen[x, y] = Cell(String(text[index]), style: style)
            x += 1
            index += 1
        }
        return screen
    }

    /// The largest channel difference between two buffers' colours.
    func largestDifference(_ a: CellBuffer, _ b: CellBuffer) -> Int {
        zip(a.cells, b.cells).map { pair in
            [(pair.0.style.foreground, pair.1.style.foreground), (pair.0.style.background, pair.1.style.background)]
                .map { colors in
                    guard let p = colors.0, let q = colors.1 else { return colors.0 == colors.1 ? 0 : 255 }
                    return max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                }.max()!
        }.max()!
    }

    @Test func cellsThatBarelyMovedAreLeftAndTheBufferSaysWhatIsShown() {
        let first = picture(10)
        var second = picture(12)  // every channel 1 or 2 off
        let bytes = renderer.diff(from: first, to: &second, tolerance: 2)
        #expect(bytes.isEmpty, "\(bytes.count) bytes for a frame within the tolerance")
        #expect(second == first, "the buffer is what the screen shows")
        var third = picture(13)  // 3 off what is shown: written
        let written = renderer.diff(from: second, to: &third, tolerance: 2)
        #expect(!written.isEmpty)
        #expect(third == picture(13))
        #expect(play(written, over: second) == third)
    }

    @Test func aSlowChangeIsWrittenOnceItAddsUpAndNeverDrifts() {
        var shown = picture(0)
        var screen = play(renderer.diff(from: nil, to: shown), over: CellBuffer(width: 8, height: 3))
        #expect(screen == shown)
        var writes = 0
        for step in 1...60 {
            var next = picture(step)  // one level a frame
            let bytes = renderer.diff(from: shown, to: &next, tolerance: 2)
            if !bytes.isEmpty { writes += 1 }
            screen = play(bytes, over: screen)
            shown = next
            #expect(screen == shown, "step \(step): the buffer is what the screen shows")
            #expect(largestDifference(screen, picture(step)) <= 2, "step \(step)")
        }
        #expect(writes >= 15 && writes <= 30, "\(writes) frames written of 60")
    }

    @Test func textAndAnythingButAPicturesCellIsWrittenExactly() {
        var old = CellBuffer(width: 10, height: 2)
        old.put("bar", x: 0, y: 0, style: CellStyle(foreground: RGB(100, 100, 100)))
        old[0, 1] = Cell("▀", style: CellStyle(foreground: RGB(9, 9, 9), background: RGB(9, 9, 9), bold: true))
        var new = CellBuffer(width: 10, height: 2)
        new.put("bar", x: 0, y: 0, style: CellStyle(foreground: RGB(101, 100, 100)))
        new[0, 1] = Cell("▀", style: CellStyle(foreground: RGB(10, 9, 9), background: RGB(9, 9, 9), bold: true))
        let expected = new
        let bytes = renderer.diff(from: old, to: &new, tolerance: 2)
        #expect(new == expected)
        #expect(play(bytes, over: old) == expected)
        // A half block that lost its background (a transparent pixel) is not "near".
        var picture = CellBuffer(width: 2, height: 1)
        picture[0, 0] = Cell("▀", style: CellStyle(foreground: RGB(50, 50, 50), background: RGB(50, 50, 51)))
        var changed = picture
        changed[0, 0] = Cell("▀", style: CellStyle(foreground: RGB(50, 50, 50)))
        let target = changed
        #expect(!renderer.diff(from: picture, to: &changed, tolerance: 2).isEmpty)
        #expect(changed == target)
    }

    @Test func withoutToleranceEveryChangeIsWrittenAndSkipsMoveForward() {
        let first = picture(10)
        var second = picture(11)
        let bytes = renderer.diff(from: first, to: &second, tolerance: 0)
        #expect(second == picture(11))
        #expect(play(bytes, over: first) == second)
        // Two changed cells on one row with one left between: a forward move, not a position.
        var old = CellBuffer(width: 10, height: 1)
        old.put("abcde", x: 0, y: 0)
        var new = old
        new.put("X", x: 1, y: 0)
        new.put("Y", x: 3, y: 0)
        let moved = String(decoding: renderer.diff(from: old, to: new), as: UTF8.self)
        #expect(moved == "\u{1B}[1;2H\u{1B}[0mX\u{1B}[CY\u{1B}[0m")
        new.put("Z", x: 8, y: 0)
        let further = String(decoding: renderer.diff(from: old, to: new), as: UTF8.self)
        #expect(further.contains("Y\u{1B}[4CZ"))
    }

    @Test func aFirstFrameOrAResizeIsDrawnWholeWithATolerance() {
        // No screen yet (the first frame, or after a resize or a stop): everything is written.
        var first = picture(10)
        let drawn = renderer.diff(from: nil, to: &first, tolerance: 2)
        #expect(first == picture(10))
        #expect(play(drawn, over: CellBuffer(width: 8, height: 3)) == first)
        // A screen of another size: the same.
        var resized = CellBuffer(width: 5, height: 2)
        resized[1, 1] = Cell("▀", style: CellStyle(foreground: RGB(1, 2, 3), background: RGB(4, 5, 6)))
        let expected = resized
        let bytes = renderer.diff(from: picture(10), to: &resized, tolerance: 2)
        #expect(resized == expected)
        #expect(play(bytes, over: CellBuffer(width: 5, height: 2)) == expected)
    }

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
            screen = play(bytes, over: screen)
            #expect(screen == withoutLinks(next))
            shown = next
        }
    }
}
