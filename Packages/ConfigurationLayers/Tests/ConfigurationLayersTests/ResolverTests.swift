import ConfigurationLayers
import Foundation
import Testing

/// The layers on a small schema of their own: flag > environment > file > default, each value
/// checked by its kind, every failure naming the key, the value, where it came from and what
/// is allowed.
@Suite("Resolving the layers")
struct ResolverTests {
    static let specs = [
        SettingSpec(key: "feed.pageSize", kind: .integer(1...100), defaultText: "30", flag: "page-size", summary: ""),
        SettingSpec(
            key: "viewer.imageDuration", kind: .duration(.seconds(1)...(.seconds(60))), defaultText: "5s", summary: ""),
        SettingSpec(
            key: "tray.order", kind: .choice(["unseen-first", "source"]), defaultText: "unseen-first", summary: ""),
        SettingSpec(key: "store.password", kind: .text, defaultText: nil, summary: "", isSecret: true),
    ]

    /// A folder with `config.json` (when given) under `stories/` of its XDG config home.
    static func home(config: String? = nil) throws -> (XDGPaths, String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ConfigurationLayers-\(UUID())").path
        try FileManager.default.createDirectory(atPath: home + "/.config/stories", withIntermediateDirectories: true)
        if let config {
            try config.write(toFile: home + "/.config/stories/config.json", atomically: true, encoding: .utf8)
        }
        return (XDGPaths(environment: ["HOME": home], home: home), home)
    }

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() throws {
        let (paths, home) = try Self.home(config: #"{"feed": {"pageSize": 12}, "viewer": {"imageDuration": "7s"}}"#)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let resolver = ConfigurationResolver(specs: Self.specs, paths: paths)
        let resolved = try resolver.resolve(
            flags: ["feed.pageSize": "9"],
            environment: ["STORIES_FEED_PAGE_SIZE": "11", "STORIES_TRAY_ORDER": "source"],
            configFile: nil)
        #expect(resolved.integer("feed.pageSize") == 9 && resolved["feed.pageSize"].source == .flag)
        #expect(resolved.text("tray.order") == "source" && resolved["tray.order"].source == .environment)
        #expect(
            resolved.duration("viewer.imageDuration") == .seconds(7) && resolved["viewer.imageDuration"].source == .file
        )
        #expect(resolved["store.password"].value == nil && resolved["store.password"].source == .default)
        #expect(resolved.configFile == home + "/.config/stories/config.json")
        let defaults = try resolver.resolve(flags: [:], environment: [:], configFile: nil)
        #expect(defaults.integer("feed.pageSize") == 12)  // the file's still
    }

    /// The environment layer reads only `STORIES_` variables in capitals (and is skipped when
    /// there are none): other variables, or the right name in other letters, set nothing.
    @Test func onlyStoriesVariablesInCapitalsSetAKey() throws {
        let (paths, home) = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let resolver = ConfigurationResolver(specs: Self.specs, paths: paths)
        let others = try resolver.resolve(
            flags: [:], environment: ["stories_feed_page_size": "11", "FEED_PAGE_SIZE": "12", "PATH": "/bin"],
            configFile: nil)
        #expect(others.integer("feed.pageSize") == 30 && others["feed.pageSize"].source == .default)
        let mixed = try resolver.resolve(
            flags: [:], environment: ["stories_feed_page_size": "11", "STORIES_TRAY_ORDER": "source"],
            configFile: nil)
        #expect(mixed.integer("feed.pageSize") == 30 && mixed.text("tray.order") == "source")
        #expect(mixed["tray.order"].source == .environment)
    }

    @Test func aBadValueSaysTheKeyTheValueWhereAndWhatIsAllowed() throws {
        let (paths, home) = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let resolver = ConfigurationResolver(specs: Self.specs, paths: paths)
        #expect {
            try resolver.resolve(flags: [:], environment: ["STORIES_FEED_PAGE_SIZE": "500"], configFile: nil)
        } throws: { error in
            let text = "\(error)"
            return text.contains("feed.pageSize") && text.contains("500")
                && text.contains("environment variable STORIES_FEED_PAGE_SIZE") && text.contains("1 to 100")
        }
        #expect {
            try resolver.resolve(flags: ["store.password": "two\nlines"], environment: [:], configFile: nil)
        } throws: { error in
            "\(error)".contains("(hidden)") && !"\(error)".contains("two")
        }
    }

    @Test func aMalformedOrUnknownFileIsAnErrorAndUnknownKeysAreWarnings() throws {
        let (paths, home) = try Self.home(config: #"{"feed": {"pageSize": 12, "colour": "red"}}"#)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let resolver = ConfigurationResolver(specs: Self.specs, paths: paths)
        let resolved = try resolver.resolve(flags: [:], environment: [:], configFile: nil)
        #expect(resolved.warnings.count == 1 && resolved.warnings[0].contains("feed.colour"), "\(resolved.warnings)")
        let broken = home + "/broken.json"
        try #"{"feed": "#.write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) {
            try resolver.resolve(flags: [:], environment: [:], configFile: broken)
        }
        let text = home + "/config.toml"
        try "x = 1".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.unsupportedFileType(path: text)) {
            try resolver.resolve(flags: [:], environment: [:], configFile: text)
        }
    }

    @Test func xdgFoldersFollowTheEnvironmentAndIgnoreRelativeValues() {
        let paths = XDGPaths(
            environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c", "XDG_DATA_HOME": "relative"], home: "/x")
        #expect(paths.cacheHome == "/c" && paths.dataHome == "/h/.local/share" && paths.configHome == "/h/.config")
        #expect(paths.expand("$XDG_CACHE_HOME/stories") == "/c/stories")
    }

    @Test(arguments: [
        ("", ""), ("plain", "plain"), ("$", "$"), ("a$b$", "a$b$"), ("$XDG_UNKNOWN/x", "$XDG_UNKNOWN/x"),
        ("$XDG_DATA_HOME/s.sqlite", "/h/.local/share/s.sqlite"), ("$XDG_CONFIG_HOME$XDG_CACHE_HOME", "/h/.config/c"),
        ("x/$XDG_DATA_HOME/$XDG_DATA_HOME", "x//h/.local/share//h/.local/share"), ("$$XDG_CACHE_HOME", "$/c"),
        ("é $XDG_CACHE_HOME ü", "é /c ü"),
    ])
    func expandingReplacesEveryFolderNameAnywhere(text: String, expected: String) {
        let paths = XDGPaths(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"], home: "/x")
        #expect(paths.expand(text) == expected)
    }
}
