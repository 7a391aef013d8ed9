public import Foundation

/// A picture's pixel size from the first bytes of its file, without decoding: JPEG (its frame
/// header, sides swapped when EXIF says it lies on its side), PNG, GIF and WebP (lossy,
/// lossless and extended). For a gallery's details of files nobody described: a folder of
/// the user's own pictures.
public enum PictureHeader {
    /// How much of a file holds a JPEG's frame header in practice (after EXIF and ICC blocks).
    public static let headBytes = 256 << 10

    /// The size `head` (a file's first bytes) describes, as the picture stands upright; nil
    /// for another format, or a header cut short or malformed.
    public static func size(of head: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](head.prefix(headBytes))
        if bytes.starts(with: [0xFF, 0xD8]) {
            guard let (width, height) = jpeg(bytes) else { return nil }
            let orientation = ExifMetadata.read(jpeg: head, prefix: true).orientation ?? 1
            return (5...8).contains(orientation) ? (height, width) : (width, height)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
            return positive(Int(big(bytes[16..<20])), Int(big(bytes[20..<24])))
        }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            return positive(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webp(bytes)
        }
        return nil
    }

    private static func big(_ bytes: ArraySlice<UInt8>) -> UInt32 { bytes.reduce(0) { $0 << 8 | UInt32($1) } }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }

    /// The first start-of-frame marker's size, walking the segments from the start.
    private static func jpeg(_ bytes: [UInt8]) -> (Int, Int)? {
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {  // fill bytes
                offset += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                return positive(width, height).map { ($0.width, $0.height) }
            }
            guard length >= 2, marker != 0xDA else { return nil }  // the scan starts: no frame seen
            offset += 2 + length
        }
        return nil
    }

    /// `VP8 ` (lossy: 14-bit sides after the key frame's start code), `VP8L` (lossless: 14-bit
    /// sides less one, packed) or `VP8X` (extended: 24-bit canvas sides less one).
    private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
        func little(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        switch chunk {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return positive(little(26, 2) & 0x3FFF, little(28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = little(21, 4)
            return positive((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return positive(little(24, 3) + 1, little(27, 3) + 1)
        default:
            return nil
        }
    }
}
