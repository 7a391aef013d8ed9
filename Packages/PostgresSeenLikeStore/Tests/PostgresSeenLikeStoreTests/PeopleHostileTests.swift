import Foundation
import PostgresNIO
import PostgresSeenLikeStore
import StoryInterfaces
import StoryInterfacesTestSupport
import Synchronization
import Testing

/// The other people on the server: an owner's role is never made a person, a person's login
/// is not reset by accident, one person's locks do not stall another's sync, and a person's
/// order says nothing of the others' activity. Asserted with SQL as the roles themselves.
@Suite("PostgreSQL: the other people on the server", .timeLimit(.minutes(10)))
struct PeopleHostileTests {
    let people = PeopleTests()

    /// Runs `sql` as the role of `url` to its last row; the error's words, or nil when it ran.
    func refusal(_ url: String, _ sql: String) async throws -> String? {
        try await people.asRole(url) { client in
            do {
                // Rows read to the end: a function's refusal comes with its row.
                for try await _ in try await client.query(PostgresQuery(unsafeSQL: sql)) {}
                return nil
            } catch {
                return String(reflecting: error)
            }
        }
    }

    @Test func aRoleOwningTheDatabaseOrAnythingInItOrBelongingToOneIsNoPersonAndAPersonIsNotResetUnasked()
        async throws
    {
        let ownerURL = try await PostgresTestCluster.shared().createDatabase()
        let (owner, annURL, _, names) = try await people.serverWithTwoPeople(at: ownerURL)
        let suffix = UUID().uuidString.prefix(8).lowercased().filter { $0.isLetter || $0.isNumber }
        let (tables, member, database) = ("tabown_\(suffix)", "member_\(suffix)", "dbown_\(suffix)")
        try await people.asRole(ownerURL) { client in
            try await client.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(tables) NOLOGIN"))
            try await client.query(PostgresQuery(unsafeSQL: "CREATE TABLE junk_\(suffix) (a int)"))
            try await client.query(PostgresQuery(unsafeSQL: "ALTER TABLE junk_\(suffix) OWNER TO \(tables)"))
            try await client.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(member) NOLOGIN IN ROLE \(tables)"))
            try await client.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(database) NOLOGIN"))
            try await client.query(
                PostgresQuery(
                    unsafeSQL:
                        "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I OWNER TO \(database)', current_database()); END $$"
                ))
        }
        // Each once got a login: the one owning the tables could lift row security.
        for name in [tables, member, database] {
            await #expect(throws: PostgresSeenLikeStore.AdministrationError.notAPerson(name)) {
                _ = try await owner.addPerson(name, rotatingPassword: false)
            }
            await #expect(throws: PostgresSeenLikeStore.AdministrationError.notAPerson(name)) {
                _ = try await owner.addPerson(name, rotatingPassword: true)
            }
        }
        // A role in a predefined role, or one another role can act as, is no person's alone.
        let (writer, signaller, shared) = ("writer_\(suffix)", "signal_\(suffix)", "shared_\(suffix)")
        try await people.asRole(ownerURL) { client in
            try await client.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(writer) NOLOGIN IN ROLE pg_write_all_data"))
            try await client.query(
                PostgresQuery(unsafeSQL: "CREATE ROLE \(signaller) NOLOGIN IN ROLE pg_signal_backend"))
            try await client.query(PostgresQuery(unsafeSQL: "CREATE ROLE \(shared) NOLOGIN"))
            try await client.query(PostgresQuery(unsafeSQL: "CREATE ROLE other_\(suffix) NOLOGIN IN ROLE \(shared)"))
        }
        for name in [writer, signaller, shared] {
            for rotating in [false, true] {
                await #expect(throws: PostgresSeenLikeStore.AdministrationError.sharedRole(name)) {
                    _ = try await owner.addPerson(name, rotatingPassword: rotating)
                }
            }
        }
        // Each person's role holds a few connections at most.
        let limited = "limited_\(suffix)"
        _ = try await owner.addPerson(limited, rotatingPassword: false, connectionLimit: 3)
        let limits = try await people.asRole(ownerURL) { client in
            var limits: [Int] = []
            for try await limit in try await client.query(
                "SELECT rolconnlimit FROM pg_roles WHERE rolname IN (\(limited), \(names[1])) ORDER BY rolname = \(limited)"
            ).decode(Int.self) {
                limits.append(limit)
            }
            return limits
        }
        #expect(limits == [PostgresSeenLikeStore.defaultConnectionLimit, 3])
        // An existing person keeps their password (and their devices) unless asked to rotate.
        await #expect(throws: PostgresSeenLikeStore.AdministrationError.personExists(names[0])) {
            _ = try await owner.addPerson(names[0], rotatingPassword: false)
        }
        let ann = try await people.store(annURL)
        await ann.close()
        let rotated = try await owner.addPerson(names[0], rotatingPassword: true)
        #expect(rotated != annURL)
        await #expect(throws: PostgresStoreError.self, "the old password no longer logs in") {
            _ = try await people.store(annURL)
        }
        let again = try await people.store(rotated)
        await again.close()
        await owner.close()
    }

    @Test func aPersonHoldingLocksDoesNotStallAnothersSyncAndATableLockIsBusyNotUnreachable() async throws {
        let ownerURL = try await PostgresTestCluster.shared().createDatabase()
        let (owner, annURL, bobURL, names) = try await people.serverWithTwoPeople(at: ownerURL)
        let ann = try await people.store(annURL)
        let bob = try await people.store(bobURL)
        try await bob.push([StateChange(sequence: 1, kind: .liked("b", true))], from: "bob")
        let change = [StateChange(sequence: 1, kind: .liked("a", true))]
        // Bob holds every lock he can name: the old advisory key of ann's order, the rows of
        // person_order he can lock — for 6 s.
        let bobHolds = Flag()
        let holding = Task {
            try await people.asRole(bobURL) { client in
                try await client.withTransaction(logger: Logger(label: "bob")) { connection in
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "SELECT pg_advisory_xact_lock(1937337955, hashtext('\(names[0])'))"),
                        logger: Logger(label: "bob"))
                    try await connection.query(
                        "SELECT * FROM person_order FOR UPDATE", logger: Logger(label: "bob"))
                    bobHolds.set(true)
                    try await Task.sleep(for: .seconds(8))
                    bobHolds.set(false)
                }
            }
        }
        #expect(try await RetryUntil.true(seconds: 120) { bobHolds.value }, "bob took his locks")
        try await ann.push(change, from: "ann")
        // Ordered, not timed: ann's push ended while bob still held everything he could.
        #expect(bobHolds.value, "ann's push waited for bob")
        _ = try await ann.pull(after: 0, limit: 10)
        try await holding.value
        // A table lock beyond ROW EXCLUSIVE needs a table's UPDATE or DELETE: a person has
        // neither, only the columns a push changes (bob's lock once stopped everyone's sync).
        for table in ["seen_item", "like_state", "mute_state", "device_ack", "reset_mark", "person_order"] {
            for mode in ["ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE"] {
                let refused = try await people.asRole(bobURL) { client -> String? in
                    do {
                        try await client.withTransaction(logger: Logger(label: "bob")) { connection in
                            try await connection.query(
                                PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN \(mode) MODE"),
                                logger: Logger(label: "bob"))
                        }
                        return nil
                    } catch { return String(reflecting: error) }
                }
                #expect(refused?.contains("permission denied") == true, "\(table) \(mode): \(refused ?? "locked")")
            }
        }
        // And should someone (an administrator) hold a table: ann is told "busy" in the lock
        // wait, not "unreachable" after the whole timeout.
        let ownerHolds = Flag()
        let locking = Task {
            try await people.asRole(ownerURL) { client in
                try await client.withTransaction(logger: Logger(label: "bob")) { connection in
                    try await connection.query(
                        "LOCK TABLE like_state IN ACCESS EXCLUSIVE MODE", logger: Logger(label: "bob"))
                    ownerHolds.set(true)
                    try await Task.sleep(for: .seconds(8))
                    ownerHolds.set(false)
                }
            }
        }
        #expect(try await RetryUntil.true(seconds: 120) { ownerHolds.value }, "the owner took the lock")
        do {
            try await ann.push([StateChange(sequence: 2, kind: .liked("a", false))], from: "ann")
            Issue.record("pushed through an exclusive lock")
        } catch let error as PostgresStoreError {
            guard case .busy = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.description.contains("busy") && error.isUnreachable, "\(error)")
        }
        #expect(ownerHolds.value, "said busy within the lock wait, while the lock was still held")
        try await locking.value
        try await ann.push([StateChange(sequence: 2, kind: .liked("a", false))], from: "ann")
        for store in [ann, bob, owner] { await store.close() }
    }

    @Test func aPersonsOrderIsTheirOwnAndTheSharedSequenceIsClosedToThem() async throws {
        let (owner, annURL, bobURL, _) = try await people.serverWithTwoPeople()
        let ann = try await people.store(annURL)
        let bob = try await people.store(bobURL)
        try await bob.push([StateChange(sequence: 1, kind: .liked("b1", true))], from: "bob")
        // Ann's activity between bob's two changes: bob's places do not show it.
        for sequence in 1...20 {
            try await ann.push(
                [StateChange(sequence: Int64(sequence), kind: .liked(StoryItemID("a\(sequence)"), true))], from: "ann")
        }
        try await bob.push([StateChange(sequence: 2, kind: .liked("b2", true))], from: "bob")
        let orders = try await bob.pull(after: 0, limit: 10).map(\.order)
        #expect(orders.count == 2 && orders[1] == orders[0] + 1, "\(orders)")
        for sql in [
            "SELECT nextval('stories_change_order')", "SELECT last_value FROM stories_change_order",
        ] {
            let refused = try await refusal(bobURL, sql)
            #expect(refused?.contains("permission denied") == true, "\(sql): \(refused ?? "ran")")
        }
        let others = try await people.asRole(bobURL) { client in
            try await PeopleTests.count(client, "SELECT count(*) FROM person_order")
        }
        #expect(others == 1, "bob sees his own order only")
        for store in [ann, bob, owner] { await store.close() }
    }
}

/// A flag set on one task and read on another.
final class Flag: Sendable {
    private let state = Mutex(false)
    var value: Bool { state.withLock { $0 } }
    func set(_ value: Bool) { state.withLock { $0 = value } }
}

/// Polls `condition` until it holds (every 20 ms), for at most `seconds`: waiting for a state,
/// not timing it.
enum RetryUntil {
    static func `true`(seconds: Int, _ condition: @Sendable () -> Bool) async throws -> Bool {
        let end = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < end {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
