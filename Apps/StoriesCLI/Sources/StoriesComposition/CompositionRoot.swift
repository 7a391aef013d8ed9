import Foundation
public import StoryInterfaces

/// Configuration in, chosen implementations out: the one place that knows every package.
public struct CompositionRoot: Sendable {
    /// The plugins by role.
    public let registry: PluginRegistry
    /// The resolved, validated settings.
    public let settings: StoriesSettings

    /// Resolves the configuration (flags > environment > file > defaults) and validates it.
    ///
    /// - Parameters:
    ///   - flags: command-line values by configuration key.
    ///   - environment: the process environment (XDG folders, `STORIES_*`).
    ///   - configFile: `--config PATH`, if given.
    public static func load(
        flags: [String: String], environment: [String: String], configFile: String?,
        registry: PluginRegistry = .standard
    ) throws(ConfigurationError) -> CompositionRoot {
        let paths = XDGPaths(environment: environment, home: NSHomeDirectory())
        let resolver = ConfigurationResolver(
            schema: ConfigurationSchema(paths: paths, registry: registry), paths: paths)
        let resolved = try resolver.resolve(flags: flags, environment: environment, configFile: configFile)
        return CompositionRoot(registry: registry, settings: try StoriesSettings(resolved))
    }

    /// The seen/like store that `store.kind` names.
    public func makeStore() throws -> any SeenLikeStoring {
        try registry.stores.make(settings.storeKind, settings: settings)
    }
}
