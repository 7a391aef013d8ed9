/// How long a text field from outside may be, in UTF-8 bytes (a character count alone lets one
/// letter carry millions of combining marks), and ids made safe as store keys whatever source
/// they come from. Documents refuse a field over its limit; a source whose names are the user's
/// own (a folder) or a server's (Picsum) is held to the same bytes.
public enum TextLimits {
    /// An id (a user's, an item's, a photo's): a key in the stores (PostgreSQL's index refuses
    /// a 3,000-letter one).
    public static let idBytes = 256
    /// A name shown (a user's, an author's).
    public static let nameBytes = 256
    /// A caption or an alt text: at most ``textCharacters`` characters and this many bytes.
    public static let textBytes = 2_000
    /// A caption or an alt text, in characters.
    public static let textCharacters = 500

    /// `text` cut to at most `bytes` UTF-8 bytes, at a scalar's end (never half a letter).
    public static func clipped(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            count += UTF8.width(scalar)
            guard count <= bytes else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Whether `scalar` can control a terminal or reorder a line: C0 and C1 controls, DEL, line
    /// and paragraph separators, bidirectional overrides, isolates and marks (U+202E shows a
    /// line backwards). No id holds one; the terminal's text drops them.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x200E, 0x200F:
            true
        default: false
        }
    }

    /// `raw` (a folder's or a file's name) as an id: ``escaped(_:)``, then ``fitted(_:)``.
    public static func safeID(_ raw: String) -> String { fitted(escaped(raw)) }

    /// `raw` with each scalar an id may not hold written `%XX` (its UTF-8 bytes, as a URL
    /// would; `%` itself too, so two names never meet).
    public static func escaped(_ raw: String) -> String {
        var escaped = ""
        for scalar in raw.unicodeScalars {
            if isControl(scalar) || scalar == "%" {
                for byte in String(scalar).utf8 {
                    escaped += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `id` when it fits ``idBytes``; else cut and tagged with a digest of the whole, so
    /// distinct ids stay distinct.
    public static func fitted(_ id: String) -> String {
        guard id.utf8.count > idBytes else { return id }
        let tag = "~" + String(StableHash.fnv1a(id), radix: 16)
        return clipped(id, bytes: idBytes - tag.utf8.count) + tag
    }
}
