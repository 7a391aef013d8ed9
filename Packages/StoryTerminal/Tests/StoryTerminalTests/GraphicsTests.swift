import Foundation
import StoryImages
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
