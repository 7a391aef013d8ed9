import Foundation
import StoryImages

/// Pictures at the widths a screen asks for (`srcset`): decoded at the smallest size that
/// covers the width (libjpeg's scaled IDCT), area-averaged down, encoded as a progressive JPEG.
enum WebPictures {
    /// The widths made; any other is refused (bounded work, a cache that fills with few sizes).
    static let widths = [160, 360, 720, 1080]

    /// `data` at `width` pixels across, nil when it is not wider already or is not a JPEG or
    /// PNG (a GIF or WebP is served as it is).
    static func resized(_ data: Data, width: Int) -> Data? {
        guard let header = try? ImageDecoder.check(data), header.width > width,
            let decoded = try? ImageDecoder.decode(data, covering: width, 0), decoded.width > 0
        else { return nil }
        let height = max(1, decoded.height * width / decoded.width)
        return JPEGEncoder.encode(decoded.resampled(width: width, height: height), quality: 82, progressive: true)
    }

    /// The cache key of `source` at `width`.
    static func key(_ source: URL, width: Int) -> URL {
        URL(string: source.absoluteString + "#stories-web-\(width)") ?? source
    }

    /// A media file name: `TAG.EXT` or `TAG-WIDTH.EXT`; nil for a width not made.
    static func parse(_ file: String) -> (tag: String, width: Int?)? {
        guard let dot = file.lastIndex(of: ".") else { return nil }
        let stem = file[..<dot]
        guard let dash = stem.lastIndex(of: "-") else { return (String(stem), nil) }
        guard let width = Int(stem[stem.index(after: dash)...]), widths.contains(width) else { return nil }
        return (String(stem[..<dash]), width)
    }
}
