import Foundation
import Testing

@testable import StoryTerminal

/// A photo-like test image: smooth gradients with a few hard edges and some noise.
func photoLike(width: Int, height: Int, seed: UInt64 = 7) -> RGBImage {
    var state = seed
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Int(state >> 60) - 8
            let sky = y < height / 3
            let r = sky ? 90 + 100 * x / max(1, width) : 40 + 150 * y / max(1, height)
            let g = sky ? 140 + 60 * y / max(1, height) : 120 - 60 * x / max(1, width)
            let b = sky ? 230 - 40 * x / max(1, width) : 50 + ((x / 8 + y / 8) % 2) * 80
            for value in [r, g, b] { pixels.append(UInt8(max(0, min(255, value + noise)))) }
        }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
}

/// The escape sequences of a kitty transmission: each one's keys and payload.
func kittyChunks(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.map { sequence in
        #expect(sequence.hasPrefix("\u{1B}_G"), "every chunk is an APC G sequence")
        let body = sequence.dropFirst(3)
        let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
}

@Suite("kitty graphics protocol")
struct KittyGraphicsTests {
    @Test func aLargeImageIsSentInChunksWithTheKeysOnTheFirstOnly() throws {
        let image = photoLike(width: 300, height: 200)
        let chunks = kittyChunks(KittyGraphics.transmitAndPlace(image, id: 42, columns: 30, rows: 10))
        #expect(chunks.count > 2, "a 300×200 photo does not fit one 4096-byte chunk")
        let first = Set(chunks[0].keys.split(separator: ",").map(String.init))
        #expect(
            first.isSuperset(of: ["a=T", "i=42", "c=30", "r=10", "C=1", "f=24", "s=300", "v=200", "o=z", "q=2", "m=1"]))
        for chunk in chunks.dropFirst().dropLast() { #expect(chunk.keys == "m=1") }
        #expect(chunks.last?.keys == "m=0")
        for chunk in chunks {
            #expect(chunk.payload.utf8.count <= KittyGraphics.chunkSize)
            #expect(chunk.payload.utf8.count % 4 == 0, "each chunk is whole base64 quads")
        }
        let payload = try #require(Data(base64Encoded: chunks.map(\.payload).joined()))
        let pixels = try #require(KittyGraphics.inflate(Array(payload), count: image.pixels.count))
        #expect(pixels == image.pixels, "the payload is the image's RGB bytes, zlib-compressed")
    }

    /// The one-pass C chunking is byte for byte Foundation's base64 cut every 4096 characters,
    /// for lengths around the chunk and padding boundaries, and for no bytes at all.
    @Test(arguments: [0, 1, 2, 3, 4, 3071, 3072, 3073, 6143, 6144, 6145, 874_800, 874_801])
    func chunksAreFoundationsBase64CutEvery4096Characters(count: Int) {
        var state: UInt32 = 12_345
        let bytes = (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let payload = Array(Data(bytes).base64EncodedData())
        var expected: [UInt8] = []
        var start = 0
        repeat {
            let end = min(payload.count, start + KittyGraphics.chunkSize)
            let more = end < payload.count ? 1 : 0
            expected += Array(("\u{1B}_G" + (start == 0 ? "a=T,f=24,m=\(more);" : "m=\(more);")).utf8)
            expected += payload[start..<end] + [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < payload.count
        #expect(KittyGraphics.chunked(bytes, firstKeys: "a=T,f=24") == expected)
        let trailer: [UInt8] = [10, 10, 10]
        #expect(KittyGraphics.chunked(bytes, firstKeys: "a=T,f=24", trailer: trailer) == expected + trailer)
    }

    @Test func aSmallImageIsOneSequence() {
        let chunks = kittyChunks(KittyGraphics.transmit(photoLike(width: 4, height: 4), id: 7))
        #expect(chunks.count == 1)
        #expect(chunks[0].keys.hasPrefix("a=t,i=7,") && chunks[0].keys.hasSuffix(",m=0"))
    }

    @Test func placementsAndDeletionsAreQuietCommandsById() {
        #expect(
            String(decoding: KittyGraphics.place(id: 5, placement: 2, columns: 8, rows: 4), as: UTF8.self)
                == "\u{1B}_Ga=p,i=5,p=2,c=8,r=4,C=1,q=2\u{1B}\\")
        #expect(
            String(decoding: KittyGraphics.deletePlacements(id: 5), as: UTF8.self) == "\u{1B}_Ga=d,d=i,i=5,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.deleteImage(id: 5), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\\")
        #expect(String(decoding: KittyGraphics.deleteAll, as: UTF8.self) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
    }
}

/// A sixel decoder for the tests: the palette and each pixel's colour index.
struct DecodedSixel {
    var width = 0
    var height = 0
    var palette: [Int: (Int, Int, Int)] = [:]
    var indexes: [Int: Int] = [:]  // y * width + x → index

    init(_ bytes: [UInt8]) throws {
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        guard text.hasPrefix("\u{1B}P0;1;0q"), text.hasSuffix("\u{1B}\\") else { throw DecodeError.frame }
        text = text.dropFirst(8).dropLast(2)
        func number() -> Int {
            var value = 0
            while let c = text.first, let digit = c.wholeNumberValue {
                value = value * 10 + digit
                text.removeFirst()
            }
            return value
        }
        var x = 0
        var band = 0
        var color = 0
        while let c = text.first {
            text.removeFirst()
            switch c {
            case "\"":
                _ = number()
                text.removeFirst()
                _ = number()
                text.removeFirst()
                width = number()
                text.removeFirst()
                height = number()
            case "#":
                color = number()
                if text.first == ";" {
                    text.removeFirst()
                    _ = number()  // 2: RGB
                    text.removeFirst()
                    let r = number()
                    text.removeFirst()
                    let g = number()
                    text.removeFirst()
                    palette[color] = (r, g, number())
                }
            case "$": x = 0
            case "-":
                x = 0
                band += 1
            case "!":
                let run = number()
                let value = Int(text.removeFirst().asciiValue!) - 63
                for _ in 0..<run { set(value, x: &x, band: band, color: color) }
            default:
                let value = Int(c.asciiValue!) - 63
                guard (0...63).contains(value) else { throw DecodeError.character(c) }
                set(value, x: &x, band: band, color: color)
            }
        }
    }

    mutating func set(_ bits: Int, x: inout Int, band: Int, color: Int) {
        for k in 0..<6 where bits & (1 << k) != 0 {
            let y = band * 6 + k
            indexes[y * width + x] = color
        }
        x += 1
    }

    enum DecodeError: Error {
        case frame
        case character(Character)
    }
}

@Suite("sixel encoding")
struct SixelTests {
    @Test(arguments: [(1, 1), (7, 5), (64, 13), (120, 90)])
    func theBytesDecodeBackToTheQuantisedImage(width: Int, height: Int) throws {
        let image = photoLike(width: width, height: height)
        let quantized = SixelQuantizer.quantize(image, colors: 256)
        let decoded = try DecodedSixel(SixelEncoder.encode(quantized))
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.palette.count == quantized.palette.count && quantized.palette.count <= 256)
        for y in 0..<height {
            for x in 0..<width {
                #expect(
                    decoded.indexes[y * width + x] == Int(quantized.indexes[y * width + x]), "pixel \(x),\(y)")
            }
        }
    }

    @Test func thePaletteAndDitherStayCloseToThePhoto() throws {
        let image = photoLike(width: 200, height: 150)
        let decoded = try DecodedSixel(SixelEncoder.encode(image))
        var error = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let index = try #require(decoded.indexes[y * image.width + x])
                let (r, g, b) = try #require(decoded.palette[index])
                let pixel = image.pixel(x, y)
                // Palette entries are percentages: back to 0...255.
                error +=
                    abs(r * 255 / 100 - Int(pixel.r)) + abs(g * 255 / 100 - Int(pixel.g))
                    + abs(b * 255 / 100 - Int(pixel.b))
            }
        }
        let mean = Double(error) / Double(image.width * image.height * 3)
        print("sixel: mean absolute error per channel \(mean) (256 colours, dithered)")
        // Percent steps alone cost up to 1.3 per channel; dithering trades a few levels of
        // noise per pixel for no banding.
        #expect(mean < 8, "mean error \(mean)")
    }

    @Test func aFlatImageIsRunLengthCoded() throws {
        let flat = RGBImage(width: 100, height: 6, pixels: [UInt8](repeating: 128, count: 100 * 6 * 3))
        let text = String(decoding: SixelEncoder.encode(flat), as: UTF8.self)
        #expect(text.contains("!100~"), "\(text)")
        #expect(text.utf8.count < 80)
    }
}

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
            try GraphicsImage.write(data, mode: mode, columns: columns, rows: rows, cell: cell, id: 5) {
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
        #expect(try GraphicsImage.kittyPicture(png, 30, 30, whole: false).width == 32, "within 30%: as decoded")
    }

    @Test func cellSizesFitLandscapeAndPortrait() {
        let cell = CellPixels(width: 8, height: 16)
        let wide = cell.fitted(width: 1200, height: 800, columns: 100, rows: 20)
        #expect(wide.height == 320 && wide.width == 480 && wide.columns == 60 && wide.rows == 20)
        let tall = cell.fitted(width: 1080, height: 1920, columns: 10, rows: 100)
        #expect(tall.width == 80 && tall.columns == 10 && tall.rows == 9)
    }
}
