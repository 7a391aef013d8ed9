import Foundation
import PostgresNIO
import PostgresSeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// A fresh database on the process's test cluster, opened as a store.
func freshStore() async throws -> (PostgresSeenLikeStore, url: String) {
    let url = try await PostgresTestCluster.shared().createDatabase()
    return (try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(30))), url)
}

/// PostgreSQL from Debian, in a throwaway cluster of the tests' own; without it the suite
/// fails and says how to install it (CI installs it).
@Suite("PostgreSQL store", .timeLimit(.minutes(10)))
struct PostgresSeenLikeStoreTests {
    struct Check: CustomTestStringConvertible, Sendable {
        var index: Int
        var testDescription: String { SeenLikeStoreContract.checks[index].name }
    }

    @Test(arguments: SeenLikeStoreContract.checks.indices.map(Check.init))
    func contract(check: Check) async throws {
        try #require(PostgresTestCluster.unavailableReason == nil, "\(PostgresTestCluster.unavailableReason ?? "")")
        let (store, _) = try await freshStore()
        try await SeenLikeStoreContract.checks[check.index].run(store)
        await store.close()
    }

    /// Two devices (two stores, as two `stories` with different homes would open) on one
    /// database see each other's seen and liked state; the last like or unlike wins.
    @Test func twoClientsShareStateAndTheLastLikeWins() async throws {
        let (laptop, url) = try await freshStore()
        let desktop = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(30)))
        try await laptop.markSeen("ada-0", user: "ada", index: 0)
        try await desktop.markSeen("ada-1", user: "ada", index: 1)
        #expect(try await desktop.progress(for: ["ada"])["ada"]?.seenItemIDs == ["ada-0", "ada-1"])
        try await laptop.setLiked("ada-0", true)
        #expect(try await desktop.likedItems(among: ["ada-0"]) == ["ada-0"])
        try await desktop.setLiked("ada-0", false)
        #expect(try await laptop.likedItems(among: ["ada-0"]) == [], "the unlike came last")
        try await laptop.setLiked("ada-0", true)
        #expect(try await desktop.likedItems(among: ["ada-0"]) == ["ada-0"], "the like came last")
        await laptop.close()
        await desktop.close()
    }

    /// Eight clients opening a new database at once: the migrations run once, under the lock.
    @Test func clientsStartingAtOnceMigrateOnce() async throws {
        let url = try await PostgresTestCluster.shared().createDatabase()
        let stores = try await withThrowingTaskGroup(of: PostgresSeenLikeStore.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(30)))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stores.count == 8)
        #expect(try await stores[0].schemaVersionInDatabase() == PostgresSeenLikeStore.schemaVersion)
        for store in stores { await store.close() }
    }

    /// A database left at schema 1 (with a seen item) moves to the current schema, data kept;
    /// a database from a newer stories is refused.
    @Test func migrationsFromThePreviousVersionKeepDataAndANewerSchemaIsRefused() async throws {
        let url = try await PostgresTestCluster.shared().createDatabase()
        try await raw(
            url,
            [
                "CREATE TABLE stories_schema (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "CREATE TABLE seen_item (item_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, item_index INTEGER NOT NULL, seen_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "CREATE TABLE liked_item (item_id TEXT PRIMARY KEY, liked_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "INSERT INTO stories_schema (version) VALUES (1)",
                "INSERT INTO seen_item (item_id, user_id, item_index) VALUES ('old-0', 'old', 0)",
            ])
        // 30 s as the suite's other stores: a loaded CI machine's cluster once took over 5 s.
        let store = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(30)))
        #expect(try await store.schemaVersionInDatabase() == PostgresSeenLikeStore.schemaVersion)
        #expect(try await store.progress(for: ["old"])["old"]?.seenItemIDs == ["old-0"])  // now the migrating role's
        await store.close()
        try await raw(url, ["INSERT INTO stories_schema (version) VALUES (99)"])
        await #expect(
            throws: PostgresStoreError.newerSchema(
                server: try PostgresStoreConfiguration(url: url).server, version: 99,
                known: PostgresSeenLikeStore.schemaVersion)
        ) {
            _ = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: .seconds(30)))
        }
    }

    /// Nothing listening: the open fails as unreachable, naming the server and never the password.
    @Test func anUnreachableServerIsNamedWithoutItsPassword() async throws {
        let port = try await PostgresTestCluster.shared().port + 1
        let configuration = try PostgresStoreConfiguration(
            url: "postgres://stories:hunter2@127.0.0.1:\(port)/stories", timeout: .seconds(3))
        do {
            _ = try await PostgresSeenLikeStore.open(configuration)
            Issue.record("opened a server that is not there")
        } catch {
            #expect(error.isUnreachable, "\(error)")
            #expect(error.description.contains("postgres://stories@127.0.0.1:\(port)/stories"), "\(error)")
            #expect(!error.description.contains("hunter2"))
        }
        #expect(throws: PostgresStoreError.self) { try PostgresStoreConfiguration(url: "http://x/y") }
        #expect(throws: PostgresStoreError.self) { try PostgresStoreConfiguration(url: "postgres://u@h/") }
    }

    /// Runs `statements` on `url` with a client of the test's own.
    func raw(_ url: String, _ statements: [String]) async throws {
        let configuration = try PostgresStoreConfiguration(url: url)
        let client = PostgresClient(
            configuration: .init(
                host: configuration.host, port: configuration.port, username: configuration.username, password: nil,
                database: configuration.database, tls: .disable))
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            for statement in statements { try await client.query(PostgresQuery(unsafeSQL: statement)) }
            group.cancelAll()
        }
    }
}
