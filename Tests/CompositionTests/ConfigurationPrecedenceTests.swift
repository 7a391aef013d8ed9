import ConfigurationLayers
import FeedPaging
import Foundation
import ImageCaching
import PicsumContent
import SeenLikeStore
import StoriesComposition
import StoryNavigation
import Testing

@Suite("Configuration precedence")
struct ConfigurationPrecedenceTests {
    @Test func defaultsFollowTheProductSpec() throws {
        let sandbox = try Sandbox()
        let root = try sandbox.load()
        let expected: [String: String] = [
            "content.source": "auto", "picsum.baseURL": "https://picsum.photos", "feed.pageSize": "30",
            "feed.maxAge": "off",
            "feed.prefetchDistance": "5", "feed.wrap": "true", "tray.order": "unseen-first", "store.kind": "sqlite",
            "store.path": sandbox.root + "/.local/share/stories/state.sqlite", "store.busyTimeout": "5s",
            "images.cache.path": sandbox.root + "/.cache/stories/images",
            "images.cache.maxBytes": "256 MiB", "images.memory.maxBytes": "64 MiB", "network.timeout": "15s",
            "network.retries": "3", "network.maxConcurrent": "4", "viewer.imageDuration": "5s",
            "viewer.autoAdvance": "true", "viewer.accessible": "false", "viewer.videoFrameRate": "0",
            "terminal.color": "auto",
            "terminal.graphics": "auto", "log.level": "warning",
        ]
        for (key, value) in expected {
            #expect(root.value(key) == value, "\(key)")
            #expect(root.source(key) == .default, "\(key)")
        }
        #expect(root.value("content.file") == nil && root.value("content.folder") == nil)
        #expect(root.value("log.file") == nil)
        #expect(root.settings.resolved.settings.count == expected.count + 3 + PostgresStorePlugin.settings.count)
    }

    @Test func flagBeatsEnvironmentBeatsFileBeatsDefault() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(
            "config.json",
            #"{"store": {"kind": "memory", "path": "/from/file.sqlite"}, "feed": {"pageSize": 7, "wrap": false}, "terminal": {"color": "16"}}"#
        )
        let root = try sandbox.load(
            flags: ["store.kind": "sqlite"],
            environment: [
                "STORIES_STORE_KIND": "memory", "STORIES_STORE_PATH": "/from/env.sqlite",
                "STORIES_TERMINAL_COLOR": "256",
            ],
            configFile: file)
        #expect(root.value("store.kind") == "sqlite")
        #expect(root.source("store.kind") == .flag)
        #expect(root.value("store.path") == "/from/env.sqlite")
        #expect(root.source("store.path") == .environment)
        #expect(root.value("terminal.color") == "256")
        #expect(root.value("feed.pageSize") == "7")
        #expect(root.source("feed.pageSize") == .file)
        #expect(root.settings.feed.pageSize == 7)
        #expect(root.settings.feed.wrap == false)
        #expect(root.source("tray.order") == .default)
        #expect(root.settings.resolved.configFile == file)
    }

    @Test func yamlFilesNestTheSameWay() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(
            "stories.yaml",
            "store:\n  kind: memory\nfeed:\n  pageSize: 12\nviewer:\n  imageDuration: 500ms\n  accessible: true\n")
        let root = try sandbox.load(configFile: file)
        #expect(root.settings.storeKind == "memory")
        #expect(root.settings.feed.pageSize == 12)
        #expect(root.settings.viewer.imageDuration == .milliseconds(500))
        #expect(root.settings.viewer.accessible)
        #expect(root.source("viewer.accessible") == .file)
    }

    @Test(arguments: ["config.json", "config.yaml"])
    func theXDGConfigFileIsFoundWithoutAFlag(name: String) throws {
        let sandbox = try Sandbox()
        let text = name.hasSuffix("json") ? #"{"tray": {"order": "source"}}"# : "tray:\n  order: source\n"
        try sandbox.write("xdg/stories/\(name)", text)
        let root = try sandbox.load(environment: ["XDG_CONFIG_HOME": sandbox.root + "/xdg"])
        #expect(root.value("tray.order") == "source")
        #expect(root.source("tray.order") == .file)
    }

    @Test func xdgDataAndCacheHomesMoveTheDefaults() throws {
        let sandbox = try Sandbox()
        let root = try sandbox.load(environment: [
            "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache", "XDG_CONFIG_HOME": "relative/ignored",
        ])
        #expect(root.value("store.path") == "/data/stories/state.sqlite")
        #expect(root.value("images.cache.path") == "/cache/stories/images")
    }

    @Test func everyKeyIsReadFromItsDocumentedEnvironmentVariable() throws {
        let sandbox = try Sandbox()
        let probe = try sandbox.load()
        let values: [String: String] = [
            "content.source": "bundled", "content.file": "/tmp/s.json", "picsum.baseURL": "http://127.0.0.1:9",
            "content.folder": "/tmp/pictures", "feed.maxAge": "2h",
            "feed.pageSize": "9", "feed.prefetchDistance": "2", "feed.wrap": "false", "tray.order": "source",
            "store.kind": "memory", "store.path": "/tmp/x.sqlite", "store.busyTimeout": "30s",
            "images.cache.path": "/tmp/c",
            "images.cache.maxBytes": "1MiB", "images.memory.maxBytes": "1024", "network.timeout": "2m",
            "network.retries": "0", "network.maxConcurrent": "8", "viewer.imageDuration": "10s",
            "viewer.autoAdvance": "no", "viewer.accessible": "yes", "viewer.videoFrameRate": "15",
            "terminal.color": "none",
            "terminal.graphics": "kitty", "log.level": "debug", "log.file": "/tmp/stories.log",
            "store.postgres.url": "postgres://u@h/d", "store.postgres.password": "pw",
            "store.postgres.passwordFile": "/tmp/pw", "store.postgres.timeout": "3s",
        ]
        var environment: [String: String] = [:]
        for setting in probe.settings.resolved.settings {
            environment[setting.spec.environmentVariable] = values[setting.spec.key]
        }
        #expect(environment["STORIES_PICSUM_BASE_URL"] == "http://127.0.0.1:9")
        #expect(environment["STORIES_IMAGES_CACHE_MAX_BYTES"] == "1MiB")
        let root = try sandbox.load(environment: environment)
        for setting in root.settings.resolved.settings {
            #expect(setting.source == .environment, "\(setting.spec.key) from \(setting.spec.environmentVariable)")
        }
        #expect(root.settings.imageCache.diskMaxBytes == 1_048_576)
        #expect(root.settings.picsum.network.timeout == .seconds(120))
        #expect(
            SQLiteStorePlugin.configuration(root.settings).busyTimeout == .seconds(30),
            "configuration reaches the store's busy timeout")
        #expect(!root.settings.viewer.autoAdvance)
        #expect(root.settings.videoFrameRate == 15, "from STORIES_VIEWER_VIDEO_FRAME_RATE")
    }

    @Test func flagsCoverTheDocumentedKeys() throws {
        let sandbox = try Sandbox()
        let flagged = try sandbox.load().settings.resolved.settings.compactMap { setting in
            setting.spec.flag.map { "\(setting.spec.key)=--\($0)" }
        }
        #expect(
            flagged == [
                "content.source=--source", "content.file=--stories-file", "content.folder=--folder",
                "picsum.baseURL=--picsum-url",
                "store.kind=--store", "store.path=--store-path", "viewer.accessible=--accessible",
                "terminal.color=--color", "terminal.graphics=--graphics", "log.level=--log-level",
                "log.file=--log-file",
            ])
    }
}
