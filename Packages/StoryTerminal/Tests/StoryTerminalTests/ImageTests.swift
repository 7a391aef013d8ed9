import Foundation
import StoryBase
import StoryImages
import StoryInterfaces
import StoryTerminal
import Testing

@Suite("Image decoding, fitted to cells")
struct ImageFittingTests {
    /// A 40×20 JPEG whose EXIF says "rotate 90" (orientation 6) is fitted as the 20×40 picture
    /// it is upright (StoryImages turns it; its suite checks every orientation's corners).
    @Test func aPhotoOnItsSideIsFittedToTheCellsUpright() throws {
        let exif: [UInt8] = [
            0xFF, 0xE1, 0x00, 0x2E, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x49, 0x49, 0x2A, 0x00, 0x08, 0x00,
            0x00, 0x00, 0x02, 0x00, 0x00, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00,
            0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        ]
        let wide = RGBImage(width: 40, height: 20, pixels: [UInt8](repeating: 128, count: 40 * 20 * 3))
        let plain = try #require(JPEGEncoder.encode(wide, quality: 90))
        let data = plain.prefix(2) + Data(exif) + plain.dropFirst(2)
        let fitted = try ImageDecoder.decode(data, fittingColumns: 40, rows: 20)
        #expect(fitted.height > fitted.width, "\(fitted.width)×\(fitted.height)")
    }

    @Test func decodeAndFitGivesTheSizeTheCellsTake() throws {
        let image = try ImageDecoder.decode(try Fixture.data("baseline-64x48.jpg"), fittingColumns: 20, rows: 5)
        #expect(image.width == 13 && image.height == 10, "\(image.width)×\(image.height)")
    }
}

@Suite("Image cells")
struct ImageCellTests {
    static func solid(_ color: RGB, width: Int, height: Int) -> RGBImage {
        RGBImage(
            width: width, height: height,
            pixels: Array((0..<(width * height)).flatMap { _ in [color.r, color.g, color.b] }))
    }

    @Test func aWideImageIsLetterboxedTopAndBottomWithTheAspectKept() {
        #expect(ImageCells.fittedSize(width: 1200, height: 800, columns: 80, rows: 40) == (80, 53))
        #expect(ImageCells.fittedSize(width: 1080, height: 1920, columns: 80, rows: 40) == (45, 80))
        var buffer = CellBuffer(width: 80, height: 40)
        ImageCells.draw(
            Self.solid(RGB(200, 0, 0), width: 1200, height: 800), into: &buffer, x: 0, y: 0, columns: 80, rows: 40,
            depth: .truecolor)
        #expect(buffer[40, 0].style.background == nil, "the bar above is empty")
        #expect(buffer[40, 20].style.background == RGB(200, 0, 0))
        #expect(buffer[40, 39].style.background == nil, "the bar below is empty")
    }

    @Test func halfBlocksCarryTwoPixelsPerCell() {
        let pixels: [UInt8] = [255, 0, 0, 0, 0, 255]  // red above blue, 1×2
        var buffer = CellBuffer(width: 1, height: 1)
        ImageCells.draw(
            RGBImage(width: 1, height: 2, pixels: pixels), into: &buffer, x: 0, y: 0, columns: 1, rows: 1,
            depth: .truecolor)
        #expect(buffer[0, 0] == Cell("▀", style: CellStyle(foreground: RGB(255, 0, 0), background: RGB(0, 0, 255))))
    }

    @Test func withoutColourLuminanceIsDrawnWithCharacters() {
        var buffer = CellBuffer(width: 2, height: 1)
        let pixels: [UInt8] = [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255]
        ImageCells.draw(
            RGBImage(width: 2, height: 2, pixels: pixels), into: &buffer, x: 0, y: 0, columns: 2, rows: 1, depth: .none)
        #expect(buffer[0, 0].text == " " && buffer[1, 0].text == "@")
        #expect(buffer[0, 0].style == .plain)
    }

    @Test func boxFilteringAveragesAndKeepsFlatColours() {
        let checker = RGBImage(width: 2, height: 2, pixels: [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0])
        #expect(checker.resampled(width: 1, height: 1).pixel(0, 0) == RGB(128, 128, 128), "127.5, rounded")
        // Three pixels into two: each output is one whole pixel and half of the middle one.
        let row = RGBImage(width: 3, height: 1, pixels: [0, 0, 0, 90, 90, 90, 180, 180, 180])
        let two = row.resampled(width: 2, height: 1)
        #expect(two.pixel(0, 0) == RGB(30, 30, 30) && two.pixel(1, 0) == RGB(150, 150, 150))
        // Growing is bilinear: the middle of two pixels is their average.
        let grown = RGBImage(width: 2, height: 1, pixels: [0, 0, 0, 200, 200, 200]).resampled(width: 4, height: 1)
        #expect(grown.pixels.enumerated().filter { $0.offset % 3 == 0 }.map(\.element) == [0, 50, 150, 200])
        let flat = Self.solid(RGB(10, 20, 30), width: 37, height: 23).resampled(width: 5, height: 3)
        #expect((0..<3).allSatisfy { y in (0..<5).allSatisfy { flat.pixel($0, y) == RGB(10, 20, 30) } })
    }

