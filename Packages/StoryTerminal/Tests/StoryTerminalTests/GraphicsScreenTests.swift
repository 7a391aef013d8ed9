import Foundation
import StoryImages
import Testing

@testable import StoryTerminal

/// A viewer-like frame: a progress row, a picture over the middle, a footer.
func pictureFrame(
    progress: Int, picture: RGBImage? = photoLike(width: 360, height: 640), key: String = "media:1",
    width: Int = 80, height: Int = 40, over: String? = nil
) -> CellBuffer {
    var frame = CellBuffer(width: width, height: height)
    frame.put(String(repeating: "━", count: progress), x: 1, y: 0, style: CellStyle(foreground: RGB(245, 245, 245)))
    frame.put("1/5", x: 4, y: height - 1)
    if let picture {
        frame.place(
            CellGraphic(
                key: key, image: picture, shape: .fitted, x: 0, y: 3, columns: width, rows: height - 5,
                isTransient: key.hasPrefix("frame:")))
    }
    if let over { frame.put(over, x: width / 2, y: height / 2) }
    return frame
}

/// The text of the bytes (escape sequences kept).
func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite("pictures on the interactive screens")
struct GraphicsScreenTests {
    static let cell = CellPixels(width: 10, height: 20)

    @Test func kittySendsAPictureOnceAndATickWritesOnlyItsCells() {
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        let first = screen.frame(from: nil, to: pictureFrame(progress: 3))
        #expect(text(first).contains("a=t,i="), "the picture is transmitted")
        #expect(text(first).contains("a=p,i="), "and placed")
        let tick = screen.frame(from: pictureFrame(progress: 3), to: pictureFrame(progress: 4))
        #expect(!text(tick).contains("\u{1B}_G"), "a tick sends no graphics command")
        #expect(tick.count * 500 <= first.count, "a tick (\(tick.count) bytes) ≤ 1/500 of a frame (\(first.count))")
        #expect(tick.count > 0)
    }

    @Test func kittyDeletesAPlacementTheFrameNoLongerHasAndPlacesAgainWithoutSending() {
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        let shown = pictureFrame(progress: 1)
        _ = screen.frame(from: nil, to: shown)
        let hidden = pictureFrame(progress: 1, picture: nil)
        let closing = text(screen.frame(from: shown, to: hidden))
        #expect(closing.contains("a=d,d=i,i=1,p=2"), "the placement is deleted: \(closing.debugDescription)")
        #expect(!closing.contains("a=t"))
        let back = text(screen.frame(from: hidden, to: shown))
        #expect(!back.contains("a=t"), "the terminal still has the picture")
        #expect(back.contains("a=p,i=1,"))
    }

    @Test func videoFramesAreFreedAsSoonAsTheNextOneIsPlaced() throws {
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        var previous = pictureFrame(progress: 1, key: "frame:1#0")
        _ = screen.frame(from: nil, to: previous)
        for number in 1...60 {
            let next = pictureFrame(progress: 1, key: "frame:1#\(number)")
            let bytes = text(screen.frame(from: previous, to: next))
            let placed = try #require(bytes.range(of: "a=p,i="))
            let freed = try #require(bytes.range(of: "a=d,d=I,i="), "the old frame is freed: \(bytes.prefix(80))")
            #expect(placed.lowerBound < freed.lowerBound, "placed before the old one goes (no blank between)")
            previous = next
        }
        let closing = text(screen.end())
        #expect(closing.components(separatedBy: "a=d,d=I").count == 2, "only the last frame is left to free")

        var sixel = GraphicsScreen(mode: .sixel, cell: Self.cell, depth: .truecolor)
        let first = pictureFrame(progress: 1, key: "frame:1#0")
        _ = sixel.frame(from: nil, to: first)
        let second = text(sixel.frame(from: first, to: pictureFrame(progress: 1, key: "frame:1#1")))
        #expect(second.contains("\u{1B}P"), "each frame is drawn")
    }

