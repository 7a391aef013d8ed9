import Foundation

/// One key's resolved value and where it came from.
public struct ResolvedSetting: Hashable, Sendable {
    /// The key's spec.
    public var spec: SettingSpec
    /// The validated value; nil only for keys without a default that nobody set.
    public var value: SettingValue?
    /// Where the value came from.
    public var source: ConfigSource
}

/// The whole resolved configuration: every key of the schema, in schema order.
public struct ResolvedConfiguration: Hashable, Sendable {
    /// Every key, in schema order.
    public var settings: [ResolvedSetting]
    /// The config file that was read, if any.
    public var configFile: String?
    /// Non-fatal remarks (unknown keys in the file), for stderr.
    public var warnings: [String]

    /// The setting for `key`; a key outside the schema is a programming error.
    public subscript(key: String) -> ResolvedSetting {
        guard let setting = settings.first(where: { $0.spec.key == key }) else {
            preconditionFailure("\(key) is not in the configuration schema")
        }
        return setting
    }

    func text(_ key: String) -> String? {
        switch self[key].value {
        case .text(let text)?, .path(let text)?: text
        default: nil
        }
    }

    func integer(_ key: String) -> Int {
        switch self[key].value {
        case .integer(let value)?, .bytes(let value)?: value
        default: preconditionFailure("\(key) is not a number")
        }
    }

    func boolean(_ key: String) -> Bool {
        guard case .boolean(let value)? = self[key].value else { preconditionFailure("\(key) is not a boolean") }
        return value
    }

    func duration(_ key: String) -> Duration {
        guard case .duration(let value)? = self[key].value else { preconditionFailure("\(key) is not a duration") }
        return value
    }

    func url(_ key: String) -> URL {
        guard case .url(let value)? = self[key].value else { preconditionFailure("\(key) is not a URL") }
        return value
    }
}
