import Foundation
import StoryImages
import Testing

/// EXIF orientation: a phone photo tagged "rotate 90" shows upright, as timg shows
/// it; a damaged or lying tag never stops a picture from showing.
@Suite("EXIF orientation")
struct OrientationTests {
    /// A 40×20 picture of four quadrants: red, green over blue, white.
    static let quadrants: RGBImage = {
        var pixels: [UInt8] = []
        for y in 0..<20 {
            for x in 0..<40 {
                switch (x < 20, y < 10) {
                case (true, true): pixels += [255, 0, 0]
                case (false, true): pixels += [0, 255, 0]
                case (true, false): pixels += [0, 0, 255]
                case (false, false): pixels += [255, 255, 255]
                }
            }
        }
        return RGBImage(width: 40, height: 20, pixels: pixels)
    }()

    /// The nearest of the four colours at a point.
    static func colour(_ image: RGBImage, _ x: Int, _ y: Int) -> Character {
        let p = image.pixel(x, y)
        switch (p.r > 128, p.g > 128, p.b > 128) {
        case (true, false, false): return "R"
        case (false, true, false): return "G"
        case (false, false, true): return "B"
        case (true, true, true): return "W"
        default: return "?"
        }
    }

    /// Top-left, top-right, bottom-left, bottom-right, each a quarter in from the corner.
    static func corners(_ image: RGBImage) -> String {
        let (w, h) = (image.width, image.height)
        return String([
            colour(image, w / 4, h / 4), colour(image, 3 * w / 4, h / 4), colour(image, w / 4, 3 * h / 4),
            colour(image, 3 * w / 4, 3 * h / 4),
        ])
    }

