public import Foundation
import StoryBase
import StoryInterfaces

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
    /// Reads only the markers before the image data and bounds-checks every offset
    /// (StoryInterfaces' ``ExifMetadata``).
    public static func of(jpeg data: Data) -> ImageOrientation {
        ExifMetadata.read(jpeg: data).orientation.flatMap(ImageOrientation.init(rawValue:)) ?? .up
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
