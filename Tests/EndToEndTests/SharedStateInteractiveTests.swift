import Foundation
import StoryInterfacesTestSupport
import Testing

/// The interactive app on a PostgreSQL store whose server is down at start: it works offline
/// (every read and write goes to the local replica), sends the changes in the background once
/// the server is back — another device sees them while the app still runs — and nothing is lost.
@Suite("Interactive app with a state server that comes and goes", .onLiveThreads, .timeLimit(.minutes(10)))
struct SharedStateInteractiveTests {
    /// Opens the first user's story (its first item is seen), pauses it and likes it: two writes.
    static func seeAndLikeTheFirstItem(_ app: TmuxSession) async throws {
        try await app.send("Enter")
        #expect(try await app.waitFor("1/5"), "\(app.screen)")
        try await app.send("Space")
        #expect(try await app.waitFor("paused"), "\(app.screen)")
        try await app.send("l")
        #expect(try await app.waitFor("♥"), "\(app.screen)")
    }

    @Test func aServerDownAtStartGetsTheChangesInTheBackgroundOnceItIsBack() async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let cluster = try await PostgresTestCluster.start()
        let url = try await cluster.createDatabase()
        try await cluster.stop()
        let home = try TemporaryFolder.make()
        let environment = [
            // 30 s: a refused connection fails at once anyway, and on a loaded machine 1 s once
            // timed out every sync after the server was back.
            "HOME": home, "STORIES_STORE_POSTGRES_URL": url, "STORIES_STORE_POSTGRES_TIMEOUT": "30s",
            // Items of a minute: the first is still up when a loaded machine's look comes (of
            // 500 ms, a busy run's look found the viewer four people on).
            "STORIES_VIEWER_IMAGE_DURATION": "60s", "STORIES_TRAY_ORDER": "source",
            "STORIES_LOG_LEVEL": "debug", "STORIES_LOG_FILE": home + "/log",
        ]
        let command =
            "exec \(InteractiveTests.quoted(StoriesProcess.binary)) --source bundled --store postgres 2>\(InteractiveTests.quoted(home + "/stderr"))"
        let other = try TemporaryFolder.make()
        func othersLikes() async throws -> Int? {
            let state = try await StoriesProcess.run(
                ["state", "--json", "--source", "bundled", "--store", "postgres"],
                environment: ["STORIES_STORE_POSTGRES_URL": url, "STORIES_STORE_POSTGRES_TIMEOUT": "30s"], home: other)
            let report = try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any]
            return (report?["likedItemIds"] as? [String])?.count
        }
        do {
            let app = try await TmuxSession(command, environment: environment)
            #expect(try await app.waitFor("Ada Lovelace"), "the tray shows offline: \(app.screen)")
            try await Self.seeAndLikeTheFirstItem(app)
            try await app.send("q")
            #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
            let log = home + "/log"
            #expect(
                try await app.waitUntil(timeout: .seconds(240)) { _ in
                    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(
                        "sync: state server unreachable")
                }, "the background sync finds the server away (and tries again)")
            try await cluster.startServer()
            // Another device sees the like while the app still runs: the background sync sent it.
            let deadline = ContinuousClock.now + .seconds(240)
            var seenElsewhere = false
            while !seenElsewhere, ContinuousClock.now < deadline {
                seenElsewhere = try await othersLikes() == 1
                if !seenElsewhere { try await LiveThreads.sleep(for: .milliseconds(500)) }
            }
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(
                seenElsewhere,
                "sent in the background: \(said.split(separator: "\n").filter { $0.contains("sync") }.suffix(10))")
            try await app.send("q")
            #expect(try await app.waitForExit(), "q quits")
        }
        let state = try await StoriesProcess.run(
            ["state", "--json", "--store", "postgres"], environment: ["STORIES_STORE_POSTGRES_URL": url], home: other)
        let report = try #require(JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        #expect((report["seenItemIds"] as? [String])?.contains("ada-0") == true, "\(state.stdout)")
        try await cluster.stop()
    }

    /// A server that never comes back: quitting says how many changes are saved here and wait,
    /// on stderr after the screen is restored, and exits as usual.
    @Test func quittingWhileTheServerIsDownSaysHowManyChangesWait() async throws {
        let home = try TemporaryFolder.make()
        let environment = [
            "HOME": home, "STORIES_STORE_POSTGRES_URL": "postgres://me:hunter2@127.0.0.1:1/state",
            "STORIES_STORE_POSTGRES_TIMEOUT": "1s", "STORIES_TRAY_ORDER": "source",
            "STORIES_VIEWER_IMAGE_DURATION": "60s",
            "STORIES_LOG_LEVEL": "info", "STORIES_LOG_FILE": home + "/log",
        ]
        let stderr = home + "/stderr"
        let command =
            "\(InteractiveTests.quoted(StoriesProcess.binary)) --source bundled --store postgres 2>\(InteractiveTests.quoted(stderr)); echo exit=$? >>\(InteractiveTests.quoted(stderr)); sleep 600"
        let app = try await TmuxSession(command, environment: environment)
        #expect(try await app.waitFor("Ada Lovelace"), "the tray shows offline: \(app.screen)")
        try await Self.seeAndLikeTheFirstItem(app)
        try await app.send("q")
        try await app.send("q")
        let said = { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }
        #expect(try await app.waitUntil(timeout: .seconds(240)) { _ in said().contains("exit=") }, "\(said())")
        #expect(
            // The seen item and the like, saved here.
            said().contains(
                "changes are saved here and wait for the state server: state server unreachable: postgres://me@127.0.0.1:1/state"
            ),
            "\(said())")
        #expect(said().contains("exit=0") && !said().contains("hunter2"), "\(said())")
    }
}