    @Test func aNewFrameAfterAResizeFreesEveryPictureAndSendsWhatItShowsAgain() {
        // kitty frees a picture whose placements the clear removed (0.26.5 showed none of the
        // pictures placed again by id after a resize): all are freed and sent anew.
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        _ = screen.frame(from: nil, to: pictureFrame(progress: 1))
        let resized = text(screen.frame(from: nil, to: pictureFrame(progress: 1, width: 120, height: 40)))
        #expect(resized.hasPrefix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "\(resized.prefix(40).debugDescription)")
        #expect(resized.contains("\u{1B}[2J"))
        // Wider but as tall: the same 393×700 picture, sent again and placed further right.
        #expect(resized.contains("a=t,i=3,f=24,s=393,v=700"))
        #expect(resized.contains("\u{1B}[4;41H\u{1B}_Ga=p,i=3,"))
        #expect(!resized.contains("a=p,i=1,"), "never placed by an id the clear freed")
    }

    @Test func aPictureKittyRefusesIsSentAgainTwiceAtMost() {
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        let frame = pictureFrame(progress: 1)
        let first = text(screen.frame(from: nil, to: frame))
        #expect(first.contains("a=t,i=1,") && first.contains("q=1"), "pictures ask for kitty's errors")
        #expect(screen.lost("i=1,p=2;OK") == nil, "an OK is no loss")
        #expect(text(screen.frame(from: frame, to: frame)).isEmpty, "nothing changed, nothing written")
        for attempt in 1...GraphicsScreen.resends {
            let id = attempt == 1 ? 1 : attempt * 2 - 1
            #expect(screen.lost("i=\(id),p=\(id + 1);ENOENT:No such image") != nil)
            let again = text(screen.frame(from: frame, to: frame))
            #expect(
                again.contains("a=t,i=\(attempt * 2 + 1),") && again.contains("a=p,i=\(attempt * 2 + 1),"), "\(attempt)"
            )
        }
        let given = screen.lost("i=5,p=6;ENOENT:No such image")
        #expect(given?.message.contains("given up") == true, "\(String(describing: given))")
        #expect(given?.givenUp == "media:1", "the screen is told which picture is not shown")
        // A picture freed or replaced since: its answer is expected, not a refusal to say (five
        // "the terminal refused a picture" lines reached the shell after a quit).
        #expect(screen.lost("i=99;ENOENT:x") == nil)
        #expect(text(screen.frame(from: frame, to: frame)).isEmpty, "a given-up picture is not sent while it stays")
        // It leaves the screen (the viewer says it failed) and comes back (a retry): sent afresh.
        let without = pictureFrame(progress: 1, picture: nil)
        _ = screen.frame(from: frame, to: without)
        let retried = text(screen.frame(from: without, to: frame))
        #expect(retried.contains("a=t,") && retried.contains("a=p,"))
        #expect(screen.lost("i=7,p=8;ENOENT:No such image")?.givenUp == nil, "a retry has its resends again")
    }

    @Test func aPictureIsCentredInItsBoxAtOnePixelPerPixel() throws {
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        let bytes = text(screen.frame(from: nil, to: pictureFrame(progress: 0)))
        // 80×35 cells of 10×20 pixels: 800×700; a 9:16 picture is 393×700, 203 pixels from the left.
        #expect(bytes.contains("s=393,v=700"), "\(bytes.prefix(200).debugDescription)")
        #expect(bytes.contains("\u{1B}[4;21H\u{1B}_Ga=p,i=1,p=2,X=3,Y=0,C=1,q=1"))
    }

    @Test func avatarsAreSentWithTheirCornersTransparent() throws {
        var frame = CellBuffer(width: 20, height: 10)
        frame.place(
            CellGraphic(
                key: "avatar:a", image: photoLike(width: 48, height: 48), shape: .avatar(.unseen), x: 2, y: 1,
                columns: 10, rows: 5))
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        let bytes = text(screen.frame(from: nil, to: frame))
        #expect(bytes.contains("a=t,i=1,f=32,s=100,v=100"), "RGBA, 10×5 cells of 10×20 pixels")
        let (_, opaque) = AvatarCells.pixels(photoLike(width: 48, height: 48), ring: .seen, width: 100, height: 100)
        #expect(!opaque[0] && opaque[50 * 100 + 50] && opaque[50 * 100 + 2], "corner clear, face and ring drawn")
    }

    @Test func kittyFreesPicturesLongUnused() {
        var screen = GraphicsScreen(mode: .kitty, cell: Self.cell, depth: .truecolor)
        var previous: CellBuffer? = nil
        var freed = 0
        for item in 0..<(GraphicsScreen.keptPictures + 5) {
            let frame = pictureFrame(progress: 1, key: "media:\(item)")
            freed += text(screen.frame(from: previous, to: frame)).components(separatedBy: "a=d,d=I").count - 1
            previous = frame
        }
        #expect(freed == 4, "beyond \(GraphicsScreen.keptPictures) kept and the one shown, the oldest are freed")
        #expect(text(screen.end()).components(separatedBy: "a=d,d=I").count - 1 == GraphicsScreen.keptPictures + 1)
    }

    @Test func sixelDrawsAPictureOnceAndAgainOnlyWhenACellOverItChanges() throws {
        var screen = GraphicsScreen(mode: .sixel, cell: Self.cell, depth: .truecolor)
        let first = screen.frame(from: nil, to: pictureFrame(progress: 3))
        #expect(text(first).contains("\u{1B}P0;1;0q"))
        let tick = screen.frame(from: pictureFrame(progress: 3), to: pictureFrame(progress: 4))
        #expect(!text(tick).contains("\u{1B}P"), "a tick does not redraw the picture")
        #expect(tick.count * 500 <= first.count, "\(tick.count) vs \(first.count)")
        // A heart over the picture: the picture again, then the heart written over it.
        let heart = text(screen.frame(from: pictureFrame(progress: 4), to: pictureFrame(progress: 4, over: "♥")))
        let sixel = try #require(heart.range(of: "\u{1B}P0;1;0q"))
        let written = try #require(heart.range(of: "♥", options: .backwards))
        #expect(sixel.upperBound < written.lowerBound, "the heart is written after the picture")
        let steady = screen.frame(
            from: pictureFrame(progress: 4, over: "♥"), to: pictureFrame(progress: 5, over: "♥"))
        #expect(!text(steady).contains("\u{1B}P"))
    }

    @Test func sixelWritesAgainTheCellsAPictureLeaves() {
        var screen = GraphicsScreen(mode: .sixel, cell: Self.cell, depth: .truecolor)
        let shown = pictureFrame(progress: 1)
        _ = screen.frame(from: nil, to: shown)
        let gone = screen.frame(from: shown, to: pictureFrame(progress: 1, picture: nil))
        // Every cell of the 80×35 box is written (blank), so no pixel of the picture stays.
        #expect(text(gone).filter { $0 == " " }.count >= 80 * 35)
    }

    @Test func iTerm2GetsEachPictureAsAJPEGAtOnePixelPerPixelDrawnOnce() throws {
        var screen = GraphicsScreen(mode: .iterm2, cell: Self.cell, depth: .truecolor)
        let first = text(screen.frame(from: nil, to: pictureFrame(progress: 3)))
        let start = try #require(first.range(of: "\u{1B}]1337;File=inline=1;size="))
        let header = first[start.upperBound...].prefix { $0 != ":" }
        #expect(header.contains("width=393px;height=700px"), "\(header)")
        let payload = first[first.index(after: first[start.upperBound...].firstIndex(of: ":")!)...].prefix {
            $0 != "\u{07}"
        }
        let jpeg = try #require(Data(base64Encoded: String(payload)))
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.width == 393 && decoded.height == 700)
        let tick = screen.frame(from: pictureFrame(progress: 3), to: pictureFrame(progress: 4))
        #expect(!text(tick).contains("1337"), "a tick does not draw the picture again")
    }

    @Test func withoutAProtocolTheFrameIsTheCellDiff() {
        var screen = GraphicsScreen(mode: .symbols, cell: Self.cell, depth: .truecolor)
        let frame = pictureFrame(progress: 2)
        #expect(screen.frame(from: nil, to: frame) == TerminalRenderer(depth: .truecolor).diff(from: nil, to: frame))
    }

    @Test func aGraphicIsPutOnlyWhollyInsideTheBufferAndAnOverlayTakesItAway() {
        var frame = CellBuffer(width: 10, height: 5)
        frame.put("xxxxxxxxxx", x: 0, y: 1)
        let image = photoLike(width: 8, height: 8)
        frame.place(CellGraphic(key: "a", image: image, shape: .fitted, x: 6, y: 0, columns: 5, rows: 2))
        #expect(frame.graphics.isEmpty, "past the right edge")
        frame.place(CellGraphic(key: "a", image: image, shape: .fitted, x: 2, y: 0, columns: 4, rows: 2))
        #expect(frame.graphics.count == 1)
        #expect(frame[2, 1] == .blank && frame[6, 1].text == "x", "the cells under it are blank")
        frame.removeGraphics(overlappingX: 5, y: 1, columns: 3, rows: 3)
        #expect(frame.graphics.isEmpty)
    }
}

