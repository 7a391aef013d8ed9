import Foundation
import Testing

/// Credentials never reach a log, an error or the screen: a document's URL with
/// `user:password@` and `?token=…`, failing, is logged at the default level (warning) and
/// shown in place with both hidden.
@Suite("Credentials stay hidden, as a process", .onLiveThreads)
struct CredentialsTests {
    @Test func aFailingURLsPasswordAndTokenReachNeitherTheLogNorTheScreen() async throws {
        let home = try TemporaryFolder.make()
        let secretURL = "http://bob:hunter2@127.0.0.1:9/a.jpg?token=abc123"
        let document = home + "/stories.json"
        try TemporaryFolder.write(
            """
            {"data":[{"id":"0","user":{"username":"zed","profile_picture":"\(secretURL)"},"snap_count":1,
              "snaps":[{"media_type":"image","media_url":"\(secretURL)"}]}]}
            """, to: document)
        let log = home + "/stories.log"
        let command =
            "exec \(InteractiveTests.quoted(StoriesProcess.binary)) --source file --stories-file \(InteractiveTests.quoted(document)) --store memory --log-file \(InteractiveTests.quoted(log))"
        let app = try await TmuxSession(command, environment: ["HOME": home, "STORIES_NETWORK_RETRIES": "0"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("Couldn't load"), "\(app.screen)")
        #expect(!app.screen.contains("hunter2") && !app.screen.contains("abc123"), "\(app.screen)")
        try await app.send("q", "q")
        #expect(try await app.waitForExit())
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("image failed"), "the failure is logged at the default level: \(logged)")
        #expect(logged.contains("bob:(hidden)@127.0.0.1:9/a.jpg?(hidden)"), "\(logged)")
        #expect(!logged.contains("hunter2") && !logged.contains("abc123"), "\(logged)")
        // And `stories config` shows a URL's password as hidden, even one holding a raw @.
        let config = try await StoriesProcess.run(
            ["config", "--set", "store.postgres.url=postgres://ada:p@ss@db.example/stories?sslmode=require"],
            home: home)
        #expect(
            config.stdout.contains("postgres://ada:(hidden)@db.example/stories?sslmode=require"), "\(config.stdout)")
        #expect(!config.stdout.contains("ss@db"), "no tail of the password: \(config.stdout)")
    }
}
