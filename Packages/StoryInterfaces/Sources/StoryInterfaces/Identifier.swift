/// A typed string identifier, so that a user id can never be passed where an item id is expected.
///
/// Ids are strings everywhere (Picsum ids have gaps and story documents use numbers and
/// strings alike), and they encode as plain JSON strings.
public struct Identifier<Tag>: Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The id as the source spells it.
    public let rawValue: String

    /// Wraps a source's id.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a string literal, for tests and fixtures.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Decodes the id from a single JSON string.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the id as a single JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw id.
    public var description: String { rawValue }

    /// Orders ids by their raw strings.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The id of a user in the tray (a Picsum author, a bundled user, a document's user).
public typealias UserID = Identifier<StoryUser>

/// The id of one story item (one photo or video of a user).
public typealias StoryItemID = Identifier<StoryItem>

/// The id of a Lorem Picsum photo.
public typealias PhotoID = Identifier<Photo>