    @Test func avatarsAreCircularWithAGradientOrGrayRing() {
        let face = Self.solid(RGB(0, 200, 0), width: 50, height: 80)
        var unseen = CellBuffer(width: 10, height: 5)
        AvatarCells.draw(face, ring: .unseen, into: &unseen, x: 0, y: 0, columns: 10, rows: 5, depth: .truecolor)
        #expect(unseen[0, 0] == .blank, "corners stay empty")
        #expect(unseen[5, 2].style.background == RGB(0, 200, 0) || unseen[5, 2].style.foreground == RGB(0, 200, 0))
        let ringColors = Set((0..<10).flatMap { x in (0..<5).compactMap { y in unseen[x, y].style.foreground } })
        #expect(ringColors.count > 3, "a gradient, not one colour")
        var seen = CellBuffer(width: 10, height: 5)
        AvatarCells.draw(face, ring: .seen, into: &seen, x: 0, y: 0, columns: 10, rows: 5, depth: .truecolor)
        let seenColors = Set((0..<10).flatMap { x in (0..<5).compactMap { y in seen[x, y].style.foreground } })
        #expect(seenColors.isSubset(of: [RGB(120, 120, 120), RGB(0, 200, 0)]))
    }

    /// A half block's colour is its foreground: a cell with one half empty is drawn with the
    /// other half block and a foreground, never with the terminal's default foreground
    /// (white specks at the avatars' corners and along letterboxed images' edges).
    @Test func everyHalfBlockHasItsOwnForeground() {
        var buffer = CellBuffer(width: 30, height: 12)
        AvatarCells.draw(
            Self.solid(RGB(0, 200, 0), width: 50, height: 80), ring: .unseen, into: &buffer, x: 0, y: 0, columns: 10,
            rows: 5, depth: .truecolor)
        ImageCells.draw(
            Self.solid(RGB(200, 0, 0), width: 300, height: 101), into: &buffer, x: 0, y: 5, columns: 30, rows: 7,
            depth: .truecolor)
        let halves = (0..<30).flatMap { x in (0..<12).map { buffer[x, $0] } }.filter { ["▀", "▄"].contains($0.text) }
        #expect(!halves.isEmpty)
        #expect(halves.allSatisfy { $0.style.foreground != nil }, "\(halves.filter { $0.style.foreground == nil })")
    }

    /// Without colour, seen and unseen rings differ by their characters.
    @Test func withoutColourTheRingsStateIsItsCharacter() {
        let face = Self.solid(RGB(0, 200, 0), width: 50, height: 80)
        func text(_ ring: AvatarCells.Ring) -> String {
            var buffer = CellBuffer(width: 10, height: 5)
            AvatarCells.draw(face, ring: ring, into: &buffer, x: 0, y: 0, columns: 10, rows: 5, depth: .none)
            return (0..<5).map { y in (0..<10).map { buffer[$0, y].text }.joined() }.joined(separator: "\n")
        }
        #expect(text(.unseen).contains("█") && !text(.unseen).contains("·"))
        #expect(text(.seen).contains("·") && !text(.seen).contains("█"))
    }

    @Test func placeholdersNameTheType() {
        var buffer = CellBuffer(width: 20, height: 5)
        ImageCells.placeholder("GIF image", into: &buffer, x: 0, y: 0, columns: 20, rows: 5)
        let row = (0..<20).map { buffer[$0, 2].text }.joined()
        #expect(row.contains("GIF image"))
    }
}

@Suite("Input decoding")
struct InputDecoderTests {
    static func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test(arguments: [
        ("\u{1B}[C", InputEvent.arrow(.right, shift: false)), ("\u{1B}[D", .arrow(.left, shift: false)),
        ("\u{1B}[1;2C", .arrow(.right, shift: true)), ("\u{1B}[1;2D", .arrow(.left, shift: true)),
        ("\u{1B}[A", .arrow(.up, shift: false)), ("\u{1B}[B", .arrow(.down, shift: false)),
        ("\u{1B}OC", .arrow(.right, shift: false)), ("\u{1B}", .escape), ("q", .character("q")), ("]", .character("]")),
        (" ", .character(" ")), ("\r", .enter), ("\u{3}", .interrupt),
        ("\u{1B}[<0;10;5M", .mouse(button: 0, x: 9, y: 4, pressed: true)),
        ("\u{1B}[<0;1;1m", .mouse(button: 0, x: 0, y: 0, pressed: false)),
        ("\u{1B}[<64;10;5M", .wheel(up: true, x: 9, y: 4)), ("\u{1B}[<65;10;5M", .wheel(up: false, x: 9, y: 4)),
        ("\u{1B}[<16;3;4M", .mouse(button: 0, x: 2, y: 3, pressed: true)), ("é", .character("é")),
    ])
    func keysAndClicks(input: String, event: InputEvent) {
        #expect(Self.decode(Array(input.utf8)) == [event])
    }

    @Test func sequencesSplitAcrossReadsWait() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("2Cq".utf8)) == [.arrow(.right, shift: true), .character("q")])
        #expect(!decoder.isWaiting)
    }

    @Test func garbageIsDroppedNotFatal() {
        #expect(Self.decode([0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68, 0x71]) == [.character("q")])
        #expect(Self.decode([0xFF, 0xFE, 0x80, 0x71]) == [.character("q")])
        #expect(Self.decode(Array("\u{1B}[<0;0;0M".utf8)).isEmpty)
        let long = [0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 100) + [UInt8(ascii: "q")]
        #expect(Self.decode(long).last == .character("q"))
    }
}
