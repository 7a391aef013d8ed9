import Foundation
import Testing

@Suite("stories documents and logging — as processes")
struct DocumentAndLoggingTests {
    @Test func aBrokenStoriesDocumentExits65NamingTheFileEntryAndField() async throws {
        let home = try TemporaryFolder.make()
        let file = home + "/stories.json"
        // Entry 1 has no media_url: the whole document is refused, nothing is shown.
        try TemporaryFolder.write(
            #"""
            {"data":[
              {"id":"0","user":{"username":"neo","profile_picture":"https://picsum.photos/id/1/64/64"},"snap_count":1,
               "snaps":[{"media_type":"image","media_url":"https://picsum.photos/id/2/400/600"},]},
              {"id":"1","user":{"username":"trinity","profile_picture":"https://picsum.photos/id/3/64/64"},"snap_count":1,
               "snaps":[{"media_type":"image"}]},
            ]}
            """#, to: file)
        let result = try await StoriesProcess.run(
            ["tray", "--source", "file", "--stories-file", file, "--json"], home: home)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(file), "names the file: \(result.stderr)")
        #expect(result.stderr.contains("media_url"), "names the field: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal") && result.stderr.split(separator: "\n").count <= 2)

        try TemporaryFolder.write("{\"data\": [", to: file)
        let truncated = try await StoriesProcess.run(["tray", "--source", "file", "--stories-file", file], home: home)
        #expect(truncated.status == 65, "\(truncated.stderr)")
        #expect(truncated.stderr.contains(file))
    }

    /// `feed.maxAge`: items posted longer ago are hidden everywhere (the tray's
    /// counts, `view`), a user left with none is left out; off by default.
    @Test func feedMaxAgeHidesOlderItemsAndUsersLeftWithoutAny() async throws {
        let home = try TemporaryFolder.make()
        let file = home + "/stories.json"
        func ago(_ hours: Double) -> String {
            ISO8601DateFormatter().string(from: Date().addingTimeInterval(-hours * 3600))
        }
        func snap(_ n: Int, _ hours: Double) -> String {
            #"{"media_type":"image","media_url":"https://e.com/\#(n).jpg","created_at":"\#(ago(hours))"}"#
        }
        try TemporaryFolder.write(
            #"{"data":[{"id":"neo","user":{"username":"Neo"},"snaps":[\#(snap(0, 30)),\#(snap(1, 2))]},"#
                + #"{"id":"old","user":{"username":"Old"},"snaps":[\#(snap(2, 50))]}]}"#, to: file)
        let base = ["--source", "file", "--stories-file", file, "--store", "memory", "--json"]
        let all = try await StoriesProcess.run(["tray"] + base, home: home)
        #expect(all.status == 0 && all.stdout.contains(#""id":"old""#) && all.stdout.contains(#""items":2"#))
        let recent = try await StoriesProcess.run(
            ["tray"] + base, environment: ["STORIES_FEED_MAX_AGE": "24h"], home: home)
        #expect(recent.status == 0, "\(recent.stderr)")
        #expect(!recent.stdout.contains(#""id":"old""#), "\(recent.stdout)")
        #expect(recent.stdout.contains(#""id":"neo""#) && recent.stdout.contains(#""items":1"#), "\(recent.stdout)")
        let old = try await StoriesProcess.run(["view", "old", "--set", "feed.maxAge=24h"] + base, home: home)
        #expect(old.status == 65 && old.stderr.contains("old"), "\(old.status) \(old.stderr)")
        let wrong = try await StoriesProcess.run(["tray", "--set", "feed.maxAge=soon"] + base, home: home)
        #expect(wrong.status == 78 && wrong.stderr.contains("feed.maxAge") && wrong.stderr.contains("off, or"))
        let config = try await StoriesProcess.run(["config"], home: home)
        #expect(config.stdout.contains("feed.maxAge"), "\(config.stdout)")
    }

    @Test func logMessagesGoToStderrOrTheLogFileNeverToStdout() async throws {
        let home = try TemporaryFolder.make()
        let plain = try await StoriesProcess.run(
            ["tray", "--source", "bundled", "--store", "memory", "--json"], home: home)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "warning level by default: nothing to say")

        let debug = try await StoriesProcess.run(
            ["tray", "--source", "bundled", "--store", "memory", "--json", "--log-level", "debug"], home: home)
        #expect(debug.status == 0)
        #expect(debug.stderr.contains("debug stories: session open source=bundled store=memory"), "\(debug.stderr)")
        #expect(debug.stdout == plain.stdout, "stdout stays pure JSON")

        let logFile = home + "/logs/stories.log"
        try FileManager.default.createDirectory(atPath: home + "/logs", withIntermediateDirectories: true)
        let toFile = try await StoriesProcess.run(
            ["view", "ada", "--source", "bundled", "--store", "memory", "--keys", "next", "--json"],
            environment: ["STORIES_LOG_LEVEL": "debug", "STORIES_LOG_FILE": logFile], home: home)
        #expect(toFile.status == 0 && toFile.stderr.isEmpty, "\(toFile.stderr)")
        let log = try String(contentsOfFile: logFile, encoding: .utf8)
        #expect(log.contains("image loaded") && log.contains("url=bundled://samples/"), "\(log)")

        let bad = try await StoriesProcess.run(["tray", "--log-level", "loud"], home: home)
        #expect(bad.status == 78 && bad.stderr.contains("log.level"), "\(bad.stderr)")
    }
}
