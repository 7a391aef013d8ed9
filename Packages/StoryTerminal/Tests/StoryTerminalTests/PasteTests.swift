import Foundation
import StoryTerminal
import Testing

/// An area drawn on its own and pasted into a larger buffer: cells and graphics move with it,
/// what falls outside is cut, a graphic that would not fit whole is left out.
@Suite("Pasting an area")
struct PasteTests {
    static func area() -> CellBuffer {
        var area = CellBuffer(width: 6, height: 4)
        area.put("abcdef", x: 0, y: 0)
        area.put("ghijkl", x: 0, y: 3)
        area.place(
            CellGraphic(
                key: "media:1", image: photoLike(width: 20, height: 20), shape: .fitted, x: 1, y: 1, columns: 4,
                rows: 2))
        return area
    }

    @Test func cellsAndGraphicsMoveWithTheArea() {
        var screen = CellBuffer(width: 20, height: 10)
        screen.paste(Self.area(), x: 5, y: 2)
        #expect(screen[5, 2].text == "a" && screen[10, 2].text == "f" && screen[5, 5].text == "g")
        #expect(screen[4, 2] == .blank && screen[11, 2] == .blank && screen[5, 6] == .blank)
        #expect(screen.graphics.map { "\($0.key)@\($0.x),\($0.y)" } == ["media:1@6,3"])
    }

    @Test func whatFallsOutsideIsCutAndAGraphicThatWouldNotFitIsLeftOut() {
        var screen = CellBuffer(width: 8, height: 4)
        screen.paste(Self.area(), x: 4, y: 2)
        #expect(screen[4, 2].text == "a" && screen[7, 2].text == "d")
        #expect(screen.graphics.isEmpty, "a graphic cut by the edge is not placed")
        var negative = CellBuffer(width: 8, height: 4)
        negative.paste(Self.area(), x: -2, y: -3)
        #expect(negative[0, 0].text == "i" && negative[3, 0].text == "l")
    }
}
