import Foundation

/// The two renderings of `stories config`: every key, its value (secrets hidden) and where it
/// came from.
public enum ConfigReport {
    /// `{"file":…,"keys":[{"key":"store.kind","value":"sqlite","source":"default"}, …]}`; every
    /// key always present, `null` when unset. Numbers and booleans are JSON numbers and booleans.
    /// Strings as JSONEncoder leaves them: the caller escapes what a terminal must not get raw.
    public static func json(_ resolved: ResolvedConfiguration) throws -> String {
        let report = Report(
            file: resolved.configFile,
            keys: resolved.settings.map {
                Entry(key: $0.spec.key, spec: $0.spec, value: $0.value, source: $0.source.rawValue)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    private struct Report: Encodable {
        var file: String?
        var keys: [Entry]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)  // null, not absent, when there is none
            try container.encode(keys, forKey: .keys)
        }

        enum CodingKeys: String, CodingKey { case file, keys }
    }

    private struct Entry: Encodable {
        var key: String
        var spec: SettingSpec
        var value: SettingValue?
        var source: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            if spec.isSecret, value != nil {
                try container.encode("(hidden)", forKey: .value)
                try container.encode(source, forKey: .source)
                return
            }
            switch value {
            case nil: try container.encodeNil(forKey: .value)
            case .integer(let number)?, .bytes(let number)?: try container.encode(number, forKey: .value)
            case .boolean(let flag)?: try container.encode(flag, forKey: .value)
            case let other?: try container.encode(spec.display(other.displayText), forKey: .value)
            }
            try container.encode(source, forKey: .source)
        }

        enum CodingKeys: String, CodingKey { case key, value, source }
    }

    /// An aligned table for people, with the config file on the last line; values and the
    /// file's path go through `sanitized` (the terminal's rule).
    public static func table(_ resolved: ResolvedConfiguration, sanitized: (String) -> String) -> String {
        let rows = resolved.settings.map { setting in
            [
                setting.spec.key,
                sanitized(setting.value.map { setting.spec.display($0.displayText) } ?? "(unset)"),
                setting.source.rawValue,
            ]
        }
        let header = ["KEY", "VALUE", "SOURCE"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let lines = ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                index == 2 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        let file = resolved.configFile.map { "config file: \(sanitized($0))" } ?? "config file: none"
        return (lines + ["", file]).joined(separator: "\n")
    }
}
