import Foundation

/// Escaping for everything content puts into a page, a URL or a JSON block: names, captions
/// and ids come from documents, folders and servers nobody vetted (ARCHITECTURE.md, trust).
enum HTML {
    /// `text` safe inside an element or a double-quoted attribute.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Controls (but tab and newline) never reach a page.
                if character.value < 0x20 && character != "\n" && character != "\t" || character.value == 0x7F {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }

    /// The characters a path segment keeps as they are; everything else is percent-encoded,
    /// so an id with `/`, `?`, `#`, `..` or markup stays one segment and one id.
    private static let segmentCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~")

    /// `value` as one URL path segment (a `.` is encoded too: no segment is ever `.` or `..`).
    static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? ""
    }

    /// A path parameter as the router handed it (still percent-encoded), decoded; nil when it
    /// does not decode.
    static func decodedSegment(_ raw: String?) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        return raw.removingPercentEncoding
    }

    /// A link from content, if it may be one: absolute http(s) only (no `javascript:`,
    /// `data:`, relative or protocol-relative links).
    static func safeLink(_ url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url.absoluteString
    }

    /// JSON for a `<script type="application/json">` block: `<`, `>` and `&` as escapes, so no
    /// text in it can end the block or open a comment.
    static func scriptJSON(_ data: Data) -> String {
        var out = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
