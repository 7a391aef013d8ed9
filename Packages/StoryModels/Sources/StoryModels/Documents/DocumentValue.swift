/// A JSON value as a stories document holds it, before validation. Decoded with Foundation's
/// `JSONDecoder`, which on Linux already accepts the trailing commas of hand-written files.
enum DocumentValue: Decodable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([DocumentValue])
    case object([String: DocumentValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([DocumentValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: DocumentValue].self))
        }
    }

    /// The JSON type's name, for "expected a string, found a number".
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
