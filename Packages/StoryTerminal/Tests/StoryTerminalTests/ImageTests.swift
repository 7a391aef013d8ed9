import Foundation
import StoryBase
import StoryInterfaces
import StoryTerminal
import Testing

@Suite("Image decoding")
struct ImageDecodingTests {
    @Test(arguments: ["baseline-64x48.jpg", "progressive-64x48.jpg"])
    func jpegsDecodeAtFullSize(name: String) throws {
        let image = try ImageDecoder.decode(try Fixture.data(name))
        #expect(image.width == 64 && image.height == 48)
        let white = image.pixel(16, 16)
        #expect(white.r > 230 && white.g > 230 && white.b > 230)
    }

    @Test func decodeAndFitGivesTheSizeTheCellsTake() throws {
        let image = try ImageDecoder.decode(try Fixture.data("baseline-64x48.jpg"), fittingColumns: 20, rows: 5)
        #expect(image.width == 13 && image.height == 10, "\(image.width)×\(image.height)")
    }

    @Test func jpegsAreScaledInTheDecoderToTheSmallestCoveringSize() throws {
        let data = try Fixture.data("portrait-1080x1920.jpg")
        let small = try ImageDecoder.decode(data, covering: 80, 80)
        #expect(small.width == 135 && small.height == 240, "1/8 still covers 80×80")
        let medium = try ImageDecoder.decode(data, covering: 300, 300)
        #expect(medium.width == 405 && medium.height == 720, "3/8")
        #expect(try ImageDecoder.decode(data).width == 1080)
    }

    @Test func aProgressiveJPEGAtOneEighthDecodesLikeItsBaselineTwin() throws {
        // Scaled decoding of a progressive file gives what a baseline decode of the same picture gives.
        let progressive = try ImageDecoder.decode(try Fixture.data("progressive-64x48.jpg"), covering: 8, 6)
        let baseline = try ImageDecoder.decode(try Fixture.data("baseline-64x48.jpg"), covering: 8, 6)
        #expect(progressive.width == 8 && progressive.height == 6)
        let difference = zip(progressive.pixels, baseline.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +)
        #expect(Double(difference) / Double(baseline.pixels.count) < 6, "mean difference per channel")
    }

    @Test func pngsDecodeWithAlphaOverBlack() throws {
        let image = try ImageDecoder.decode(try Fixture.data("alpha-32x32.png"))
        #expect(image.width == 32)
        let pixel = image.pixel(0, 0)
        #expect((126...130).contains(pixel.r) && pixel.g == 0 && pixel.b == 0)
    }

    @Test(arguments: [
        ("truncated.jpg", "corrupt"), ("corrupt.jpg", "corrupt"), ("huge-dimensions.jpg", "tooLarge"),
        ("tiny.gif", "unsupported"), ("header-only.webp", "unsupported"), ("not-an-image.txt", "notAnImage"),
    ])
    func badFilesAreTypedErrorsNeverCrashes(name: String, kind: String) throws {
        let data = try Fixture.data(name)
        #expect {
            _ = try ImageDecoder.decode(data, covering: 80, 80)
        } throws: { error in
            switch (error as? ImageDecodeError, kind) {
            case (.corrupt?, "corrupt"), (.tooLarge?, "tooLarge"), (.unsupported?, "unsupported"),
                (.notAnImage?, "notAnImage"):
                return true
            default:
                return false
            }
        }
    }

    /// libjpeg decodes a file cut short with gray rows and a warning; the shim silenced its
    /// warnings without counting them, so the check for one never fired.
    @Test(arguments: [false, true])
    func aJPEGCutShortIsDamagedNotHalfGray(progressive: Bool) throws {
        let data = try #require(
            JPEGEncoder.encode(ProgressiveDecodeTests.detailed, quality: 90, progressive: progressive))
        for fraction in [0.3, 0.6, 0.95] {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            #expect(throws: ImageDecodeError.self, "\(fraction) of the file") { _ = try ImageDecoder.decode(cut) }
        }
        #expect(try ImageDecoder.decode(data).width == 203)
    }

    @Test func everyPrefixOfAJPEGFailsCleanly() throws {
        let data = try Fixture.data("progressive-64x48.jpg")
        for length in stride(from: 0, to: data.count, by: 7) {
            _ = try? ImageDecoder.decode(data.prefix(length))
        }
    }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0] as [UInt8], ImageFormat.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        (Array("GIF89a".utf8), .gif), (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8), .webp),
        ([0, 0, 0, 0x18] + Array("ftypmp42".utf8), .video),
    ])
    func formatsAreSniffed(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat.sniff(bytes) == format)
        #expect(ImageFormat.sniff(Array("<!DOCTYPE html>".utf8)) == nil)
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
