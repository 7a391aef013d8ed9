import Foundation

/// What a configuration key accepts, and how its text is parsed and checked.
public enum SettingKind: Hashable, Sendable {
    /// One word of a fixed list.
    case choice([String])
    /// A whole number in a range.
    case integer(ClosedRange<Int>)
    /// `true`/`false` (also `1`/`0`, `yes`/`no`, `on`/`off`).
    case boolean
    /// A duration (`500ms`, `5s`, `2m`, `24h`, `7d`) in a range.
    case duration(ClosedRange<Duration>)
    /// `off`, or a duration in a range (read with ``ResolvedConfiguration/optionalDuration(_:)``).
    case durationOrOff(ClosedRange<Duration>)
    /// A size: bytes, or a number with `KiB`, `MiB`, `GiB` (or `KB`, `MB`, `GB`).
    case byteSize(ClosedRange<Int>)
    /// An absolute http or https URL.
    case webURL
    /// A file system path.
    case path
    /// Any one line of text (a plugin's URL in its own scheme, a password).
    case text

    /// What is allowed, for error messages.
    public var allowed: String {
        switch self {
        case .choice(let words): "one of " + words.joined(separator: ", ")
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: "true or false"
        case .duration(let range):
            "a duration such as 500ms, 5s or 2m, from \(SettingValue.format(range.lowerBound)) to \(SettingValue.format(range.upperBound))"
        case .durationOrOff(let range): "off, or " + SettingKind.duration(range).allowed
        case .byteSize(let range):
            "a size in bytes or with a unit such as 64MiB, from \(range.lowerBound) to \(range.upperBound) bytes"
        case .webURL: "an absolute http:// or https:// URL"
        case .path: "a file path"
        case .text: "one line of text"
        }
    }

    /// Parses and checks `raw`; nil when it is not allowed.
    func parse(_ raw: RawConfigValue) -> SettingValue? {
        switch self {
        case .choice(let words):
            if case .double = raw { return nil }
            return words.contains(raw.text) ? .text(raw.text) : nil
        case .integer(let range):
            guard let value = Self.integer(raw), range.contains(value) else { return nil }
            return .integer(value)
        case .boolean:
            return Self.boolean(raw).map(SettingValue.boolean)
        case .duration(let range):
            guard case .string(let text) = raw, let value = Self.duration(text), range.contains(value) else {
                return nil
            }
            return .duration(value)
        case .durationOrOff(let range):
            if case .string(let text) = raw, Self.trimmingSpaces(text).lowercased() == "off" {
                return .text("off")
            }
            return SettingKind.duration(range).parse(raw)
        case .byteSize(let range):
            guard let value = Self.byteSize(raw), range.contains(value) else { return nil }
            return .bytes(value)
        case .webURL:
            guard case .string(let text) = raw, let url = URL(string: text),
                let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty
            else { return nil }
            return .url(url)
        case .path:
            guard case .string(let text) = raw, !text.isEmpty, !text.contains("\0") else { return nil }
            return .path(Self.expandingTilde(text))
        case .text:
            guard case .string(let text) = raw, !text.isEmpty, !text.contains(where: \.isNewline), !text.contains("\0")
            else { return nil }
            return .text(text)
        }
    }

    private static func integer(_ raw: RawConfigValue) -> Int? {
        switch raw {
        case .int(let value): value
        case .string(let text): Int(Self.trimmingSpaces(text))
        case .double, .bool: nil
        }
    }

    private static func boolean(_ raw: RawConfigValue) -> Bool? {
        switch raw {
        case .bool(let value): return value
        case .int(let value) where value == 0 || value == 1: return value == 1
        case .string(let text):
            switch text.lowercased() {
            case "true", "1", "yes", "on": return true
            case "false", "0", "no", "off": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// Parses `500ms`, `5s`, `1.5s`, `2m`, `24h`, `7d`.
    static func duration(_ text: String) -> Duration? {
        let text = Self.trimmingSpaces(text).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
        for (suffix, seconds) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }),
                let value = Double(number), value.isFinite
            else { return nil }
            return .milliseconds(Int64((value * seconds * 1000).rounded()))
        }
        return nil
    }

    /// Parses `1048576`, `64MiB`, `1.5GiB`, `500KB`.
    static func byteSize(_ raw: RawConfigValue) -> Int? {
        switch raw {
        case .int(let value): return value
        case .double, .bool: return nil
        case .string(let text):
            let text = Self.trimmingSpaces(text)
            let units: [(String, Double)] = [
                ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824),
                ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1),
            ]
            var number = Substring(text)
            var factor = 1.0
            for (suffix, value) in units where text.hasSuffix(suffix) {
                number = text.dropLast(suffix.count)
                factor = value
                break
            }
            let trimmed = Self.trimmingSpaces(number)
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isNumber || $0 == "." }),
                let value = Double(trimmed), value.isFinite, value * factor < Double(Int.max)
            else { return nil }
            return Int((value * factor).rounded())
        }
    }

    /// `text` without the spaces and tabs at its ends, as `trimmingCharacters(in: .whitespaces)`
    /// gives it (general category Zs, U+0009 and U+200B, scalar by scalar: Foundation's set, checked
    /// over every scalar) without Foundation's character-set set-up: 1.3 M instructions the
    /// first time, in every command's start-up.
    static func trimmingSpaces(_ text: some StringProtocol) -> String {
        let text = Substring(text)
        let scalars = text.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        // Sliced by scalar indices (a String slice keeps scalar boundaries, not characters').
        return String(Substring(scalars[first...last]))
    }

    private static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
    }
}
