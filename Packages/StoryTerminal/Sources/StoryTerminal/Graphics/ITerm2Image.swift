public import Foundation

/// iTerm2's inline images (OSC 1337, also WezTerm's): the encoded file itself (JPEG or PNG, as
/// fetched: the terminal decodes it) sized to a cell rectangle.
public enum ITerm2Image {
    /// `ESC ] 1337 ; File=inline=1;size=N;width=C;height=R;preserveAspectRatio=1 : base64 BEL`.
    public static func inline(_ data: Data, columns: Int, rows: Int) -> [UInt8] {
        var out = Array(
            "\u{1B}]1337;File=inline=1;size=\(data.count);width=\(max(1, columns));height=\(max(1, rows));preserveAspectRatio=1:"
                .utf8)
        out += Array(data.base64EncodedData())
        out.append(0x07)
        return out
    }

    /// Decoded pixels as an inline image drawn at one screen pixel per pixel (`width=Npx`):
    /// encoded as a JPEG (quality 90) for the terminal to decode. Nil if libjpeg fails.
    public static func picture(_ image: RGBImage) -> [UInt8]? {
        guard let data = JPEGEncoder.encode(image, quality: 90) else { return nil }
        var out = Array(
            "\u{1B}]1337;File=inline=1;size=\(data.count);width=\(image.width)px;height=\(image.height)px;preserveAspectRatio=0:"
                .utf8)
        out += Array(data.base64EncodedData())
        out.append(0x07)
        return out
    }
}
