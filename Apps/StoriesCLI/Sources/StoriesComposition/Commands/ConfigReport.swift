import Foundation

/// The two renderings of `stories config`.
enum ConfigReport {
    /// `{"file":…,"keys":[{"key":"store.kind","value":"sqlite","source":"default"}, …]}`; every
    /// key always present, `null` when unset. Numbers and booleans are JSON numbers and booleans.
    static func json(_ resolved: ResolvedConfiguration) throws -> String {
        let keys: [[String: Any]] = resolved.settings.map { setting in
            ["key": setting.spec.key, "value": jsonValue(setting.value), "source": setting.source.rawValue]
        }
        let object: [String: Any] = ["file": resolved.configFile ?? NSNull(), "keys": keys]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// An aligned table for people, with the config file on the last line.
    static func table(_ resolved: ResolvedConfiguration) -> String {
        let rows = resolved.settings.map { setting in
            [setting.spec.key, Terminal.sanitized(setting.value?.displayText ?? "(unset)"), setting.source.rawValue]
        }
        let header = ["KEY", "VALUE", "SOURCE"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        let lines = ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                index == 2 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        let file = resolved.configFile.map { "config file: \(Terminal.sanitized($0))" } ?? "config file: none"
        return (lines + ["", file]).joined(separator: "\n")
    }

    private static func jsonValue(_ value: SettingValue?) -> Any {
        switch value {
        case nil: NSNull()
        case .integer(let number)?, .bytes(let number)?: number
        case .boolean(let flag)?: flag
        case let other?: other.displayText
        }
    }
}
