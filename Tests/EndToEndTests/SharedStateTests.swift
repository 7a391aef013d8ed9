import Foundation
import StoryInterfacesTestSupport
import Testing

/// `store.kind = postgres` through the `stories` program: two homes (two devices) against one
/// throwaway PostgreSQL cluster share seen and liked state, the tray's rings included.
@Suite("Shared state on PostgreSQL, as processes", .timeLimit(.minutes(2)))
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
    /// database: exit 78 at once with the server's reason, one connection, no password sent
    /// (issue 28.3, 28.4); `?sslmode=require` against a server without TLS is refused too.
    @Test func refusalsAndUnsafeServersExit78AtOnceAfterOneTry() async throws {
        let home = try TemporaryFolder.make()
        func seen(_ url: String) async throws -> ProcessResult {
            try await StoriesProcess.run(
                ["seen", "alan-0", "--source", "bundled", "--store", "postgres"],
                environment: ["STORIES_STORE_POSTGRES_URL": url, "STORIES_STORE_POSTGRES_TIMEOUT": "30s"], home: home)
        }
        let clear = try FakePostgresServer(.cleartext)
        let start = ContinuousClock.now
        let unsafe = try await seen(clear.url())
        #expect(unsafe.status == 78, "\(unsafe.stderr)")
        #expect(unsafe.stderr.contains("in clear over an unencrypted connection"), "\(unsafe.stderr)")
        #expect(clear.passwordsReceived == 0 && clear.connections == 1, "\(clear.connections) connections")
        #expect(ContinuousClock.now - start < .seconds(20), "final at once, not after the 30 s timeout")
        clear.stop()
        let wrong = try FakePostgresServer(
            .error(code: "28P01", message: "password authentication failed for user \"me\""))
        let refused = try await seen(wrong.url())
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(refused.stderr.contains("password authentication failed"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("hunter2") && wrong.connections == 1, "\(wrong.connections) logins")
        wrong.stop()
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let url = try await PostgresTestCluster.shared().createDatabase()
        let noTLS = try await seen(url + "?sslmode=require")
        #expect(noTLS.status == 78 && noTLS.stderr.contains("does not offer TLS"), "\(noTLS.stderr)")
        let missing = try await seen(url + "_missing")
        #expect(missing.status == 78 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
    }

    /// A server that cannot be reached: exit 69, naming the server and never the password.
    @Test func anUnreachableServerExits69NamingItWithoutThePassword() async throws {
        let home = try TemporaryFolder.make()
        let result = try await StoriesProcess.run(
            ["seen", "alan-0", "--source", "bundled", "--store", "postgres"],
            environment: [
                "STORIES_STORE_POSTGRES_URL": "postgres://me:hunter2@127.0.0.1:1/state",
                "STORIES_STORE_POSTGRES_TIMEOUT": "2s",
            ], home: home)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("state server unreachable: postgres://me@127.0.0.1:1/state"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2"))
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
    }
}
