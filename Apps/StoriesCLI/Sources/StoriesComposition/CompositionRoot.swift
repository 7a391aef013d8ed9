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

    /// The content source that `content.source` names. `auto` is the live Picsum source, and
    /// the bundled one when Picsum cannot be reached; until the Picsum plugin is registered
    /// (issue 8), `auto` is the bundled source.
    public func makeContent() throws -> any StoryContentProviding {
        let name = settings.contentSource
        if name == "auto" {
            let live = registry.contents.names.contains("picsum") ? "picsum" : "bundled"
            return try registry.contents.make(live, settings: settings)
        }
        return try registry.contents.make(name, settings: settings)
    }

    /// The seen/like store that `store.kind` names.
    public func makeStore() throws -> any SeenLikeStoring {
        try registry.stores.make(settings.storeKind, settings: settings)
    }
}
