public import ConfigurationLayers
import FeedPaging
import StoriesRuntime
import StoryModels
import StoryNavigation
import StoryTerminal

/// Every configuration key of PRODUCT.md §4, in the order `stories config` lists them.
///
/// The words a role key accepts come from the plugin registry, so a new plugin is a valid
/// value as soon as it is registered; each plugin's own keys follow its role's key
/// (`content.file` after `content.source`, `store.path` after `store.kind`), their defaults'
/// `$XDG_…_HOME` expanded.
public struct ConfigurationSchema: Sendable {
    /// The keys, in display order.
    public let specs: [SettingSpec]

    /// The schema for `paths` (defaults that depend on XDG folders) and `registry` (role names).
    public init(paths: XDGPaths, registry: PluginRegistry) {
        let seconds = { (value: Int64) in Duration.seconds(value) }
        specs =
            [
                SettingSpec(
                    key: "content.source", kind: .choice(registry.contents.names), defaultText: "auto",
                    flag: "source", summary: "where stories come from")
            ] + registry.contents.entries.flatMap(\.settings).map(paths.expanding) + [
                SettingSpec(
                    key: "picsum.baseURL", kind: .webURL, defaultText: "https://picsum.photos", flag: "picsum-url",
                    summary: "Lorem Picsum's address"),
                SettingSpec(
                    key: "feed.maxAge", kind: .durationOrOff(seconds(1)...seconds(3_650 * 86_400)), defaultText: "off",
                    summary: "hide story items posted longer ago than this (e.g. 24h)"),
                SettingSpec(
                    key: "feed.pageSize", kind: .integer(1...100), defaultText: "30",
                    summary: "users or photos per page"),
                SettingSpec(
                    key: "feed.prefetchDistance", kind: .integer(0...1000), defaultText: "5",
                    summary: "load the next page this many entries before the end"),
                SettingSpec(
                    key: "feed.wrap", kind: .boolean, defaultText: "true", summary: "repeat the tray after its end"),
                SettingSpec(
                    key: "tray.order", kind: .choice(TrayOrder.allCases.map(\.rawValue)), defaultText: "unseen-first",
                    summary: "the tray's order when it is (re)loaded"),
                SettingSpec(
                    key: "store.kind", kind: .choice(registry.stores.names), defaultText: "sqlite", flag: "store",
                    summary: "where seen and liked state is kept"),
            ] + registry.stores.entries.flatMap(\.settings).map(paths.expanding) + [
                SettingSpec(
                    key: "images.cache.path", kind: .path, defaultText: paths.cacheHome + "/stories/images",
                    summary: "the image disk cache's folder"),
                SettingSpec(
                    key: "images.cache.maxBytes", kind: .byteSize(0...(1 << 40)), defaultText: "256MiB",
                    summary: "the image disk cache's limit"),
                SettingSpec(
                    key: "images.memory.maxBytes", kind: .byteSize(0...(1 << 36)), defaultText: "64MiB",
                    summary: "the decoded image memory cache's limit"),
                SettingSpec(
                    key: "network.timeout", kind: .duration(.milliseconds(100)...seconds(600)), defaultText: "15s",
                    summary: "how long one request may take, body included (a total deadline)"),
                SettingSpec(
                    key: "network.retries", kind: .integer(0...10), defaultText: "3",
                    summary: "retries for 5xx, 429 and timeouts"),
                SettingSpec(
                    key: "network.maxConcurrent", kind: .integer(1...64), defaultText: "4",
                    summary: "downloads at once, and connections to one host"),
                SettingSpec(
                    key: "viewer.imageDuration", kind: .duration(.milliseconds(500)...seconds(60)), defaultText: "5s",
                    summary: "how long an image stays on screen"),
                SettingSpec(
                    key: "viewer.videoFrameRate", kind: .integer(0...60), defaultText: "0",
                    summary: "frames a second videos play at; 0: 24 in half blocks, 15 in a graphics protocol"),
                SettingSpec(
                    key: "viewer.autoAdvance", kind: .boolean, defaultText: "true",
                    summary: "move on when an item's time is up"),
                SettingSpec(
                    key: "viewer.accessible", kind: .boolean, defaultText: "false", flag: "accessible",
                    summary: "no animation or auto-advance; changes described in words"),
                SettingSpec(
                    key: "terminal.color", kind: .choice(ColorMode.allCases.map(\.rawValue)), defaultText: "auto",
                    flag: "color", summary: "colour depth (NO_COLOR is honoured)"),
                SettingSpec(
                    key: "terminal.graphics", kind: .choice(GraphicsMode.allCases.map(\.rawValue)), defaultText: "auto",
                    flag: "graphics",
                    summary:
                        "image protocol for the screens and stories render (auto asks the terminal)"
                ),
                SettingSpec(
                    key: "log.level", kind: .choice(LogSetup.levels), defaultText: "warning", flag: "log-level",
                    summary: "the least severe log message written"),
                SettingSpec(
                    key: "log.file", kind: .path, defaultText: nil, flag: "log-file",
                    summary: "append log messages to this file instead of stderr"),
            ]
    }

    /// The spec for `key`, if it is a known key.
    public func spec(_ key: String) -> SettingSpec? { specs.first { $0.key == key } }
}
