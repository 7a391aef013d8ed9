import Foundation
import Logging
import PostgresNIO
public import StoryInterfaces
import Synchronization

/// Seen and liked state on a PostgreSQL server, one person's rows per login role: the shared
/// server of `store.kind = postgres` (``SharedStateServing``: devices push and pull changes,
/// offline first), and a ``SeenLikeStoring`` over the same rows (the contract suite, the bench).
///
/// - Every statement names the owner (`current_user`) and row-level security enforces it: a
///   role reads, changes and counts only its own rows.
/// - Seen only grows (`INSERT … ON CONFLICT DO NOTHING`; a user's `lastSeenIndex` is the
///   largest seen index, derived); the last like or unlike to reach the server wins.
/// - Every call returns after its statement committed; a batch of marks is one statement,
///   all or none. A tray page's progress is one query.
/// - The schema is versioned (`stories_schema`); migrations run in one transaction under an
///   advisory lock, so any number of clients may start at once.
/// - Connecting and each operation are bounded by the configuration's timeout, a timer on
///   SwiftNIO's event loop: a server that cannot be reached is ``PostgresStoreError/unreachable(server:detail:)``
///   in seconds, naming the server, never the password.
public final class PostgresSeenLikeStore: SeenLikeStoring {
    /// Where the server is.
    public let configuration: PostgresStoreConfiguration
    let connections: PostgresConnections
    let counter = StatementCounter()

    /// Connects and brings the schema up to date (waiting for another client's migration).
    public static func open(_ configuration: PostgresStoreConfiguration) async throws(PostgresStoreError)
        -> PostgresSeenLikeStore
    {
        let store = PostgresSeenLikeStore(configuration)
        do {
            try await store.migrate()
        } catch {
            // Not waited for: a connection still dialling a server that is not there may take
            // its time to wind down, and the caller (a retry loop) must not wait for it.
            let connections = store.connections
            Task { await connections.close() }
            throw error
        }
        return store
    }

    private init(_ configuration: PostgresStoreConfiguration) {
        self.configuration = configuration
        connections = PostgresConnections(configuration)
    }

    /// Closes the connection (the store is unusable afterwards).
    public func close() async {
        await connections.close()
    }

    /// Statements sent so far (for the bench's "one query per tray page" row).
    @_spi(Diagnostics) public var statementsSent: Int { counter.value }

    // MARK: - SeenLikeStoring

    /// Records one seen item (committed on return).
    public func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await markSeen([SeenMark(item: item, user: user, index: index)])
    }

    /// Records every mark in one statement: all or none.
    public func markSeen(_ marks: [SeenMark]) async throws {
        if let bad = marks.first(where: { $0.index < 0 }) { throw PostgresStoreError.invalidIndex(bad.index) }
        guard !marks.isEmpty else { return }
        // As a push: the marks take their places in this person's order.
        try await push(marks.map { StateChange(sequence: 0, kind: .seen($0)) }, from: nil)
    }

    /// Likes or unlikes `item`; the last to commit wins.
    public func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
        try await push(likes: [item.rawValue], [liked])
    }

    /// Which of `items` are liked, in one query.
    public func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        guard !items.isEmpty else { return [] }
        let ids = items.map(\.rawValue)
        return try await run { client in
            var liked: Set<StoryItemID> = []
            for try await id in try await client.query(
                "SELECT item_id FROM like_state WHERE owner = current_user::text AND liked AND item_id = ANY(\(ids))"
            )
            .decode(String.self) {
                liked.insert(StoryItemID(id))
            }
            return liked
        }
    }

    /// Mutes or unmutes `user`; the last to commit wins.
    public func setMuted(_ user: UserID, _ muted: Bool) async throws {
        try await push(mutes: [user.rawValue], [muted])
    }

    /// The progress of each of `users`, muted or not, in one query (a tray page's state).
    public func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        var result = Dictionary(
            Set(users).map { ($0, UserProgress.empty($0)) }, uniquingKeysWith: { first, _ in first })
        guard !users.isEmpty else { return result }
        let ids = Array(Set(users.map(\.rawValue)))
        let rows = try await run { client in
            var rows: [(String, String?, Int)] = []
            // A muted user is a row without an item.
            for try await row in try await client.query(
                """
                SELECT user_id, item_id, item_index FROM seen_item WHERE owner = current_user::text AND user_id = ANY(\(ids))
                UNION ALL SELECT user_id, NULL, -1 FROM mute_state
                  WHERE owner = current_user::text AND muted AND user_id = ANY(\(ids))
                """
            ).decode((String, String?, Int).self) {
                rows.append(row)
            }
            return rows
        }
        for (user, item, index) in rows where result[UserID(user)] != nil {
            if let item {
                result[UserID(user)]!.recordSeen(StoryItemID(item), index: index)
            } else {
                result[UserID(user)]!.isMuted = true
            }
        }
        return result
    }

    /// Everything the database holds, for `stories state`.
    public func summary() async throws -> SeenLikeSummary {
        let (seen, liked, muted) = try await run { client in
            var seen: [(String, String, Int)] = []
            for try await row in try await client.query(
                "SELECT user_id, item_id, item_index FROM seen_item WHERE owner = current_user::text"
            )
            .decode((String, String, Int).self) {
                seen.append(row)
            }
            var liked: [String] = []
            for try await id in try await client.query(
                "SELECT item_id FROM like_state WHERE owner = current_user::text AND liked"
            ).decode(String.self) {
                liked.append(id)
            }
            var muted: [String] = []
            for try await id in try await client.query(
                "SELECT user_id FROM mute_state WHERE owner = current_user::text AND muted"
            ).decode(String.self) {
                muted.append(id)
            }
            return (seen, liked, muted.map { UserID($0) }.sorted())
        }
        var users: [UserID: UserProgress] = [:]
        for (user, item, index) in seen {
            let id = UserID(user)
            users[id, default: .empty(id)].recordSeen(StoryItemID(item), index: index)
        }
        for user in muted { users[user]?.isMuted = true }
        return SeenLikeSummary(
            seenItemIDs: seen.map { StoryItemID($0.1) }.sorted(), likedItemIDs: liked.map { StoryItemID($0) }.sorted(),
            users: users.keys.sorted().compactMap { users[$0] }, mutedUserIDs: muted)
    }

    /// Clears what `scope` names, in one transaction (other devices pull the reset).
    public func reset(_ scope: ResetScope) async throws {
        guard !scope.isEmpty else { return }
        try await push([StateChange(sequence: 0, kind: .reset(scope))], from: nil)
    }
}

/// Statements sent, counted.
final class StatementCounter: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
