import Configuration
import Foundation

/// Resolves every key of a schema (a list of ``SettingSpec``) with the precedence
/// flag > `STORIES_*` environment > config file > default, using swift-configuration's
/// providers, and validates each value itself (swift-configuration's typed getters with a
/// default quietly fall back on a bad value; a bad value here is an error, exit 78).
public struct ConfigurationResolver: Sendable {
    /// The keys to resolve, in order.
    public var specs: [SettingSpec]
    /// The XDG folders, for the default config file location.
    public var paths: XDGPaths

    /// Creates a resolver.
    public init(specs: [SettingSpec], paths: XDGPaths) {
        self.specs = specs
        self.paths = paths
    }

    /// Resolves the configuration.
    ///
    /// - Parameters:
    ///   - flags: values given on the command line, by configuration key.
    ///   - environment: the process environment.
    ///   - setByAssignment: the keys of `flags` given as `--set KEY=VALUE`.
    ///   - configFile: `--config PATH`; when nil the XDG location is used if a file is there.
    public func resolve(
        flags: [String: String], setByAssignment: Set<String> = [], environment: [String: String],
        configFile: String?
    ) throws(ConfigurationError) -> ResolvedConfiguration {
        let file = try ConfigFileLoader.load(explicitPath: configFile, configHome: paths.configHome, specs: specs)
        var layers: [ConfigLayer] = []
        if !flags.isEmpty {  // no flag given: a layer with nothing in it, not asked
            let flagProvider = InMemoryProvider(
                name: "flags",
                values: Dictionary(
                    uniqueKeysWithValues: flags.map { key, value in
                        (
                            AbsoluteConfigKey(key.split(separator: ".").map(String.init)),
                            ConfigValue(.string(value), isSecret: false)
                        )
                    }))
            layers.append(
                ConfigLayer(
                    source: .flag,
                    describe: { spec in
                        if let flag = spec.flag, !setByAssignment.contains(spec.key) { return "--\(flag)" }
                        return "--set \(spec.key)=…"
                    }, lookup: flagProvider.value))
        }
        // The provider names a key `STORIES_` and its words in capitals and reads exactly that
        // variable, so with no variable so named the layer holds nothing: it is left out
        // rather than asked for every key (1.8 M instructions of every command's start-up).
        if environment.keys.contains(where: { $0.hasPrefix(Self.environmentPrefix) }) {
            let environmentProvider = EnvironmentVariablesProvider(environmentVariables: environment)
                .prefixKeys(with: ConfigKey("stories"))
            layers.append(
                ConfigLayer(
                    source: .environment, describe: { spec in "environment variable \(spec.environmentVariable)" },
                    lookup: environmentProvider.value))
        }
        if let file {
            layers.append(
                ConfigLayer(source: .file, describe: { _ in "config file \(file.path)" }, lookup: file.lookup))
        }

        var settings: [ResolvedSetting] = []
        for spec in specs {
            settings.append(try resolve(spec, layers: layers))
        }
        return ResolvedConfiguration(settings: settings, configFile: file?.path, warnings: file?.warnings ?? [])
    }

    /// What every variable the environment layer reads begins with.
    static let environmentPrefix = "STORIES_"

    private func resolve(_ spec: SettingSpec, layers: [ConfigLayer]) throws(ConfigurationError) -> ResolvedSetting {
        let key = AbsoluteConfigKey(spec.key.split(separator: ".").map(String.init))
        for layer in layers {
            guard let raw = try layer.raw(for: key, spec: spec) else { continue }
            guard let value = spec.kind.parse(raw) else {
                throw .invalidValue(
                    key: spec.key, value: spec.isSecret ? "(hidden)" : spec.display(raw.description),
                    source: layer.source, origin: layer.describe(spec), allowed: spec.kind.allowed)
            }
            return ResolvedSetting(spec: spec, value: value, source: layer.source)
        }
        guard let text = spec.defaultText else { return ResolvedSetting(spec: spec, value: nil, source: .default) }
        guard let value = spec.kind.parse(.string(text)) else {
            throw .invalidValue(
                key: spec.key, value: "\"\(text)\"", source: .default, origin: "the built-in default",
                allowed: spec.kind.allowed)
        }
        return ResolvedSetting(spec: spec, value: value, source: .default)
    }
}

/// One source of values, as a lookup function over swift-configuration's provider API.
struct ConfigLayer: Sendable {
    var source: ConfigSource
    var describe: @Sendable (SettingSpec) -> String
    var lookup: @Sendable (AbsoluteConfigKey, ConfigType) throws -> LookupResult

    /// The value the layer holds for `key`, as text when it is text, else as the file's number
    /// or boolean; nil when the layer has no value.
    func raw(for key: AbsoluteConfigKey, spec: SettingSpec) throws(ConfigurationError) -> RawConfigValue? {
        let types: [ConfigType] =
            spec.kind == .boolean ? [.string, .bool, .int, .double] : [.string, .int, .double, .bool]
        for type in types {
            guard let result = try? lookup(key, type) else { continue }
            guard let value = result.value else { return nil }
            switch value.content {
            case .string(let text): return .string(text)
            case .int(let number): return .int(number)
            case .double(let number): return .double(number)
            case .bool(let flag): return .bool(flag)
            default: continue
            }
        }
        throw .invalidValue(
            key: spec.key, value: "a list or an object", source: source, origin: describe(spec),
            allowed: spec.kind.allowed)
    }
}
