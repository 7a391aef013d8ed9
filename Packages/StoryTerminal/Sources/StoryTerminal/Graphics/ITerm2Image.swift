public import Foundation
public import StoryImages

/// iTerm2's inline images (OSC 1337, also WezTerm's): an encoded file (JPEG or PNG) the
/// terminal decodes itself, sized in cells or in pixels.
public enum ITerm2Image {
    /// `ESC ] 1337 ; File=inline=1;size=N;width=C;height=R;preserveAspectRatio=1 : base64 BEL`:
    /// the file as fetched, fitted to a cell rectangle.
    public static func inline(_ data: Data, columns: Int, rows: Int) -> [UInt8] {
        sequence(data, width: "\(max(1, columns))", height: "\(max(1, rows))", keepAspect: true)
    }

    /// Decoded pixels as an inline image drawn at one screen pixel per pixel (`width=Npx`):
    /// encoded as a JPEG (quality 90) for the terminal to decode. Nil if libjpeg fails.
    public static func picture(_ image: RGBImage) -> [UInt8]? {
        guard let data = JPEGEncoder.encode(image, quality: 90) else { return nil }
        return sequence(data, width: "\(image.width)px", height: "\(image.height)px", keepAspect: false)
    }

    /// The OSC 1337 sequence carrying `data` at a size in iTerm2's units.
    static func sequence(_ data: Data, width: String, height: String, keepAspect: Bool) -> [UInt8] {
        var out = Array(
            "\u{1B}]1337;File=inline=1;size=\(data.count);width=\(width);height=\(height);preserveAspectRatio=\(keepAspect ? 1 : 0):"
                .utf8)
        out += Array(data.base64EncodedData())
        out.append(0x07)
        return out
    }
}
