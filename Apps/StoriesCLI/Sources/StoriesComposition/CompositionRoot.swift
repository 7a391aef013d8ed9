public import ConfigurationLayers
import Foundation
public import Logging
import StoriesRuntime
public import StoryInterfaces
public import StoryModels
import Synchronization

/// Configuration in, chosen implementations out: the one place that knows every package.
public struct CompositionRoot: Sendable {
    /// The plugins by role.
    public let registry: PluginRegistry
    /// The resolved, validated settings.
    public let settings: StoriesSettings
    /// The program's logger (`log.level`, `log.file`); the interactive screen replaces it
    /// with one that never writes onto the screen.
    public var logger: Logger
    /// Set by `stories memories`: the content becomes the memories of that day (one story an
    /// earlier year), and nothing expires (memories are old by nature).
    public var memories: Memories?

    /// A root over settings already resolved.
    public init(registry: PluginRegistry, settings: StoriesSettings) {
        self.registry = registry
        self.settings = settings
        logger = settings.log.makeLogger()
    }

    /// Resolves the configuration (flags > environment > file > defaults) and validates it.
    ///
    /// - Parameters:
    ///   - flags: command-line values by configuration key.
    ///   - setByAssignment: the keys of `flags` given as `--set KEY=VALUE` (errors name `--set`).
    ///   - environment: the process environment (XDG folders, `STORIES_*`).
    ///   - configFile: `--config PATH`, if given.
    public static func load(
        flags: [String: String], setByAssignment: Set<String> = [], environment: [String: String],
        configFile: String?, registry: PluginRegistry = .standard
    ) throws(ConfigurationError) -> CompositionRoot {
        let paths = XDGPaths(environment: environment, home: NSHomeDirectory())
        let resolver = ConfigurationResolver(
            specs: ConfigurationSchema(paths: paths, registry: registry).specs, paths: paths)
        let resolved = try resolver.resolve(
            flags: flags, setByAssignment: setByAssignment, environment: environment, configFile: configFile)
        return CompositionRoot(registry: registry, settings: try StoriesSettings(resolved))
    }

    /// The content source that `content.source` names (a factory that blocks, reading a
    /// stories document, does so on a thread of its own).
    public func makeContent() async throws -> ContentSource {
        var source = try await registry.contents.make(settings.contentSource, settings: settings)
        if let memories {
            source.stories = MemoriesContent(source.stories, memories: memories)
        } else if let maxAge = settings.maxAge {
            source.stories = ExpiringStoryContent(source.stories, maxAge: maxAge)
        }
        logger.debug(
            "content source",
            metadata: [
                "configured": "\(settings.contentSource)", "source": "\(source.name)",
                "fallback": "\(source.fallback ?? "none")",
            ])
        return source
    }

    /// The seen/like store that `store.kind` names. A factory that blocks (SQLite opens and
    /// migrates its file, waiting up to the busy timeout for another process's lock) does so on
    /// a thread of its own, never on the cooperative pool.
    public func makeStore() async throws -> any SeenLikeStoring {
        try await registry.stores.make(settings.storeKind, settings: settings)
    }
}

/// What runs when a command has ended, before the program exits (a shared store sends what it
/// has pending): added by the plugins that need it, run by ``StoriesMain``.
public enum ProgramEnd {
    private static let work = Mutex<[@Sendable () async -> Void]>([])

    /// Adds `step` to the end of the program.
    public static func add(_ step: @escaping @Sendable () async -> Void) { work.withLock { $0.append(step) } }

    /// Runs every step added, in order, once.
    public static func run() async {
        for step in work.withLock({ steps in
            defer { steps = [] }
            return steps
        }) { await step() }
    }
}
