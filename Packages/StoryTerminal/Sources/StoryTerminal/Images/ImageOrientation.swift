public import Foundation

/// How a photo's pixels are to be turned to stand upright: the EXIF orientation tag (0x0112)
/// a phone writes instead of rotating the pixels. Raw values as EXIF numbers them.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored across the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Stored lying on its left side: turned a quarter clockwise to stand ("rotate 90").
    case right = 6
    /// Mirrored across the other diagonal.
    case rightMirrored = 7
    /// Stored lying on its right side: turned a quarter anticlockwise to stand.
    case left = 8

    /// Whether standing upright swaps the width and the height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation a JPEG's EXIF block declares; `.up` when it declares none, declares a
    /// value outside 1–8, or is damaged (a wrong tag never stops a picture from showing).
    /// Reads only the markers before the image data and bounds-checks every offset.
    public static func of(jpeg data: Data) -> ImageOrientation {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return exifBlock(bytes).flatMap { orientation(tiff: bytes, $0) } ?? .up
        }
    }

    /// Where the TIFF header inside the first `APP1 "Exif\0\0"` segment starts and ends.
    private static func exifBlock(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
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
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            let body = (at + 4)..<(at + 2 + length)
            if marker == 0xE1, body.count >= 14,
                Array(bytes[body.lowerBound..<(body.lowerBound + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0]
            {
                return (body.lowerBound + 6)..<body.upperBound
            }
            at += 2 + length
        }
        return nil
    }

    /// The orientation entry of IFD0 in the TIFF structure at `tiff`.
    private static func orientation(tiff bytes: UnsafeBufferPointer<UInt8>, _ tiff: Range<Int>) -> ImageOrientation? {
        let little: Bool
        switch (bytes[tiff.lowerBound], bytes[tiff.lowerBound + 1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func integer(_ offset: Int, _ size: Int) -> Int? {
            let start = tiff.lowerBound + offset
            guard offset >= 0, start + size <= tiff.upperBound else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(bytes[start + (little ? size - 1 - index : index)])
                value = value << 8 | byte
            }
            return value
        }
        guard integer(2, 2) == 42, let ifd = integer(4, 4), let count = integer(ifd, 2) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = integer(at, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // Type SHORT (3), one value, kept in the first two bytes of the value field.
            guard integer(at + 2, 2) == 3, let value = integer(at + 8, 2) else { return nil }
            return ImageOrientation(rawValue: value)
        }
        return nil
    }
}

extension RGBImage {
    /// The picture turned and mirrored as `orientation` says, so it stands upright.
    public func oriented(_ orientation: ImageOrientation) -> RGBImage {
        guard orientation != .up, width > 0, height > 0 else { return self }
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var out = [UInt8](repeating: 0, count: pixels.count)
        let w = width
        let h = height
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var t = 0
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // Where the output pixel (x, y) comes from in the stored picture.
                        let (sx, sy) =
                            switch orientation {
                            case .up: (x, y)
                            case .upMirrored: (w - 1 - x, y)
                            case .down: (w - 1 - x, h - 1 - y)
                            case .downMirrored: (x, h - 1 - y)
                            case .leftMirrored: (y, x)
                            case .right: (y, h - 1 - x)
                            case .rightMirrored: (w - 1 - y, h - 1 - x)
                            case .left: (w - 1 - y, x)
                            }
                        let s = (sy * w + sx) * 3
                        target[t] = source[s]
                        target[t + 1] = source[s + 1]
                        target[t + 2] = source[s + 2]
                        t += 3
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }
}
