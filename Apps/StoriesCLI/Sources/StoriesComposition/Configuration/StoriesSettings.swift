public import ConfigurationLayers
public import FeedPaging
import Foundation
public import ImageCaching
public import PicsumContent
public import StoriesRuntime
import StoryInterfaces
import StoryModels
public import StoryNavigation
public import StoryTerminal

/// The resolved configuration as the packages' own configuration structs: with the plugin
/// files (which read their own keys), the only place where configuration keys meet packages
/// (packages never read configuration themselves).
public struct StoriesSettings: Sendable {
    /// Every key with its value and source.
    public let resolved: ResolvedConfiguration
    /// `content.source`.
    public let contentSource: String
    /// `feed.*`.
    public let feed: FeedPagingConfiguration
    /// `feed.maxAge`: items older than this are hidden (nil: `off`).
    public let maxAge: Duration?
    /// `tray.order`.
    public let trayOrder: TrayOrder
    /// `store.kind`: the name of a registered store plugin.
    public let storeKind: String
    /// `picsum.baseURL`, and `network.*` (which every network source uses: `picsum.network`).
    public let picsum: PicsumConfiguration
    /// `images.*`: the caches every source's pictures go through.
    public let imageCache: ImageCacheSettings
    /// `viewer.*`.
    public let viewer: ViewerConfiguration
    /// `viewer.videoFrameRate`: frames a second videos play at (0: what the mode takes).
    public let videoFrameRate: Int
    /// `terminal.color`.
    public let colorMode: ColorMode
    /// `terminal.graphics`.
    public let graphicsMode: GraphicsMode
    /// `log.level` and `log.file`.
    public let log: LogSetup

    /// Builds the package configurations from validated values.
    public init(_ resolved: ResolvedConfiguration) throws(ConfigurationError) {
        self.resolved = resolved
        contentSource = resolved.text("content.source") ?? "auto"
        do {
            feed = try FeedPagingConfiguration(
                pageSize: resolved.integer("feed.pageSize"),
                prefetchDistance: resolved.integer("feed.prefetchDistance"),
                wrap: resolved.boolean("feed.wrap"))
        } catch {
            throw Self.invalid(resolved["feed.pageSize"], reason: error.description)
        }
        maxAge = resolved.optionalDuration("feed.maxAge")
        trayOrder = TrayOrder(rawValue: resolved.text("tray.order") ?? "") ?? .unseenFirst
        storeKind = resolved.text("store.kind") ?? "sqlite"
        picsum = PicsumConfiguration(
            baseURL: resolved.url("picsum.baseURL"),
            timeout: resolved.duration("network.timeout"),
            retries: resolved.integer("network.retries"),
            maxConcurrent: resolved.integer("network.maxConcurrent"))
        imageCache = ImageCacheSettings(
            diskPath: resolved.text("images.cache.path") ?? "", diskMaxBytes: resolved.integer("images.cache.maxBytes"),
            memoryMaxBytes: resolved.integer("images.memory.maxBytes"))
        do {
            viewer = try ViewerConfiguration(
                imageDuration: resolved.duration("viewer.imageDuration"),
                autoAdvance: resolved.boolean("viewer.autoAdvance"),
                accessible: resolved.boolean("viewer.accessible"))
        } catch {
            throw Self.invalid(resolved["viewer.imageDuration"], reason: error.description)
        }
        videoFrameRate = resolved.integer("viewer.videoFrameRate")
        colorMode = ColorMode(rawValue: resolved.text("terminal.color") ?? "") ?? .auto
        graphicsMode = GraphicsMode(rawValue: resolved.text("terminal.graphics") ?? "") ?? .auto
        log = LogSetup(level: resolved.text("log.level") ?? "warning", file: resolved.text("log.file"))
    }

    private static func invalid(_ setting: ResolvedSetting, reason: String) -> ConfigurationError {
        .invalidValue(
            key: setting.spec.key, value: setting.value?.displayText ?? "null", source: setting.source,
            origin: setting.source.rawValue, allowed: reason)
    }
}
