public import Foundation

/// A validated configuration value.
public enum SettingValue: Hashable, Sendable {
    /// A word from a fixed list, or free text.
    case text(String)
    /// A whole number.
    case integer(Int)
    /// true or false.
    case boolean(Bool)
    /// A duration such as `5s`.
    case duration(Duration)
    /// A size in bytes.
    case bytes(Int)
    /// An http(s) URL.
    case url(URL)
    /// A file system path (with `~` expanded).
    case path(String)

    /// The value as `stories config` prints it.
    public var displayText: String {
        switch self {
        case .text(let text), .path(let text): text
        case .integer(let value): String(value)
        case .bytes(let value): Self.format(bytes: value)
        case .boolean(let value): String(value)
        case .duration(let duration): Self.format(duration)
        case .url(let url): url.absoluteString
        }
    }

    /// Formats a size the way it may be written in configuration, in the largest binary unit
    /// it is a whole number of: `256 MiB`, `1 GiB`, `1500000` (a value that reads back the same).
    public static func format(bytes: Int) -> String {
        for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes != 0 && bytes % size == 0
        {
            return "\(bytes / size) \(unit)"
        }
        return String(bytes)
    }

    /// Formats a duration the way it is written in configuration: `5s`, `500ms`, `2m`.
    public static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 86_400_000 == 0, milliseconds != 0 { return "\(milliseconds / 86_400_000)d" }
        if milliseconds % 3_600_000 == 0, milliseconds != 0 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds % 60_000 == 0, milliseconds != 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }
}
