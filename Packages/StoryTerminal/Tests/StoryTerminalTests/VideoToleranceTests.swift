import StoryImages
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
        #expect(TerminalReplay.play(written, over: second) == third)
    }

    @Test func aSlowChangeIsWrittenOnceItAddsUpAndNeverDrifts() {
        var shown = picture(0)
        var screen = TerminalReplay.play(renderer.diff(from: nil, to: shown), over: CellBuffer(width: 8, height: 3))
        #expect(screen == shown)
        var writes = 0
        for step in 1...60 {
            var next = picture(step)  // one level a frame
            let bytes = renderer.diff(from: shown, to: &next, tolerance: 2)
            if !bytes.isEmpty { writes += 1 }
            screen = TerminalReplay.play(bytes, over: screen)
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
        #expect(TerminalReplay.play(bytes, over: old) == expected)
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
        #expect(TerminalReplay.play(bytes, over: first) == second)
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
        #expect(TerminalReplay.play(drawn, over: CellBuffer(width: 8, height: 3)) == first)
        // A screen of another size: the same.
        var resized = CellBuffer(width: 5, height: 2)
        resized[1, 1] = Cell("▀", style: CellStyle(foreground: RGB(1, 2, 3), background: RGB(4, 5, 6)))
        let expected = resized
        let bytes = renderer.diff(from: picture(10), to: &resized, tolerance: 2)
        #expect(resized == expected)
        #expect(TerminalReplay.play(bytes, over: CellBuffer(width: 5, height: 2)) == expected)
    }
}
