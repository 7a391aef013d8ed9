public import Foundation

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

    /// A text or path key's value; nil when unset (null). Plugins read their own keys with these.
    public func text(_ key: String) -> String? {
        switch self[key].value {
        case .text(let text)?, .path(let text)?: text
        default: nil
        }
    }

    /// A number or byte-size key's value. Plugins read their own keys with these.
    public func integer(_ key: String) -> Int {
        switch self[key].value {
        case .integer(let value)?, .bytes(let value)?: value
        default: preconditionFailure("\(key) is not a number")
        }
    }

    /// A boolean key's value. Plugins read their own keys with these.
    public func boolean(_ key: String) -> Bool {
        guard case .boolean(let value)? = self[key].value else { preconditionFailure("\(key) is not a boolean") }
        return value
    }

    /// A duration key's value. Plugins read their own keys with these.
    public func duration(_ key: String) -> Duration {
        guard case .duration(let value)? = self[key].value else { preconditionFailure("\(key) is not a duration") }
        return value
    }

    /// A ``SettingKind/durationOrOff(_:)`` key's value; nil when it is `off`.
    public func optionalDuration(_ key: String) -> Duration? {
        if case .duration(let value)? = self[key].value { return value }
        return nil
    }

    /// A web URL key's value. Plugins read their own keys with these.
    public func url(_ key: String) -> URL {
        guard case .url(let value)? = self[key].value else { preconditionFailure("\(key) is not a URL") }
        return value
    }
}
