import Foundation
import PostgresNIO
import PostgresSeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// One database, many people: each person's role reads, changes and counts only
/// its own rows — asserted with SQL as that role, not only through the store — a person's
/// password reaches the server only as a SCRAM verifier, and a single-person database keeps
/// its rows under a named person.
@Suite("PostgreSQL: each person's rows their own", .timeLimit(.minutes(10)))
struct PeopleTests {
    static let timeout = Duration.seconds(30)

    /// A database made by the cluster's superuser, initialised, and two people with logins
    /// checked by password.
    func serverWithTwoPeople() async throws -> (owner: PostgresSeenLikeStore, ann: String, bob: String, names: [String])
    {
        try await serverWithTwoPeople(at: try await PostgresTestCluster.shared().createDatabase())
    }

    /// ``serverWithTwoPeople()`` on the new database at `url` (the owner's URL).
    func serverWithTwoPeople(at url: String) async throws -> (
        owner: PostgresSeenLikeStore, ann: String, bob: String, names: [String]
    ) {
        let cluster = try await PostgresTestCluster.shared()
        let owner = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: Self.timeout))
        _ = try await owner.initialize(person: nil)
        let suffix = UUID().uuidString.prefix(8).lowercased().filter { $0.isLetter || $0.isNumber }
        let names = ["ann_\(suffix)", "bob_\(suffix)"]
        var urls: [String] = []
        for name in names {
            try await cluster.requirePassword(for: name)
            urls.append(try await owner.addPerson(name, rotatingPassword: false))
        }
        return (owner, urls[0], urls[1], names)
    }

    func store(_ url: String) async throws -> PostgresSeenLikeStore {
        try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: Self.timeout))
    }

    /// Runs `body` with a plain postgres-nio client logged in as the URL says.
    func asRole<T: Sendable>(_ url: String, _ body: @escaping @Sendable (PostgresClient) async throws -> T)
        async throws -> T
    {
        let configuration = try PostgresStoreConfiguration(url: url)
        let client = PostgresClient(
            configuration: .init(
                host: configuration.host, port: configuration.port, username: configuration.username,
                password: configuration.password, database: configuration.database, tls: .disable))
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            let value = try await body(client)
            group.cancelAll()
            return value
        }
    }

    static func count(_ client: PostgresClient, _ sql: String) async throws -> Int {
        var count = -1
        for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(Int.self) { count = value }
        return count
    }

    @Test func aPersonsRoleReadsChangesAndCountsOnlyTheirOwnRows() async throws {
        let (owner, annURL, bobURL, names) = try await serverWithTwoPeople()
        let ann = try await store(annURL)
        let bob = try await store(bobURL)
        try await ann.push(
            [
                StateChange(sequence: 1, kind: .seen(SeenMark(item: "a1", user: "u", index: 0))),
                StateChange(sequence: 2, kind: .liked("a1", true)),
                StateChange(sequence: 3, kind: .muted("k", true)),
            ], from: "ann-phone")
        try await bob.push(
            [StateChange(sequence: 1, kind: .seen(SeenMark(item: "b1", user: "u", index: 0)))], from: "bob")
        #expect(try await bob.summary().seenItemIDs == ["b1"])
        #expect(
            try await bob.pull(after: 0, limit: 100).map(\.kind) == [.seen(SeenMark(item: "b1", user: "u", index: 0))])
        let annName = names[0]
        let results = try await asRole(bobURL) { client in
            let counted = try await Self.count(client, "SELECT count(*) FROM seen_item")
            let acks = try await Self.count(client, "SELECT count(*) FROM device_ack")
            // Refused outright since schema 5 (a person has no UPDATE or DELETE of a table).
            let changed =
                (try? await Self.count(
                    client,
                    "WITH c AS (UPDATE seen_item SET item_index = 9 WHERE item_id = 'a1' RETURNING 1) SELECT count(*) FROM c"
                )) ?? 0
            let deleted =
                (try? await Self.count(client, "WITH c AS (DELETE FROM like_state RETURNING 1) SELECT count(*) FROM c"))
                ?? 0
            let mutes = try await Self.count(client, "SELECT count(*) FROM mute_state")
            var inserted = true
            do {
                try await client.query(
                    PostgresQuery(
                        unsafeSQL:
                            "INSERT INTO seen_item (owner, item_id, user_id, item_index) VALUES ('\(annName)', 'x', 'u', 0)"
                    ))
            } catch { inserted = false }
            var lifted = true
            do {
                try await client.query("ALTER TABLE seen_item DISABLE ROW LEVEL SECURITY")
            } catch { lifted = false }
            var becameAnn = true
            do {
                try await client.query(PostgresQuery(unsafeSQL: "SET ROLE \(annName)"))
            } catch { becameAnn = false }
            return [counted, acks, changed, deleted, mutes, inserted ? 1 : 0, lifted ? 1 : 0, becameAnn ? 1 : 0]
        }
        #expect(
            results == [1, 1, 0, 0, 0, 0, 0, 0],
            "count, acks, update, delete, mutes, insert as ann, lift RLS, become ann")
        #expect(try await ann.summary().mutedUserIDs == ["k"])
        #expect(try await bob.summary().mutedUserIDs.isEmpty)
        #expect(try await ann.summary().seenItemIDs == ["a1"], "ann's rows untouched")
        #expect(try await ann.likedItems(among: ["a1"]) == ["a1"])
        for store in [ann, bob, owner] { await store.close() }
    }

    /// After an upgrade, a person's login cannot migrate: it says an administrator runs
    /// `stories admin init` (it once read "the connection failed": postgres-nio wraps a
    /// transaction's failure); a value the server cannot store in a push is `rejected`.
    @Test func aPersonOnAnOlderSchemaIsToldToAskForAdminInitAndABadValueIsRejected() async throws {
        let cluster = try await PostgresTestCluster.shared()
        let url = try await cluster.createDatabase()
        let owner = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: Self.timeout))
        _ = try await owner.initialize(person: nil)
        let name = "cy_" + UUID().uuidString.prefix(8).lowercased().filter { $0.isLetter || $0.isNumber }
        try await cluster.requirePassword(for: name)
        let personURL = try await owner.addPerson(name, rotatingPassword: false)
        let person = try await store(personURL)
        let huge = (0..<300).map { _ in UUID().uuidString }.joined()  // an index row past 8 KiB / 3
        await #expect {
            try await person.push(
                [StateChange(sequence: 1, kind: .seen(SeenMark(item: StoryItemID(huge), user: "u", index: 0)))],
                from: "d")
        } throws: { error in
            if case .rejected = error as? PostgresStoreError { true } else { false }
        }
        await person.close()
        _ = try await asRole(url) { client in
            try await client.query("DELETE FROM stories_schema WHERE version >= 4")
            try await client.query("DROP TABLE mute_state")
            try await client.query("DROP TABLE person_order")
            try await client.query("DROP FUNCTION stories_clear(integer)")
            for table in ["seen_item", "like_state"] {
                for policy in ["login_rows", "login_rows_cleared"] {
                    try await client.query(PostgresQuery(unsafeSQL: "DROP POLICY \(policy) ON \(table)"))
                }
            }
        }
        await #expect(
            throws: PostgresStoreError.schemaNeedsAdministrator(
                server: try PostgresStoreConfiguration(url: personURL).server, version: 3,
                known: PostgresSeenLikeStore.schemaVersion)
        ) { _ = try await self.store(personURL) }
        _ = try await owner.initialize(person: nil)
        let again = try await store(personURL)
        try await again.setMuted("k", true)
        #expect(try await again.summary().mutedUserIDs == ["k"])
        for store in [again, owner] { await store.close() }
    }

    @Test func aPersonsPasswordReachesTheServerOnlyAsAVerifier() async throws {
        let (owner, annURL, _, names) = try await serverWithTwoPeople()
        let stored = try await asRole(try await PostgresTestCluster.shared().createDatabase()) { client in
            var verifier = ""
            for try await text in try await client.query(
                "SELECT rolpassword FROM pg_authid WHERE rolname = \(names[0])"
            ).decode(String.self) {
                verifier = text
            }
            return verifier
        }
        #expect(stored.hasPrefix("SCRAM-SHA-256$4096:"), "\(stored.prefix(20))")
        let password = try #require(URLComponents(string: annURL)?.password)
        #expect(!stored.contains(password))
        let ann = try await store(annURL)  // the password checks out against the verifier
        #expect(try await ann.summary().seenItemIDs.isEmpty)
        var wrong = try #require(URLComponents(string: annURL))
        wrong.password = "not-" + password
        await #expect(throws: PostgresStoreError.self) { _ = try await store(wrong.string ?? "") }
        await ann.close()
        await owner.close()
    }

    @Test func aSinglePersonDatabaseKeepsItsRowsUnderANamedPerson() async throws {
        let cluster = try await PostgresTestCluster.shared()
        let url = try await cluster.createDatabase()
        try await asRole(url) { client in
            for statement in [
                "CREATE TABLE stories_schema (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "CREATE TABLE seen_item (item_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, item_index INTEGER NOT NULL, seen_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "CREATE TABLE liked_item (item_id TEXT PRIMARY KEY, liked_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                "CREATE INDEX seen_item_user ON seen_item (user_id)",
                "INSERT INTO stories_schema (version) VALUES (1), (2)",
                "INSERT INTO seen_item (item_id, user_id, item_index) VALUES ('old-0', 'old', 0), ('old-1', 'old', 1)",
                "INSERT INTO liked_item (item_id) VALUES ('old-1')",
            ] {
                try await client.query(PostgresQuery(unsafeSQL: statement))
            }
        }
        let owner = try await PostgresSeenLikeStore.open(PostgresStoreConfiguration(url: url, timeout: Self.timeout))
        let name = "cat_" + UUID().uuidString.prefix(8).lowercased().filter { $0.isLetter || $0.isNumber }
        let done = try await owner.initialization(person: name)
        #expect(done.rowsMoved == 3 && done.schema == PostgresSeenLikeStore.schemaVersion)
        try await cluster.requirePassword(for: name)
        let cat = try await store(try await owner.addPerson(name, rotatingPassword: false))
        #expect(try await cat.summary().seenItemIDs == ["old-0", "old-1"])
        #expect(try await cat.likedItems(among: ["old-1"]) == ["old-1"])
        #expect(try await owner.summary().seenItemIDs.isEmpty, "no longer the owner's")
        await #expect(throws: PostgresSeenLikeStore.AdministrationError.personHasRows(name)) {
            _ = try await owner.initialization(person: name)
        }
        await cat.close()
        await owner.close()
    }

    @Test func aRevokedPersonIsRefusedWithAClearErrorAndNamesAreChecked() async throws {
        let (owner, annURL, _, names) = try await serverWithTwoPeople()
        try await owner.revokePerson(names[0])
        do {
            _ = try await store(annURL)
            Issue.record("a revoked person logged in")
        } catch let error as PostgresStoreError {
            #expect(error.isFinal)
            #expect("\(error)".contains("not permitted to log in"), "\(error)")
        }
        await #expect(throws: PostgresSeenLikeStore.AdministrationError.badName("Robert'); DROP TABLE x;--")) {
            _ = try await owner.addPerson("Robert'); DROP TABLE x;--", rotatingPassword: false)
        }
        await #expect(throws: PostgresSeenLikeStore.AdministrationError.notAPerson("stories")) {
            _ = try await owner.addPerson("stories", rotatingPassword: false)
        }
        await owner.close()
    }

    @Test func pushesApplyEachDeviceSequenceOnceAndPullsFollowTheServersOrder() async throws {
        let (owner, annURL, _, _) = try await serverWithTwoPeople()
        let ann = try await store(annURL)
        let first = [
            StateChange(sequence: 1, kind: .seen(SeenMark(item: "s1", user: "u", index: 0))),
            StateChange(sequence: 2, kind: .liked("x", true)),
            StateChange(sequence: 3, kind: .liked("x", false)),
        ]
        try await ann.push(first, from: "phone")
        try await ann.push(first, from: "phone")  // a sync cut off after the commit sends them again
        let pulled = try await ann.pull(after: 0, limit: 100)
        #expect(pulled.map(\.kind) == [.seen(SeenMark(item: "s1", user: "u", index: 0)), .liked("x", false)])
        let cursor = try #require(pulled.last?.order)
        try await ann.push(
            [
                StateChange(sequence: 4, kind: .reset(.seen)),
                StateChange(sequence: 5, kind: .seen(SeenMark(item: "s2", user: "u", index: 1))),
            ], from: "phone")
        let next = try await ann.pull(after: cursor, limit: 100)
        #expect(next.map(\.kind) == [.reset(.seen), .seen(SeenMark(item: "s2", user: "u", index: 1))])
        #expect(next.map(\.order) == next.map(\.order).sorted() && next[0].order > cursor)
        #expect(try await ann.summary().seenItemIDs == ["s2"])
        await ann.close()
        await owner.close()
    }
}