/// kitty behind tmux: Unicode placeholders, commands through tmux's passthrough.
@Suite("kitty placeholders through tmux")
struct KittyPlaceholderTests {
    @Test func theDiacriticsAreKittys297() {
        let table = KittyPlaceholders.diacritics.map(\.value)
        #expect(table.count == 297)
        #expect(table.prefix(5) == [0x305, 0x30D, 0x30E, 0x310, 0x312])
        #expect(table[30] == 0x483 && table.last == 0x1D244)
        #expect(KittyPlaceholders.cell(row: 1, column: 0) == "\u{10EEEE}\u{30D}\u{305}")
    }

    @Test func everyCommandCrossesTmuxWithItsEscapesDoubled() {
        let wrapped = KittyPlaceholders.tmuxPassthrough(
            KittyGraphics.deleteImage(id: 7) + KittyGraphics.deleteImage(id: 8))
        let text = String(decoding: wrapped, as: UTF8.self)
        #expect(
            text
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\u{1B}\\\u{1B}\\"
                + "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=8,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test func aPictureIsSentOnceAndShownByPlaceholderCells() {
        var screen = GraphicsScreen(mode: .kitty, cell: CellPixels(width: 10, height: 20), depth: .palette256)
        screen.placeholders = true
        var frame = CellBuffer(width: 40, height: 12)
        frame.place(
            CellGraphic(
                key: "media:a", image: RGBImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 48)),
                shape: .fitted, x: 2, y: 1, columns: 6, rows: 3))
        let first = String(decoding: screen.frame(from: nil, to: frame), as: UTF8.self)
        #expect(first.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,i=1,"), "sent through tmux")
        #expect(first.contains("a=p,U=1,i=1,c=6,r=3"), "a virtual placement over its cells")
        #expect(!first.contains("\u{1B}_Ga=p,i=1,p="), "never placed directly")
        #expect(first.contains("\u{1B}[38;5;1m\u{1B}[2;3H\u{10EEEE}\u{305}\u{305}\u{10EEEE}\u{305}\u{30D}"))
        #expect(first.contains("\u{1B}[4;3H\u{10EEEE}\u{30E}\u{305}"), "the third row")
        // Nothing changed: nothing written; gone: its cells are written again, blank.
        #expect(screen.frame(from: frame, to: frame).isEmpty)
        let empty = CellBuffer(width: 40, height: 12)
        let gone = String(decoding: screen.frame(from: frame, to: empty), as: UTF8.self)
        #expect(gone.contains("\u{1B}[2;3H") && !gone.contains("\u{10EEEE}"))
        #expect(String(decoding: screen.end(), as: UTF8.self).hasPrefix("\u{1B}Ptmux;"), "freed through tmux too")
    }
}
