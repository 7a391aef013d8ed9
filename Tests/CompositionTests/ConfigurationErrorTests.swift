import ConfigurationLayers
import Foundation
import StoriesComposition
import Testing

@Suite("Configuration errors")
struct ConfigurationErrorTests {
    @Test(arguments: [
        ("STORIES_STORE_KIND", "bogus", "store.kind", "one of sqlite, memory"),
        ("STORIES_CONTENT_SOURCE", "tumblr", "content.source", "one of auto, picsum, bundled, file"),
        ("STORIES_FEED_PAGE_SIZE", "0", "feed.pageSize", "from 1 to 100"),
        ("STORIES_FEED_PAGE_SIZE", "ten", "feed.pageSize", "from 1 to 100"),
        ("STORIES_FEED_WRAP", "maybe", "feed.wrap", "true or false"),
        ("STORIES_NETWORK_TIMEOUT", "15", "network.timeout", "a duration such as"),
        ("STORIES_NETWORK_TIMEOUT", "-5s", "network.timeout", "a duration such as"),
        ("STORIES_VIEWER_IMAGE_DURATION", "2h", "viewer.imageDuration", "to 1m"),
        ("STORIES_IMAGES_CACHE_MAX_BYTES", "lots", "images.cache.maxBytes", "a size"),
        ("STORIES_PICSUM_BASE_URL", "file:///etc/passwd", "picsum.baseURL", "http:// or https://"),
        ("STORIES_TERMINAL_COLOR", "rainbow", "terminal.color", "truecolor, 256, 16"),
        ("STORIES_STORE_PATH", "", "store.path", "a file path"),
    ])
    func badEnvironmentValuesNameKeyValueSourceAndAllowed(
        variable: String, value: String, key: String, allowed: String
    ) throws {
        let sandbox = try Sandbox()
        #expect {
            try sandbox.load(environment: [variable: value])
        } throws: { error in
            guard
                case .invalidValue(let badKey, let badValue, let source, let origin, let allowedText) = error
                    as? ConfigurationError
            else { return false }
            let message = (error as! ConfigurationError).description
            return badKey == key && badValue == "\"\(value)\"" && source == .environment
                && origin.contains(variable) && allowedText.contains(allowed) && message.contains(key)
                && message.contains(variable)
        }
    }

    @Test func badFileValuesNameTheFile() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write("c.json", #"{"feed": {"pageSize": 7.5}}"#)
        #expect {
            try sandbox.load(configFile: file)
        } throws: { error in
            guard case .invalidValue("feed.pageSize", "7.5", .file, let origin, _) = error as? ConfigurationError else {
                return false
            }
            return origin.contains(file)
        }
    }

    @Test func aBadFlagIsReportedAsAFlag() throws {
        let sandbox = try Sandbox()
        #expect {
            try sandbox.load(flags: ["terminal.graphics": "ascii-art"])
        } throws: { error in
            guard case .invalidValue("terminal.graphics", _, .flag, "--graphics", _) = error as? ConfigurationError
            else {
                return false
            }
            return true
        }
    }

    @Test(arguments: [
        ("bad.json", #"{"store": {"kind": "memory",,,"#),
        ("list.json", "[1, 2, 3]"),
        ("bad.yaml", "store: [unclosed\n  kind: : :"),
    ])
    func malformedFilesAreNamed(name: String, text: String) throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write(name, text)
        #expect(throws: ConfigurationError.self) { try sandbox.load(configFile: file) }
        do {
            _ = try sandbox.load(configFile: file)
        } catch let error as ConfigurationError {
            guard case .malformedFile(let path, _) = error else {
                Issue.record("expected malformedFile, got \(error)")
                return
            }
            #expect(path == file)
            #expect(error.description.contains(file))
        }
    }

    @Test func aMissingExplicitFileIsAnError() throws {
        let sandbox = try Sandbox()
        #expect(throws: ConfigurationError.unreadableFile(path: sandbox.root + "/nope.json", detail: "no such file")) {
            try sandbox.load(configFile: sandbox.root + "/nope.json")
        }
    }

    @Test func anUnknownExtensionIsAnError() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write("config.toml", "x = 1")
        #expect(throws: ConfigurationError.unsupportedFileType(path: file)) { try sandbox.load(configFile: file) }
    }

    @Test func unknownFileKeysAreWarnedAboutNotFatal() throws {
        let sandbox = try Sandbox()
        let file = try sandbox.write("c.json", #"{"feed": {"pagesize": 7, "wrap": true}}"#)
        let root = try sandbox.load(configFile: file)
        #expect(root.settings.resolved.warnings.count == 1)
        #expect(root.settings.resolved.warnings.first?.contains("feed.pagesize") == true)
        #expect(root.value("feed.pageSize") == "30")
    }

    @Test func everyConfigurationErrorExits78() {
        let errors: [ConfigurationError] = [
            .invalidValue(key: "k", value: "v", source: .flag, origin: "--k", allowed: "x"),
            .malformedFile(path: "/f", detail: "d"), .unreadableFile(path: "/f", detail: "d"),
            .unsupportedFileType(path: "/f"),
        ]
        for error in errors { #expect(ErrorReport.status(for: error) == .configuration) }
    }
}
