public import Foundation

/// What a JPEG's EXIF block says that the program uses: the orientation (tag 0x0112 of IFD0, how
/// to turn the pixels to stand upright) and when the photo was taken (DateTimeOriginal, 0x9003
/// of the Exif IFD, else DateTime, 0x0132 of IFD0). Read from the markers before the image data,
/// every offset bounds-checked: a damaged or crafted block gives nothing, never a crash.
/// (StoryTerminal turns pictures by it; StoryModels' folder source dates photos by it.)
public struct ExifMetadata: Hashable, Sendable {
    /// The orientation tag's value (1–8 when valid), if present.
    public var orientation: Int?
    /// When the photo was taken, as EXIF writes it ("2021:07:04 10:30:00", the camera's local
    /// time), if present.
    public var captured: String?

    /// Creates metadata.
    public init(orientation: Int? = nil, captured: String? = nil) {
        self.orientation = orientation
        self.captured = captured
    }

    /// The metadata of `jpeg`. With `prefix`, `jpeg` may be the first bytes of a file only: the
    /// EXIF segment may run past them and entries within them are read; otherwise a segment
    /// running past the data is damaged and gives nothing.
    public static func read(jpeg: Data, prefix: Bool = false) -> ExifMetadata {
        jpeg.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let block = exifBlock(bytes, prefix: prefix) else { return ExifMetadata() }
            return TIFFReader(bytes: bytes, range: block)?.metadata ?? ExifMetadata()
        }
    }

    /// `captured` as a date in `calendar`'s time zone; nil when absent or malformed.
    public func capturedDate(in calendar: Calendar) -> Date? {
        guard let captured, captured.utf8.count >= 19 else { return nil }
        let numbers = captured.split(whereSeparator: { $0 == ":" || $0 == " " }).prefix(6).compactMap { Int($0) }
        guard numbers.count == 6, (1...9999).contains(numbers[0]), (1...12).contains(numbers[1]),
            (1...31).contains(numbers[2]), (0...23).contains(numbers[3]), (0...59).contains(numbers[4]),
            (0...60).contains(numbers[5])
        else { return nil }
        return calendar.date(
            from: DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
                second: numbers[5]))
    }

    /// Where the TIFF structure inside the first `APP1 "Exif\0\0"` segment starts and ends.
    private static func exifBlock(_ bytes: UnsafeBufferPointer<UInt8>, prefix: Bool) -> Range<Int>? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF {  // fill byte
                at += 1
                continue
            }
            // Start of scan or end of image: no more metadata.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return nil }
            var end = at + 2 + length
            if end > bytes.count {
                guard prefix else { return nil }
                end = bytes.count
            }
            let body = (at + 4)..<end
            if marker == 0xE1, body.count >= 14,
                Array(bytes[body.lowerBound..<(body.lowerBound + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0]
            {
                return (body.lowerBound + 6)..<body.upperBound
            }
            at = end
        }
        return nil
    }
}

/// A TIFF structure's integers and IFD entries, read in its byte order within `range`.
private struct TIFFReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    let little: Bool

    init?(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        guard range.count >= 8 else { return nil }
        switch (bytes[range.lowerBound], bytes[range.lowerBound + 1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        self.bytes = bytes
        self.range = range
        guard integer(2, 2) == 42 else { return nil }
    }

    func integer(_ offset: Int, _ size: Int) -> Int? {
        let start = range.lowerBound + offset
        guard offset >= 0, start + size <= range.upperBound else { return nil }
        var value = 0
        for index in 0..<size {
            value = value << 8 | Int(bytes[start + (little ? size - 1 - index : index)])
        }
        return value
    }

    /// Each entry of the IFD at `offset`: its tag, type, count and where its value field is.
    func entries(at offset: Int) -> [(tag: Int, type: Int, count: Int, field: Int)] {
        guard let count = integer(offset, 2) else { return [] }
        return (0..<min(count, 512)).compactMap { entry in
            let at = offset + 2 + entry * 12
            guard let tag = integer(at, 2), let type = integer(at + 2, 2), let count = integer(at + 4, 4) else {
                return nil
            }
            return (tag, type, count, at + 8)
        }
    }

    /// An ASCII entry's text (type 2), from its value field or the offset it holds.
    func text(_ entry: (tag: Int, type: Int, count: Int, field: Int)) -> String? {
        guard entry.type == 2, (1...64).contains(entry.count) else { return nil }
        let start = entry.count <= 4 ? entry.field : integer(entry.field, 4)
        guard let start, start >= 0, range.lowerBound + start + entry.count <= range.upperBound else { return nil }
        let characters = bytes[(range.lowerBound + start)..<(range.lowerBound + start + entry.count)]
            .prefix { $0 != 0 }
        guard characters.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return String(decoding: characters, as: UTF8.self)
    }

    var metadata: ExifMetadata {
        guard let ifd0 = integer(4, 4) else { return ExifMetadata() }
        var found = ExifMetadata()
        var exifIFD: Int?
        for entry in entries(at: ifd0) {
            switch entry.tag {
            // Type SHORT (3), one value, kept in the first two bytes of the value field.
            case 0x0112 where entry.type == 3: found.orientation = integer(entry.field, 2)
            case 0x0132: found.captured = found.captured ?? text(entry)
            case 0x8769 where entry.type == 4: exifIFD = integer(entry.field, 4)
            default: break
            }
        }
        if let exifIFD, exifIFD != ifd0,
            let original = entries(at: exifIFD).first(where: { $0.tag == 0x9003 }).flatMap(text)
        {
            found.captured = original
        }
        return found
    }
}
