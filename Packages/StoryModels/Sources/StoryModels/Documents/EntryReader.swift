import Foundation
import StoryBase

/// Reads the fields of one document entry, throwing errors that name the file, the entry
/// and the field.
struct EntryReader {
    let file: String
    let entry: String
    var entryID: String?
    let fields: [String: DocumentValue]
    /// The path of this object inside the entry (`user`, `snaps[1]`), empty at the entry's top.
    let path: String

    init(file: String, entry: String, value: DocumentValue, entryID: String? = nil, path: String = "")
        throws(StoryDocumentError)
    {
        self.file = file
        self.entry = entry
        self.entryID = entryID
        self.path = path
        guard case .object(let fields) = value else {
            throw StoryDocumentError(
                file: file, entry: entry, entryID: entryID, field: path.isEmpty ? nil : path,
                problem: .wrongType(expected: "an object", found: value.typeName))
        }
        self.fields = fields
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String?, _ problem: StoryDocumentError.Problem) -> StoryDocumentError {
        StoryDocumentError(
            file: file, entry: entry, entryID: entryID, field: key.map(fieldPath) ?? (path.isEmpty ? nil : path),
            problem: problem)
    }

    func required(_ key: String) throws(StoryDocumentError) -> DocumentValue {
        guard let value = fields[key], value != .null else { throw error(key, .missingField) }
        return value
    }

    /// A non-empty string of at most `maximumBytes` UTF-8 bytes (a name's by default).
    func string(_ key: String, maximumBytes: Int = TextLimits.nameBytes) throws(StoryDocumentError) -> String {
        let value = try required(key)
        guard case .string(let text) = value else {
            throw error(key, .wrongType(expected: "a string", found: value.typeName))
        }
        guard text.utf8.count <= maximumBytes else {
            throw error(key, .invalidValue(Self.shown(text), allowed: "at most \(maximumBytes) bytes"))
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw error(key, .invalidValue(text, allowed: "a non-empty string"))
        }
        return text
    }

    /// The longest id, in UTF-8 bytes: ids are keys in the stores (PostgreSQL's index refuses
    /// a 3,000-letter one, and every later write waited behind it).
    static let maximumIDBytes = TextLimits.idBytes

    /// The longest URL, in bytes.
    static let maximumURLBytes = 4_096

    /// The start of `text` for an error: its first 40 scalars (not characters: one letter
    /// can carry millions of marks), controls as `?`.
    static func shown(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.prefix(40).map { TextLimits.isControl($0) ? "?" : $0 })) + "…"
    }

    /// An id: a string, or a whole number (documents write `"id": 1` and `"id": "1"`); at most
    /// ``maximumIDBytes``, without control characters (a NUL was cut by SQLite's binding, and a
    /// document's like landed on another item).
    func id(_ key: String) throws(StoryDocumentError) -> String {
        let value = try required(key)
        switch value {
        case .string(let text) where !text.isEmpty:
            guard text.utf8.count <= Self.maximumIDBytes else {
                throw error(
                    key, .invalidValue(Self.shown(text), allowed: "an id of at most \(Self.maximumIDBytes) bytes"))
            }
            if text.unicodeScalars.contains(where: TextLimits.isControl) {
                throw error(
                    key,
                    .invalidValue(
                        Self.shown(text),
                        allowed: "an id without control characters (NUL, newlines, escapes, direction overrides)"))
            }
            return text
        case .number(let number) where number.rounded() == number && abs(number) < 1e15: return String(Int64(number))
        default: throw error(key, .wrongType(expected: "a string or a whole number", found: value.typeName))
        }
    }

    func positiveInt(_ key: String) throws(StoryDocumentError) -> Int {
        let value = try required(key)
        guard case .number(let number) = value, number.rounded() == number else {
            throw error(key, .wrongType(expected: "a whole number", found: value.typeName))
        }
        guard number >= 1, number <= 1_000_000 else {
            throw error(key, .invalidValue(String(number), allowed: "a whole number from 1 to 1000000"))
        }
        return Int(number)
    }

    func optionalInt(_ key: String) throws(StoryDocumentError) -> Int? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e9 else {
            throw error(key, .wrongType(expected: "a whole number", found: value.typeName))
        }
        return Int(number)
    }

    /// Seconds in (0, 86400].
    func duration(_ key: String) throws(StoryDocumentError) -> Duration {
        let value = try required(key)
        guard case .number(let seconds) = value else {
            throw error(key, .wrongType(expected: "a number of seconds", found: value.typeName))
        }
        guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw error(key, .durationOutOfRange(seconds))
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// An optional duration (seconds in (0, 86400]).
    func optionalDuration(_ key: String) throws(StoryDocumentError) -> Duration? {
        guard let value = fields[key], value != .null else { return nil }
        return try duration(key)
    }

    /// The longest text field kept (a caption or an alt text), in characters.
    static let maximumText = TextLimits.textCharacters

    /// An optional line of text: a string of at most ``maximumText`` characters and
    /// ``TextLimits/textBytes`` bytes (counted first: counting characters costs as much as the
    /// marks one letter can carry), its control
    /// characters (newlines, escapes) as spaces; nil when absent or blank.
    func optionalText(_ key: String) throws(StoryDocumentError) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw error(key, .wrongType(expected: "a string", found: value.typeName))
        }
        guard text.utf8.count <= TextLimits.textBytes, text.count <= Self.maximumText else {
            throw error(
                key,
                .invalidValue(
                    Self.shown(text),
                    allowed: "at most \(Self.maximumText) characters and \(TextLimits.textBytes) bytes"))
        }
        let line = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
        )
        .trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? nil : line
    }

    /// An optional ISO 8601 time (`2026-11-25T08:30:00Z`, fractions and offsets allowed).
    func optionalDate(_ key: String) throws(StoryDocumentError) -> Date? {
        guard let value = fields[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw error(key, .wrongType(expected: "an ISO 8601 time", found: value.typeName))
        }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else {
            throw error(
                key, .invalidValue(String(text.prefix(40)), allowed: "an ISO 8601 time like 2026-11-25T08:30:00Z"))
        }
        return date
    }

    func url(_ key: String) throws(StoryDocumentError) -> URL {
        let text = try string(key, maximumBytes: Self.maximumURLBytes)
        guard let url = Self.httpURL(text) else { throw error(key, .notHTTPURL(text)) }
        return url
    }

    func optionalURL(_ key: String) throws(StoryDocumentError) -> URL? {
        guard let value = fields[key], value != .null else { return nil }
        return try url(key)
    }

    func array(_ key: String) throws(StoryDocumentError) -> [DocumentValue] {
        let value = try required(key)
        guard case .array(let items) = value else {
            throw error(key, .wrongType(expected: "an array", found: value.typeName))
        }
        return items
    }

    func object(_ key: String) throws(StoryDocumentError) -> EntryReader {
        try EntryReader(file: file, entry: entry, value: required(key), entryID: entryID, path: fieldPath(key))
    }

    /// An absolute http or https URL with a host, or nil.
    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
