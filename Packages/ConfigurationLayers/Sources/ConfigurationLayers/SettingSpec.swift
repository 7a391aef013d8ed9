import Foundation
import StoryBase
import StoryInterfaces

/// One configuration key: its name, what it accepts, its default and its flag.
public struct SettingSpec: Hashable, Sendable {
    /// The dotted key, e.g. `picsum.baseURL`.
    public var key: String
    /// What the key accepts.
    public var kind: SettingKind
    /// The default's text, parsed like any other value; nil when the key has no default.
    public var defaultText: String?
    /// The command-line flag that sets it, without dashes, if any.
    public var flag: String?
    /// One line for help and `stories config`.
    public var summary: String
    /// A secret (a password): never printed, by `stories config` or in an error.
    public var isSecret: Bool

    /// Creates a spec.
    public init(
        key: String, kind: SettingKind, defaultText: String?, flag: String? = nil, summary: String,
        isSecret: Bool = false
    ) {
        self.key = key
        self.kind = kind
        self.defaultText = defaultText
        self.flag = flag
        self.summary = summary
        self.isSecret = isSecret
    }

    /// A value of this key as it may be printed: a secret as `(hidden)`, a URL without its password.
    public func display(_ text: String) -> String {
        if isSecret { return "(hidden)" }
        return Redaction.hidingPasswords(text)
    }

    /// Its flag's help line: the key, its summary and, for a choice, the words it accepts
    /// (`terminal.color: colour depth (auto, truecolor, 256, 16 or none).`).
    public var flagHelp: String {
        guard case .choice(let words) = kind else { return "\(key): \(summary)." }
        // "a, b or c", by hand: the standard library's joined(separator:) runs unspecialised
        // here, and its first use costs a scan of every protocol conformance.
        var list = ""
        for (index, word) in words.enumerated() {
            if index > 0 { list += index == words.count - 1 ? " or " : ", " }
            list += word
        }
        return "\(key): \(summary) (\(list))."
    }

    /// Its flag's value name in help: `path`, `url`, or the flag's last word.
    public var flagValueName: String {
        switch kind {
        case .path: "path"
        case .webURL: "url"
        default: flag.flatMap { $0.split(separator: "-").last.map(String.init) } ?? key
        }
    }

    /// ArgumentParser's long name for a property: `picsumURL` → `picsum-url`.
    public static func kebab(_ name: String) -> String {
        var result = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previousLower = characters[index - 1].isLowercase
                let nextLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previousLower || nextLower { result.append("-") }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }

    /// The environment variable: `STORIES_` + upper snake case (`picsum.baseURL` → `STORIES_PICSUM_BASE_URL`).
    public var environmentVariable: String {
        var words: [String] = ["STORIES"]
        for component in key.split(separator: ".") {
            var word = ""
            var previous: Character?
            for character in component {
                if let previous, previous.isLowercase, character.isUppercase { word.append("_") }
                word.append(character)
                previous = character
            }
            words.append(word.uppercased())
        }
        return words.joined(separator: "_")
    }
}