    /// An `APP1 Exif` segment whose IFD0 holds `entries` (tag, type, count, value bytes).
    static func exif(orientation: Int?, bigEndian: Bool = false, ifdOffset: Int = 8, count: Int? = nil) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(ifdOffset)
        // Two entries: a width tag first (so the orientation is not always the first), then it.
        var entries = u16(0x0100) + u16(3) + u32(1) + u16(40) + u16(0)
        if let orientation { entries += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) }
        tiff += u16(count ?? (orientation == nil ? 1 : 2)) + entries + u32(0)
        let body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1] + u16BE(body.count + 2) + body
    }

    static func u16BE(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// The quadrants as a JPEG with `segment` right after its start marker.
    static func jpeg(with segment: [UInt8]) throws -> Data {
        let plain = try #require(JPEGEncoder.encode(quadrants, quality: 95))
        return plain.prefix(2) + Data(segment) + plain.dropFirst(2)
    }

    /// What each orientation shows at the four corners (from the EXIF specification's pictures
    /// of the letter F, not from the code's mapping), and its size.
    static let expected: [(Int, String, Int, Int)] = [
        (1, "RGBW", 40, 20), (2, "GRWB", 40, 20), (3, "WBGR", 40, 20), (4, "BWRG", 40, 20),
        (5, "RBGW", 20, 40), (6, "BRWG", 20, 40), (7, "WGBR", 20, 40), (8, "GWRB", 20, 40),
    ]

    @Test(arguments: [false, true])
    func everyOrientationStandsUpright(bigEndian: Bool) throws {
        for (value, corners, width, height) in Self.expected {
            let data = try Self.jpeg(with: Self.exif(orientation: value, bigEndian: bigEndian))
            #expect(ImageOrientation.of(jpeg: data).rawValue == value)
            let size = try ImageDecoder.size(of: data)
            #expect(size.width == width && size.height == height, "orientation \(value): \(size)")
            let image = try ImageDecoder.decode(data)
            #expect(image.width == width && image.height == height, "orientation \(value)")
            #expect(Self.corners(image) == corners, "orientation \(value)")
            // Scaled in the decoder too (an eighth: 5×3 stored, 3×5 upright for 5–8).
            let small = try ImageDecoder.decode(data, covering: width / 8, height / 8)
            #expect((small.width > small.height) == (width > height), "orientation \(value), scaled")
        }
    }

    /// Damaged or lying tags: the picture shows as stored.
    @Test func aMissingDamagedOrLyingTagShowsThePictureAsStored() throws {
        let cases: [(String, [UInt8])] = [
            ("no orientation entry", Self.exif(orientation: nil)),
            ("orientation 0", Self.exif(orientation: 0)),
            ("orientation 9", Self.exif(orientation: 9)),
            ("IFD past the end", Self.exif(orientation: 6, ifdOffset: 60_000)),
            ("a segment length past the file", [0xFF, 0xE1, 0xFF, 0xF0] + Array("Exif".utf8) + [0, 0]),
            ("not TIFF", [0xFF, 0xE1, 0x00, 0x10] + Array("Exif".utf8) + [0, 0] + Array("XXXXXXXX".utf8)),
        ]
        for (what, segment) in cases {
            let data = try Self.jpeg(with: segment)
            #expect(ImageOrientation.of(jpeg: data) == .up, "\(what)")
            if let image = try? ImageDecoder.decode(data) {
                #expect(Self.corners(image) == "RGBW", "\(what)")
            }
        }
        // More entries claimed than there are: the ones there are read, the claim ends the search.
        #expect(ImageOrientation.of(jpeg: try Self.jpeg(with: Self.exif(orientation: 6, count: 65_535))) == .right)
        #expect(ImageOrientation.of(jpeg: try Self.jpeg(with: Self.exif(orientation: nil, count: 65_535))) == .up)
        // Every prefix of a tagged file: never a crash, never a wrong read past the end.
        let tagged = try Self.jpeg(with: Self.exif(orientation: 6))
        for length in 0..<200 { _ = ImageOrientation.of(jpeg: tagged.prefix(length)) }
    }

    /// Files tagged by Pillow (as a camera tags them: an EXIF block of its own making) for every
    /// orientation, each shown as Pillow's own `exif_transpose` turns it, where Pillow is
    /// installed (python3-pil; Scripts/test installs it).
    @Test func filesTaggedByPillowStandAsPillowTurnsThem() async throws {
        let python = "/usr/bin/python3"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orientation-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import sys
            from PIL import Image, ImageOps
            folder = sys.argv[1]
            image = Image.new("RGB", (40, 20))
            for x in range(40):
                for y in range(20):
                    image.putpixel((x, y), [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)][(x >= 20) + 2 * (y >= 10)])
            for value in range(1, 9):
                exif = Image.Exif()
                exif[0x0112] = value
                exif[0x010F] = "Stories test camera"
                image.save(f"{folder}/{value}.jpg", quality=95, exif=exif.tobytes())
                ImageOps.exif_transpose(Image.open(f"{folder}/{value}.jpg")).save(f"{folder}/{value}.ppm")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, folder.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            withKnownIssue("Pillow is not installed (apt-get install python3-pil; Scripts/test does)") {
                Issue.record("skipped")
            }
            return
        }
        for value in 1...8 {
            let tagged = try Data(contentsOf: folder.appendingPathComponent("\(value).jpg"))
            #expect(ImageOrientation.of(jpeg: tagged).rawValue == value)
            let ours = try ImageDecoder.decode(tagged)
            let theirs = try Self.ppm(try Data(contentsOf: folder.appendingPathComponent("\(value).ppm")))
            #expect(ours.width == theirs.width && ours.height == theirs.height, "orientation \(value)")
            #expect(Self.corners(ours) == Self.corners(theirs), "orientation \(value)")
            #expect(Self.corners(ours) == Self.expected[value - 1].1, "orientation \(value)")
        }
    }

    /// A binary PPM (P6): the header's numbers, then the bytes.
    static func ppm(_ data: Data) throws -> RGBImage {
        var fields: [String] = []
        var at = data.startIndex
        var current = ""
        while fields.count < 4, at < data.endIndex {
            let byte = data[at]
            at += 1
            if byte == 0x20 || byte == 0x0A {
                if !current.isEmpty { fields.append(current) }
                current = ""
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        let width = try #require(Int(fields[1]))
        let height = try #require(Int(fields[2]))
        return RGBImage(width: width, height: height, pixels: Array(data[at..<(at + width * height * 3)]))
    }
}
