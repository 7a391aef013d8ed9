import Foundation
import StoryImages
import Testing

@testable import StoryTerminal

/// `GraphicsImage`: an encoded picture drawn (or written in pieces) in each graphics mode,
/// fitted to a cell box.
@Suite("Graphics images")
struct GraphicsImageTests {
    /// The keys of the kitty transmission that draws the portrait in `columns × rows` cells.
    static func kittyKeys(columns: Int, rows: Int, id: UInt32) throws -> Set<String> {
        let data = try Fixture.data("portrait-1080x1920.jpg")
        let bytes = try GraphicsImage.draw(
            data, mode: .kitty, columns: columns, rows: rows, cell: CellPixels(width: 10, height: 20), id: id)
        let chunks = kittyChunks(Array(bytes.prefix { $0 != UInt8(ascii: "\n") }))
        return Set(chunks[0].keys.split(separator: ",").map(String.init))
    }

    /// `stories render` writes a kitty picture piece by piece through a small buffer: the pieces
    /// together are `draw`'s bytes, for pictures of a chunk's group and more, and for each mode.
    @Test(arguments: [(20, 10), (45, 40), (80, 40), (1, 1)])
    func writingInPiecesGivesTheDrawnBytes(columns: Int, rows: Int) throws {
        let data = try Fixture.data("portrait-1080x1920.jpg")
        let cell = CellPixels(width: 10, height: 20)
        for mode in [GraphicsMode.kitty, .sixel, .iterm2] {
            let drawn = try GraphicsImage.draw(data, mode: mode, columns: columns, rows: rows, cell: cell, id: 5)
            var written: [UInt8] = []
            var pieces = 0
            try GraphicsImage.write(.encoded(data), mode: mode, columns: columns, rows: rows, cell: cell, id: 5) {
                written += $0
                pieces += 1
            }
            let same = written == drawn
            #expect(same, "\(mode) at \(columns)×\(rows)")
            if mode == .kitty, drawn.count > 70_000 { #expect(pieces > 1, "\(columns)×\(rows)") }
        }
        let image = photoLike(width: 3, height: 1)
        var empty: [UInt8] = []
        KittyGraphics.writeTransmitAndPlace(
            RGBImage(width: 0, height: 0, pixels: []), id: 2, columns: 1, rows: 1, trailer: [10]
        ) { empty += $0 }
        #expect(
            empty
                == KittyGraphics.transmitAndPlace(
                    RGBImage(width: 0, height: 0, pixels: []), id: 2, columns: 1, rows: 1, compressed: false,
                    trailer: [10]))
        var small: [UInt8] = []
        KittyGraphics.writeTransmitAndPlace(image, id: 2, columns: 1, rows: 1) { small += $0 }
        #expect(small == KittyGraphics.transmitAndPlace(image, id: 2, columns: 1, rows: 1, compressed: false))
    }

    @Test func aPortraitFitsTheCellBoxAndTheCursorEndsBelowIt() throws {
        let data = try Fixture.data("portrait-1080x1920.jpg")
        let cell = CellPixels(width: 10, height: 20)
        let keys = try Self.kittyKeys(columns: 20, rows: 10, id: 9)
        // 20×10 cells of 10×20 pixels: a 200×200 box; the 9:16 portrait is 112×200, 12 cells wide.
        // kitty is sent the JPEG's 1/8 scale (135×240, within 30% of the box) and fits it to
        // the 12×10 cells itself.
        #expect(keys.isSuperset(of: ["s=135", "v=240", "c=12", "r=10", "i=9"]), "\(keys)")
        let bytes = try GraphicsImage.draw(data, mode: .kitty, columns: 20, rows: 10, cell: cell, id: 9)
        #expect(bytes.suffix(10) == [UInt8](repeating: UInt8(ascii: "\n"), count: 10))
        let sixel = try DecodedSixel(
            Array(try GraphicsImage.draw(data, mode: .sixel, columns: 20, rows: 10, cell: cell, id: 9).dropLast()))
        #expect(sixel.width == 112 && sixel.height == 200)
        let iterm = String(
            decoding: try GraphicsImage.draw(data, mode: .iterm2, columns: 20, rows: 10, cell: cell, id: 9),
            as: UTF8.self)
        #expect(iterm.hasPrefix("\u{1B}]1337;File=inline=1;size=\(data.count);width=12;height=10;"))
        #expect(iterm.hasSuffix("\u{07}\n"))
    }

    @Test func aHugeCellBoxNeverMakesAHugeImage() throws {
        let keys = try Self.kittyKeys(columns: 1000, rows: 1000, id: 1)
        // The box is 10000×20000 pixels, the portrait 10000×17777 in it (1000×889 cells): the
        // source's own 1080 pixels across are sent, and the terminal scales them up.
        #expect(keys.isSuperset(of: ["s=1080", "c=1000", "r=889"]), "\(keys)")
        #expect(GraphicsImage.pixelSize(fitted: (90000, 160000), source: (90000, 160000)) == (2304, 4096))
    }

    /// A decode far larger than the box (a PNG is decoded whole) is brought to the box; one
    /// near it is sent as decoded.
    @Test func kittyIsSentTheDecodeNearTheBoxOrTheBoxItself() throws {
        let png = try Fixture.data("alpha-32x32.png")
        let cell = CellPixels(width: 10, height: 20)
        let small = try GraphicsImage.draw(png, mode: .kitty, columns: 2, rows: 1, cell: cell, id: 3)
        let keys = Set(kittyChunks(Array(small.prefix { $0 != UInt8(ascii: "\n") }))[0].keys.split(separator: ","))
        #expect(keys.isSuperset(of: ["s=20", "v=20"]), "32×32 into a 20×20 box: resampled (\(keys))")
        #expect(
            try GraphicsImage.kittyPicture(.encoded(png), 30, 30, whole: false).width == 32, "within 30%: as decoded")
    }

    /// Pixels already decoded (an animation's first frame) draw as their file does, without
    /// being encoded and decoded again; iTerm2, which takes a file, gets a JPEG of them.
    @Test func decodedPixelsDrawAsTheirFileDoes() throws {
        let data = try Fixture.data("baseline-64x48.jpg")
        let image = try ImageDecoder.decode(data)
        let cell = CellPixels(width: 10, height: 20)
        for mode in [GraphicsMode.kitty, .sixel] {
            let fromFile = try GraphicsImage.draw(data, mode: mode, columns: 20, rows: 10, cell: cell, id: 7)
            let fromPixels = try GraphicsImage.draw(
                .decoded(image), mode: mode, columns: 20, rows: 10, cell: cell, id: 7)
            #expect(fromPixels == fromFile, "\(mode)")
        }
        let iterm = try GraphicsImage.draw(.decoded(image), mode: .iterm2, columns: 20, rows: 10, cell: cell, id: 7)
        #expect(String(decoding: iterm, as: UTF8.self).contains("inline=1"))
        #expect(
            try GraphicsImage.fittedColumns(.decoded(image), columns: 20, rows: 10, cell: cell)
                == GraphicsImage.fittedColumns(.encoded(data), columns: 20, rows: 10, cell: cell))
    }

    @Test func cellSizesFitLandscapeAndPortrait() {
        let cell = CellPixels(width: 8, height: 16)
        let wide = cell.fitted(width: 1200, height: 800, columns: 100, rows: 20)
        #expect(wide.height == 320 && wide.width == 480 && wide.columns == 60 && wide.rows == 20)
        let tall = cell.fitted(width: 1080, height: 1920, columns: 10, rows: 100)
        #expect(tall.width == 80 && tall.columns == 10 && tall.rows == 9)
    }
}
