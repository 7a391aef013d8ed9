import Foundation
public import Logging
import PicsumContent
public import StoryInterfaces

/// Configuration in, chosen implementations out: the one place that knows every package.
public struct CompositionRoot: Sendable {
    /// The plugins by role.
    public let registry: PluginRegistry
    /// The resolved, validated settings.
    public let settings: StoriesSettings
    /// The program's logger (`log.level`, `log.file`); the interactive screen replaces it
    /// with one that never writes onto the screen.
    public var logger: Logger

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

    /// The content source that `content.source` names, and why `auto` fell back, if it did.
    /// `auto` is the live Picsum source when its first list page answers within
    /// `Self.autoProbeTimeout`, else the bundled one.
    public func makeContent() async throws -> (content: any StoryContentProviding, fallback: String?) {
        guard settings.contentSource == "auto" else {
            logger.debug("content source", metadata: ["source": "\(settings.contentSource)"])
            return (try await makeContent(settings.contentSource), nil)
        }
        var probeConfiguration = settings.picsum
        probeConfiguration.timeout = Self.autoProbeTimeout
        probeConfiguration.retries = 0
        do {
            let started = ContinuousClock.now
            _ = try await SharedHTTP.client(probeConfiguration).list(try PageRequest(page: 1, limit: 1))
            logger.debug(
                "content source auto: Picsum answered",
                metadata: ["after": "\(ContinuousClock.now - started)", "url": "\(settings.picsum.baseURL)"])
            return (try await makeContent("picsum"), nil)
        } catch {
            let reason =
                "Picsum at \(settings.picsum.baseURL.absoluteString) cannot be reached (\(error)); showing the bundled samples"
            logger.info("content source auto: falling back to bundled", metadata: ["reason": "\(error)"])
            return (try await makeContent("bundled"), reason)
        }
    }

    /// The content source registered as `name` (a factory that blocks, reading a stories
    /// document, does so on a thread of its own).
    private func makeContent(_ name: String) async throws -> any StoryContentProviding {
        try await registry.contents.make(name, settings: settings)
    }

    /// How long `content.source = auto` waits for Picsum before using the bundled samples.
    public static let autoProbeTimeout: Duration = .seconds(2)

    /// The seen/like store that `store.kind` names. A factory that blocks (SQLite opens and
    /// migrates its file, waiting up to the busy timeout for another process's lock) does so on
    /// a thread of its own, never on the cooperative pool.
    public func makeStore() async throws -> any SeenLikeStoring {
        try await registry.stores.make(settings.storeKind, settings: settings)
    }
}
