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

    /// `value` as one URL path segment: letters, digits, `-` and `_` as they are, every other
    /// byte of its UTF-8 as `%XX` — so an id with `/`, `?`, `#` or markup stays one segment and
    /// one id (Foundation's `addingPercentEncoding` was a fifth of a tray page). An id of dots
    /// alone (`.`, `..`) gets a `~` before it: browsers and curl remove `%2E%2E` segments as
    /// they remove `..`, and a `~` is never otherwise left unescaped.
    static func segment(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        let dotsOnly = !value.isEmpty && value.utf8.allSatisfy { $0 == UInt8(ascii: ".") }
        return (dotsOnly ? "~" : "") + String(decoding: out, as: UTF8.self)
    }

    /// A path parameter as the router handed it (still percent-encoded), decoded (a leading
    /// `~` marks an id of dots); nil when it does not decode.
    static func decodedSegment(_ raw: String?) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        return (raw.hasPrefix("~") ? String(raw.dropFirst()) : raw).removingPercentEncoding
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
