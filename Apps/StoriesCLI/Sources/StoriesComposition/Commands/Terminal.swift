import Foundation

/// Writing to stdout and stderr; text from configuration or content is sanitised first.
enum Terminal {
    static func printOutput(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes ArgumentParser's own messages (usage, errors) as they are.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(("stories: " + sanitized(text, keepingNewlines: true) + "\n").utf8))
    }

    /// Replaces control characters (escape sequences included) with U+FFFD.
    static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    if keepingNewlines, scalar == "\n" { return scalar }
                    return scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar
                }))
    }
}
