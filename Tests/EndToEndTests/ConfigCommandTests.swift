import Foundation
import Testing

@Suite("stories config, as a process")
struct ConfigCommandTests {
    struct Report: Decodable {
        struct Key: Decodable {
            var key: String
            var source: String
        }
        var keys: [Key]
        var file: String?
    }

    static func decode(_ result: ProcessResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func entry(_ report: [String: Any], _ key: String) -> [String: Any]? {
        (report["keys"] as? [[String: Any]])?.first { $0["key"] as? String == key }
    }

    @Test func jsonListsEveryKeyWithValueAndSource() async throws {
        let result = try await StoriesProcess.run(["config", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.decode(result)
        let keys = try #require(report["keys"] as? [[String: Any]])
        #expect(keys.count == 30, "25 of the app, 1 of the folder source, 4 of the postgres store plugin")
        #expect(Self.entry(report, "feed.maxAge")?["value"] as? String == "off")
        for key in keys {
            #expect(Set(key.keys) == ["key", "value", "source"])
        }
        #expect(Self.entry(report, "store.kind")?["value"] as? String == "sqlite")
        #expect(Self.entry(report, "store.kind")?["source"] as? String == "default")
        #expect(Self.entry(report, "feed.pageSize")?["value"] as? Int == 30)
        #expect(Self.entry(report, "feed.wrap")?["value"] as? Bool == true)
        #expect(Self.entry(report, "content.file")?["value"] is NSNull)
        #expect(report["file"] is NSNull)
    }

    @Test func precedenceAcrossFlagEnvironmentAndFile() async throws {
        let home = try TemporaryFolder.make()
        try TemporaryFolder.write(
            #"{"store": {"kind": "memory"}, "feed": {"pageSize": 7}, "tray": {"order": "source"}}"#,
            to: home + "/.config/stories/config.json")
        let result = try await StoriesProcess.run(
            ["config", "--json", "--store", "sqlite"], environment: ["STORIES_FEED_PAGE_SIZE": "9"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.decode(result)
        #expect(Self.entry(report, "store.kind")?["source"] as? String == "flag")
        #expect(Self.entry(report, "feed.pageSize")?["value"] as? Int == 9)
        #expect(Self.entry(report, "feed.pageSize")?["source"] as? String == "environment")
        #expect(Self.entry(report, "tray.order")?["source"] as? String == "file")
        #expect(report["file"] as? String == home + "/.config/stories/config.json")
    }

    @Test func aBadEnvironmentValueExits78NamingKeyValueSourceAndAllowed() async throws {
        let result = try await StoriesProcess.run(["config"], environment: ["STORIES_STORE_KIND": "bogus"])
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        for part in ["store.kind", "bogus", "STORIES_STORE_KIND", "sqlite", "memory"] {
            #expect(result.stderr.contains(part), "stderr lacks \(part): \(result.stderr)")
        }
        #expect(result.stderr.split(separator: "\n").count <= 2)
    }

    @Test func aMalformedConfigFileExits78NamingTheFile() async throws {
        let home = try TemporaryFolder.make()
        let file = home + "/broken.json"
        try TemporaryFolder.write(#"{"store": "#, to: file)
        let result = try await StoriesProcess.run(["config", "--config", file], home: home)
        #expect(result.status == 78)
        #expect(result.stderr.contains(file))
    }

    /// What is wrong, in words, with the line and column (it was Foundation's
    /// "Error Domain=NSCocoaErrorDomain Code=3840 …").
    @Test func aMalformedConfigFileSaysWhatAndWhereInWords() async throws {
        let home = try TemporaryFolder.make()
        let file = home + "/broken.json"
        try TemporaryFolder.write("{\"feed\": {\"pageSize\": 7}\n \"store\": {}}", to: file)
        let result = try await StoriesProcess.run(["config", "--config", file], home: home)
        #expect(result.status == 78)
        #expect(result.stderr.contains("not valid JSON at line 2, column 2"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        let yaml = home + "/broken.yaml"
        try TemporaryFolder.write("feed:\n  pageSize: [7\n", to: yaml)
        let yamlResult = try await StoriesProcess.run(["config", "--config", yaml], home: home)
        #expect(yamlResult.status == 78)
        #expect(yamlResult.stderr.contains("not valid YAML at line 3, column 1"), "\(yamlResult.stderr)")
    }

    /// A huge config file is refused by its size, before a byte is read (a 1 GB sparse file
    /// took 8.8 s and 1.08 GB of memory to be refused).
    @Test func aHugeConfigFileIsRefusedByItsSize() async throws {
        let home = try TemporaryFolder.make()
        let file = home + "/huge.json"
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = try await StoriesProcess.run(["config", "--config", file], home: home)
        #expect(result.status == 78)
        #expect(result.stderr.contains("it is 1073741824 bytes"), "\(result.stderr)")
    }

    @Test func aBadFlagValueExits78() async throws {
        let result = try await StoriesProcess.run(["config", "--color", "rainbow"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("--color"))
    }

    @Test func usageErrorsExit64AndHelpExits0() async throws {
        let bad = try await StoriesProcess.run(["config", "--no-such-flag"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--no-such-flag"))
        let help = try await StoriesProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("config"))
        let configHelp = try await StoriesProcess.run(["config", "--help"])
        #expect(configHelp.stdout.contains("Examples:"))
    }

    @Test func controlCharactersInValuesNeverReachTheTerminal() async throws {
        let result = try await StoriesProcess.run(
            ["config"], environment: ["STORIES_STORE_PATH": "/tmp/\u{1B}[2Jevil.sqlite"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"))
    }
}
