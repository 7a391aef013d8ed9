/// A value as a provider holds it, before validation: environment variables and flags are
/// always text; JSON and YAML files may hold numbers and booleans.
public enum RawConfigValue: Hashable, Sendable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number from a file.
    case int(Int)
    /// A number with a fraction from a file.
    case double(Double)
    /// A boolean from a file.
    case bool(Bool)

    /// The value as the user wrote it, for error messages.
    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }

    /// The value as plain text, for parsers that accept text forms.
    var text: String {
        switch self {
        case .string(let text): text
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }
}
