public import ConfigurationLayers
import SeenLikeStore
public import StoryInterfaces

/// A named implementation of one role, chosen by configuration, declaring everything about
/// itself in its own file: its name and summary, its configuration keys, its doctor check and
/// how its errors are reported.
///
/// Adding a plugin is one new file with a type conforming to this protocol and one
/// `register` line in ``PluginRegistry/standard`` (plus its package in the manifests).
public protocol StoriesPlugin: SendableMetatype {
    /// The role the plugin fills, e.g. `any SeenLikeStoring`.
    associatedtype Role
    /// The configuration value that selects it, e.g. `sqlite`.
    static var name: String { get }
    /// One line for `stories config` and the docs.
    static var summary: String { get }
    /// The plugin's own configuration keys: listed by `stories config` and `stories --help`,
    /// validated like every key, set by flag (`--set KEY=VALUE`), `STORIES_*` environment
    /// variable or config file. Its code reads them from `settings.resolved`. A default may
    /// name `$XDG_DATA_HOME`, `$XDG_CACHE_HOME` or `$XDG_CONFIG_HOME`.
    static var settings: [SettingSpec] { get }
    /// Builds the implementation from the settings. A factory that blocks (opening a file,
    /// waiting for a lock) does so off the cooperative pool (`OwnThread.run`).
    static func make(_ settings: StoriesSettings) async throws -> Role
    /// `stories doctor`'s line about it when it is the one configured (`repair`: `--repair`).
    static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String
    /// The exit status and message for an error of the plugin's own; nil for any other.
    static func report(_ error: any Error) -> PluginErrorReport?
    /// Subcommands the plugin brings to `stories` (the shared store's `sync` and `admin`),
    /// listed after the app's own.
    static var commands: [Subcommand] { get }
}

extension StoriesPlugin {
    /// No keys of its own.
    public static var settings: [SettingSpec] { [] }
    /// Says which implementation is configured.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        "\(name): \(summary)"
    }
    /// No errors of its own.
    public static func report(_ error: any Error) -> PluginErrorReport? { nil }
    /// No subcommands of its own.
    public static var commands: [Subcommand] { [] }
}

/// How a plugin's error is reported: its exit status and one line for stderr.
public struct PluginErrorReport: Sendable {
    /// The exit status.
    public var status: ExitStatus
    /// What happened and how to fix it.
    public var message: String
    /// Creates a report.
    public init(status: ExitStatus, message: String) {
        self.status = status
        self.message = message
    }
}

/// The implementations registered for one role, by configured name.
public struct RoleRegistry<Role>: Sendable {
    /// A registered implementation.
    public struct Entry: Sendable {
        /// The configuration value that selects it.
        public var name: String
        /// One line about it.
        public var summary: String
        /// Its configuration keys.
        public var settings: [SettingSpec]
        /// Its factory.
        public var make: @Sendable (StoriesSettings) async throws -> Role
        /// Its doctor check.
        public var doctor: @Sendable (StoriesSettings, Bool) async throws -> String
        /// Its error reports.
        public var report: @Sendable (any Error) -> PluginErrorReport?
        /// Its subcommands.
        public var commands: [Subcommand]
    }

    /// The configuration key that picks the implementation, e.g. `store.kind`.
    public let configurationKey: String
    /// The registered implementations, in registration order.
    public private(set) var entries: [Entry] = []

    /// An empty registry for the role selected by `configurationKey`.
    public init(configurationKey: String) {
        self.configurationKey = configurationKey
    }

    /// Registers a plugin; a second plugin with the same name replaces the first.
    public mutating func register<Plugin: StoriesPlugin>(_ plugin: Plugin.Type) where Plugin.Role == Role {
        entries.removeAll { $0.name == Plugin.name }
        entries.append(
            Entry(
                name: Plugin.name, summary: Plugin.summary, settings: Plugin.settings,
                make: { try await Plugin.make($0) }, doctor: { try await Plugin.doctor($0, repair: $1) },
                report: { Plugin.report($0) }, commands: Plugin.commands))
    }

    /// The names that `configurationKey` accepts.
    public var names: [String] { entries.map(\.name) }

    /// Builds the implementation registered as `name`.
    public func make(_ name: String, settings: StoriesSettings) async throws -> Role {
        try await entry(name).make(settings)
    }

    /// The entry registered as `name`.
    public func entry(_ name: String) throws(ConfigurationError) -> Entry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ConfigurationError.invalidValue(
                key: configurationKey, value: "\"\(name)\"", source: .default, origin: "the plugin registry",
                allowed: "one of " + names.joined(separator: ", "))
        }
        return entry
    }
}

/// Every role's registry: the composition root's map from configured names to factories.
public struct PluginRegistry: Sendable {
    /// `store.kind`: where seen and liked state lives.
    public var stores = RoleRegistry<any SeenLikeStoring>(configurationKey: "store.kind")
    /// `content.source`: where users, their stories, the gallery and images come from.
    public var contents = RoleRegistry<ContentSource>(configurationKey: "content.source")

    /// An empty registry, for tests that register their own plugins.
    public init() {}

    /// The subcommands the registered plugins bring, in registration order.
    public var commands: [Subcommand] { stores.entries.flatMap(\.commands) + contents.entries.flatMap(\.commands) }

    /// The report of the plugin whose error `error` is, if any.
    public func report(_ error: any Error) -> PluginErrorReport? {
        for report in stores.entries.map(\.report) + contents.entries.map(\.report) {
            if let found = report(error) { return found }
        }
        return nil
    }

    /// The plugins that ship in `stories`.
    public static var standard: PluginRegistry {
        var registry = PluginRegistry()
        registry.stores.register(SQLiteStorePlugin.self)
        registry.stores.register(InMemoryStorePlugin.self)
        registry.stores.register(PostgresStorePlugin.self)
        registry.contents.register(AutoContentPlugin.self)
        registry.contents.register(PicsumContentPlugin.self)
        registry.contents.register(BundledContentPlugin.self)
        registry.contents.register(FileContentPlugin.self)
        registry.contents.register(FolderContentPlugin.self)
        return registry
    }
}
