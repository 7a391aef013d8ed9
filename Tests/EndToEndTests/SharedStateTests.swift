import Foundation
import StoryInterfacesTestSupport
import Testing

/// `store.kind = postgres` through the `stories` program: two homes (two devices) against one
/// throwaway PostgreSQL cluster share seen and liked state, the tray's rings included.
@Suite("Shared state on PostgreSQL, as processes", .timeLimit(.minutes(10)))
struct SharedStateTests {
    static func run(_ arguments: [String], home: String, url: String) async throws -> ProcessResult {
        try await StoriesProcess.run(
            arguments + ["--source", "bundled", "--store", "postgres"],
            environment: ["STORIES_STORE_POSTGRES_URL": url],
            home: home)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func twoHomesSeeEachOthersSeenAndLikedState() async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let url = try await PostgresTestCluster.shared().createDatabase()
        let (laptop, desktop) = (try TemporaryFolder.make(), try TemporaryFolder.make())
        let seen = try await Self.run(["seen", "alan-0"], home: laptop, url: url)
        #expect(seen.status == 0, "\(seen.stderr)")
        let like = try await Self.run(["like", "ada-1"], home: desktop, url: url)
        #expect(like.status == 0, "\(like.stderr)")
        let state = try Self.json(try await Self.run(["state", "--json"], home: laptop, url: url).stdout)
        #expect(state["likedItemIds"] as? [String] == ["ada-1"], "the desktop's like, seen on the laptop")
        let tray = try Self.json(
            try await Self.run(["tray", "--limit", "5", "--json"], home: desktop, url: url).stdout)
        let alan = (tray["users"] as? [[String: Any]])?.first { $0["id"] as? String == "alan" }
        #expect(alan?["ring"] as? String == "seen", "the laptop's seen item turns the desktop's ring gray")
        let unlike = try await Self.run(["like", "ada-1", "--off"], home: laptop, url: url)
        #expect(unlike.status == 0, "\(unlike.stderr)")
        let after = try Self.json(try await Self.run(["state", "--json"], home: desktop, url: url).stdout)
        #expect(after["likedItemIds"] as? [String] == [], "the last unlike wins")
        let doctor = try await Self.run(["doctor"], home: desktop, url: url)
        #expect(doctor.stdout.contains("store: postgres://stories@127.0.0.1"), "\(doctor.stdout)")
    }

    /// A server asking for the password in clear without TLS, a refused login and a missing
    /// database: `stories sync` exits 78 at once with the server's reason, one connection, no
    /// password sent; `?sslmode=require` against a server without TLS is
    /// refused too. A command that writes still saves here, exit 0, and says why it waits.
    @Test func refusalsAndUnsafeServersExit78AtOnceAfterOneTry() async throws {
        let home = try TemporaryFolder.make()
        func run(_ command: String, _ url: String) async throws -> ProcessResult {
            try await StoriesProcess.run(
                [command] + (command == "seen" ? ["alan-0"] : []) + ["--source", "bundled", "--store", "postgres"],
                environment: ["STORIES_STORE_POSTGRES_URL": url, "STORIES_STORE_POSTGRES_TIMEOUT": "120s"], home: home)
        }
        let clear = try FakePostgresServer(.cleartext)
        let start = ContinuousClock.now
        let unsafe = try await run("sync", clear.url())
        #expect(unsafe.status == 78, "\(unsafe.stderr)")
        #expect(unsafe.stderr.contains("in clear over an unencrypted connection"), "\(unsafe.stderr)")
        #expect(clear.passwordsReceived == 0 && clear.connections == 1, "\(clear.connections) connections")
        // The timeout is far (two minutes), so "at once" stays apart from it on a busy machine.
        #expect(ContinuousClock.now - start < .seconds(90), "final at once, not after the timeout")
        let saved = try await run("seen", clear.url())
        #expect(saved.status == 0, "saved here: \(saved.stderr)")
        #expect(
            saved.stderr.contains("1 change is saved here and waits for the state server")
                && saved.stderr.contains("in clear over an unencrypted connection"), "\(saved.stderr)")
        #expect(clear.passwordsReceived == 0)
        clear.stop()
        let wrong = try FakePostgresServer(
            .error(code: "28P01", message: "password authentication failed for user \"me\""))
        let refused = try await run("sync", wrong.url())
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(refused.stderr.contains("password authentication failed"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("hunter2") && wrong.connections == 1, "\(wrong.connections) logins")
        wrong.stop()
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let url = try await PostgresTestCluster.shared().createDatabase()
        let noTLS = try await run("sync", url + "?sslmode=require")
        #expect(noTLS.status == 78 && noTLS.stderr.contains("does not offer TLS"), "\(noTLS.stderr)")
        let missing = try await run("sync", url + "_missing")
        #expect(missing.status == 78 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
    }

    /// A server that cannot be reached: a write is saved here (exit 0) and said to wait, naming
    /// the server and never the password; `state` counts it; `stories sync` exits 69.
    @Test func anUnreachableServerKeepsChangesHereAndSyncExits69() async throws {
        let home = try TemporaryFolder.make()
        let environment = [
            "STORIES_STORE_POSTGRES_URL": "postgres://me:hunter2@127.0.0.1:1/state",
            "STORIES_STORE_POSTGRES_TIMEOUT": "2s",
        ]
        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await StoriesProcess.run(
                arguments + ["--source", "bundled", "--store", "postgres"], environment: environment, home: home)
        }
        let seen = try await run(["seen", "alan-0"])
        #expect(seen.status == 0, "\(seen.stderr)")
        #expect(
            seen.stderr.contains(
                "1 change is saved here and waits for the state server: state server unreachable: postgres://me@127.0.0.1:1/state"
            ), "\(seen.stderr)")
        #expect(!seen.stderr.contains("hunter2"))
        let state = try await run(["state", "--json"])
        let report = try Self.json(state.stdout)
        #expect(report["seenItemIds"] as? [String] == ["alan-0"], "read here: \(state.stdout)")
        #expect((report["sync"] as? [String: Any])?["pending"] as? Int == 1, "\(state.stdout)")
        #expect(state.stderr.split(separator: "\n").count == 1, "one line about the server: \(state.stderr)")
        let sync = try await run(["sync"])
        #expect(sync.status == 69, "\(sync.stderr)")
        #expect(sync.stderr.contains("state server unreachable: postgres://me@127.0.0.1:1/state"), "\(sync.stderr)")
        #expect(!sync.stderr.contains("hunter2"))
        let config = try await StoriesProcess.run(
            ["config", "--store", "postgres"],
            environment: [
                "STORIES_STORE_POSTGRES_URL": "postgres://me:hunter2@127.0.0.1:1/state",
                "STORIES_STORE_POSTGRES_PASSWORD": "swordfish",
            ], home: home)
        #expect(config.status == 0 && config.stdout.contains("store.postgres.url"), "\(config.stdout)")
        #expect(!config.stdout.contains("hunter2") && !config.stdout.contains("swordfish"), "\(config.stdout)")
        let missing = try await StoriesProcess.run(
            ["seen", "alan-0", "--source", "bundled", "--store", "postgres"], home: home)
        #expect(missing.status == 78 && missing.stderr.contains("store.postgres.url"), "\(missing.stderr)")
        let plain = try await StoriesProcess.run(["sync", "--source", "bundled"], home: home)
        #expect(plain.status == 78 && plain.stderr.contains("store.kind"), "sync needs a shared store: \(plain.stderr)")
    }
}
