public import Foundation

/// JPEG beginnings with an EXIF block, made byte by byte for the tests that read EXIF.
public enum ExifFixture {
    /// A JPEG's start: SOI, then APP1 "Exif" holding a little- or big-endian TIFF block with
    /// IFD0 (orientation, DateTime, a pointer to the Exif IFD) and the Exif IFD (DateTimeOriginal).
    public static func jpeg(
        orientation: Int? = 6, dateTime: String? = "2020:01:02 03:04:05",
        original: String? = "2021:07:04 10:30:00", little: Bool = true, claimedLength: Int? = nil
    ) -> Data {
        func u16(_ v: Int) -> [UInt8] {
            little ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] : [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] {
            let b = [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return little ? b.reversed() : b
        }
        var ifd0: [[UInt8]] = []
        var exif: [[UInt8]] = []
        var data: [UInt8] = []
        // Layout: header (8), IFD0 at 8 (2 + 3×12 + 4 = 42), Exif IFD at 50 (2 + 12 + 4 = 18), texts at 68.
        let textsAt = 68
        if let orientation { ifd0.append(u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]) }
        if let dateTime {
            ifd0.append(u16(0x0132) + u16(2) + u32(dateTime.utf8.count + 1) + u32(textsAt + data.count))
            data += Array(dateTime.utf8) + [0]
        }
        ifd0.append(u16(0x8769) + u16(4) + u32(1) + u32(50))
        if let original {
            exif.append(u16(0x9003) + u16(2) + u32(original.utf8.count + 1) + u32(textsAt + data.count))
            data += Array(original.utf8) + [0]
        }
        var tiff = (little ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        tiff += u16(ifd0.count) + ifd0.flatMap { $0 } + u32(0)
        tiff += [UInt8](repeating: 0, count: max(0, 50 - tiff.count))
        tiff += u16(exif.count) + exif.flatMap { $0 } + u32(0)
        tiff += [UInt8](repeating: 0, count: max(0, textsAt - tiff.count)) + data
        let body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = claimedLength ?? body.count + 2
        return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body + [0xFF, 0xD9])
    }

}
