import SeenLikeStore
public import StoryInterfaces

/// A named implementation of one role, chosen by configuration.
///
/// Adding a plugin is one new file with a type conforming to this protocol and one
/// `register` line in ``PluginRegistry/standard``.
public protocol StoriesPlugin: SendableMetatype {
    /// The role the plugin fills, e.g. `any SeenLikeStoring`.
    associatedtype Role
    /// The configuration value that selects it, e.g. `sqlite`.
    static var name: String { get }
    /// One line for `stories config` and the docs.
    static var summary: String { get }
    /// Builds the implementation from the settings.
    static func make(_ settings: StoriesSettings) throws -> Role
}

/// The implementations registered for one role, by configured name.
public struct RoleRegistry<Role>: Sendable {
    /// A registered implementation.
    public struct Entry: Sendable {
        /// The configuration value that selects it.
        public var name: String
        /// One line about it.
        public var summary: String
        /// Its factory.
        public var make: @Sendable (StoriesSettings) throws -> Role
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
        entries.append(Entry(name: Plugin.name, summary: Plugin.summary, make: { try Plugin.make($0) }))
    }

    /// The names that `configurationKey` accepts.
    public var names: [String] { entries.map(\.name) }

    /// Builds the implementation registered as `name`.
    public func make(_ name: String, settings: StoriesSettings) throws -> Role {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ConfigurationError.invalidValue(
                key: configurationKey, value: "\"\(name)\"", source: .default, origin: "the plugin registry",
                allowed: "one of " + names.joined(separator: ", "))
        }
        return try entry.make(settings)
    }
}

/// Every role's registry: the composition root's map from configured names to factories.
public struct PluginRegistry: Sendable {
    /// `store.kind`: where seen and liked state lives.
    public var stores = RoleRegistry<any SeenLikeStoring>(configurationKey: "store.kind")
    /// `content.source`: where users and their stories come from (`auto` is resolved by
    /// ``CompositionRoot/makeContent()``).
    public var contents = RoleRegistry<any StoryContentProviding>(configurationKey: "content.source")

    /// An empty registry, for tests that register their own plugins.
    public init() {}

    /// The plugins that ship in `stories`.
    public static var standard: PluginRegistry {
        var registry = PluginRegistry()
        registry.stores.register(SQLiteStorePlugin.self)
        registry.stores.register(InMemoryStorePlugin.self)
        registry.contents.register(PicsumContentPlugin.self)
        registry.contents.register(BundledContentPlugin.self)
        registry.contents.register(FileContentPlugin.self)
        return registry
    }
}
