/// Why a stories document was refused. Any invalid entry refuses the whole document; the
/// message names the file, the entry (its place and id) and the field. The CLI exits 65.
public struct StoryDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
        /// The file could not be read.
        case unreadable(String)
        /// The file is larger than the limit.
        case tooLarge(bytes: Int, limit: Int)
        /// The file is not JSON.
        case malformedJSON(String)
        /// The JSON is none of the three formats.
        case unknownFormat
        /// The document holds no users.
        case noEntries
        /// A required field is absent.
        case missingField
        /// A field has the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// Two entries share an id.
        case duplicateID(String, firstAt: String)
        /// A URL is not an absolute http(s) URL.
        case notHTTPURL(String)
        /// A duration is negative, zero, not a number or absurdly long.
        case durationOutOfRange(Double)
        /// A story has no snaps.
        case emptySnaps
        /// A value is not one of those allowed.
        case invalidValue(String, allowed: String)
    }

    /// The document's path as the user gave it.
    public var file: String
    /// Where the entry is, e.g. `data[2]` or `pages[0].users[3]`; nil for whole-file problems.
    public var entry: String?
    /// The entry's id, when it has one that could be read.
    public var entryID: String?
    /// The field inside the entry, e.g. `snaps[1].media_url`; nil when the entry itself is wrong.
    public var field: String?
    /// What is wrong.
    public var problem: Problem

    /// Creates an error.
    public init(file: String, entry: String? = nil, entryID: String? = nil, field: String? = nil, problem: Problem) {
        self.file = file
        self.entry = entry
        self.entryID = entryID
        self.field = field
        self.problem = problem
    }

    /// `FILE: entry data[2] (id "7"), field snaps[1].media_url: "ftp://x" is not an http(s) URL`.
    public var description: String {
        var place = file
        if let entry {
            place += ": entry \(entry)"
            if let entryID { place += " (id \"\(entryID)\")" }
        }
        if let field { place += (entry == nil ? ": " : ", ") + "field \(field)" }
        return place + ": " + problemText
    }

    private var problemText: String {
        switch problem {
        case .unreadable(let detail): "cannot read the stories document (\(detail))"
        case .tooLarge(let bytes, let limit): "the document is \(bytes) bytes; the limit is \(limit)"
        case .malformedJSON(let detail): "not valid JSON (\(detail))"
        case .unknownFormat:
            "not a stories document: expected {\"pages\": …}, {\"data\": …} or a Picsum list [ … ]"
        case .noEntries: "the document has no users"
        case .missingField: "is missing"
        case .wrongType(let expected, let found): "expected \(expected), found \(found)"
        case .duplicateID(let id, let first): "the id \"\(id)\" is already used by entry \(first)"
        case .notHTTPURL(let url): "\"\(url)\" is not an http:// or https:// URL"
        case .durationOutOfRange(let seconds):
            "duration \(seconds) is out of range: use more than 0 and at most 86400 seconds"
        case .emptySnaps: "has no snaps: a story needs at least one"
        case .invalidValue(let value, let allowed): "\"\(value)\" is not allowed: use \(allowed)"
        }
    }
}
