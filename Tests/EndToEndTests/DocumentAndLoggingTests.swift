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
