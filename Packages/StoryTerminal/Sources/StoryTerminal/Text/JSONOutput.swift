import Foundation

/// JSON for stdout: sorted keys, slashes as they are, and no raw control character at all.
public enum JSONOutput {
    /// `value` as one line of JSON: sorted keys, slashes kept, every control escaped.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// JSONEncoder escapes C0 controls only; DEL, the C1 controls (U+009B is a CSI to many
    /// terminals), line and paragraph separators and bidi overrides and isolates are escaped
    /// here too (`\u009b`), so the data is kept and nothing raw reaches a terminal or a script.
    /// They can only occur inside strings: JSON's own syntax is ASCII.
    public static func escapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.isControl) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard TerminalText.isControl(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(result)
    }
}
