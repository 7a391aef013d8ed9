import Logging
import PostgresNIO
public import StoryInterfaces

/// The server's side of offline-first sync: a device's changes applied in its order, each
/// once, and every change of this role's person handed out in the server's order.
///
/// The order is the person's own (`person_order`), a place taken when a change reaches the
/// server. A person's pushes and pulls lock their row of it (pushes alone, pulls together), so
/// a pull never sees a later place committed before an earlier one still in flight; the row
/// policy hides it from everyone else, so nobody else can take that lock. A lock not had
/// within ``lockWait`` (a table locked by someone) ends the command as
/// ``PostgresStoreError/busy(server:)``.
extension PostgresSeenLikeStore: SharedStateServing {
    /// Applies `changes` from `device` in one transaction, skipping sequences the server already
    /// has from it (a sync cut off after the commit sends them again).
    public func push(_ changes: [StateChange], from device: String) async throws {
        try await push(changes, from: Optional(device))
    }

    /// The changes after `cursor`, in the server's order, at most `limit`.
    public func pull(after cursor: Int64, limit: Int) async throws -> [SharedChange] {
        let logger = Self.logger
        return try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                try await Self.lockOrder(exclusive: false, on: connection, logger: logger)
                var changes: [SharedChange] = []
                let rows = try await connection.query(
                    """
                    SELECT kind, item, owner_user, item_index, flag, change_order FROM (
                      SELECT 0 AS kind, item_id AS item, user_id AS owner_user, item_index::bigint AS item_index,
                        0::bigint AS flag, change_order FROM seen_item
                        WHERE owner = current_user::text AND change_order > \(cursor)
                      UNION ALL
                      SELECT 1, item_id, '', 0, CASE WHEN liked THEN 1 ELSE 0 END, change_order FROM like_state
                        WHERE owner = current_user::text AND change_order > \(cursor)
                      UNION ALL
                      SELECT 2, '', '', 0, scope::bigint, change_order FROM reset_mark
                        WHERE owner = current_user::text AND change_order > \(cursor)
                      UNION ALL
                      SELECT 3, '', user_id, 0, CASE WHEN muted THEN 1 ELSE 0 END, change_order FROM mute_state
                        WHERE owner = current_user::text AND change_order > \(cursor)
                    ) AS changes ORDER BY change_order LIMIT \(limit)
                    """, logger: logger)
                for try await (kind, item, user, index, flag, order) in rows.decode(
                    (Int, String, String, Int, Int, Int64).self)
                {
                    switch kind {
                    case 0:
                        changes.append(
                            SharedChange(
                                order: order,
                                kind: .seen(SeenMark(item: StoryItemID(item), user: UserID(user), index: index))))
                    case 1: changes.append(SharedChange(order: order, kind: .liked(StoryItemID(item), flag != 0)))
                    case 3: changes.append(SharedChange(order: order, kind: .muted(UserID(user), flag != 0)))
                    default: changes.append(SharedChange(order: order, kind: .reset(ResetScope(rawValue: flag))))
                    }
                }
                return changes
            }
        }
    }

    /// How long a statement waits for a lock before the command says the server is busy.
    static let lockWait = "2s"

    /// Locks this role's row of `person_order` (made at its first push): `exclusive` for a
    /// push, shared for a pull; its last place (0 for a role without a row yet).
    @discardableResult
    static func lockOrder(exclusive: Bool, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        try await connection.query(PostgresQuery(unsafeSQL: "SET LOCAL lock_timeout = '\(lockWait)'"), logger: logger)
        if exclusive {
            try await connection.query(
                "INSERT INTO person_order DEFAULT VALUES ON CONFLICT (owner) DO NOTHING", logger: logger)
        }
        let mode = exclusive ? "UPDATE" : "SHARE"
        var last: Int64 = 0
        for try await value in try await connection.query(
            PostgresQuery(
                unsafeSQL: "SELECT last_order FROM person_order WHERE owner = current_user::text FOR \(mode)"),
            logger: logger
        ).decode(Int64.self) {
            last = value
        }
        return last
    }

    /// Applies changes in their order in one transaction; with a `device`, only those after
    /// the last sequence applied from it, which is then recorded.
    func push(_ changes: [StateChange], from device: String?) async throws {
        if let bad = changes.lazy.compactMap({ change -> Int? in
            if case .seen(let mark) = change.kind, mark.index < 0 { return mark.index }
            return nil
        }).first {
            throw PostgresStoreError.invalidIndex(bad)
        }
        guard !changes.isEmpty else { return }
        let logger = Self.logger
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                var last = try await Self.lockOrder(exclusive: true, on: connection, logger: logger)
                var fresh = changes[...]
                if let device {
                    var applied: Int64 = 0
                    for try await sequence in try await connection.query(
                        "SELECT sequence FROM device_ack WHERE owner = current_user::text AND device = \(device)",
                        logger: logger
                    ).decode(Int64.self) {
                        applied = sequence
                    }
                    fresh = fresh.drop { $0.sequence <= applied }
                }
                for run in Self.runs(of: fresh) {
                    last = try await Self.apply(run, after: last, on: connection, logger: logger)
                }
                try await connection.query(
                    "UPDATE person_order SET last_order = \(last) WHERE owner = current_user::text", logger: logger)
                if let device, let last = changes.last?.sequence {
                    try await connection.query(
                        """
                        INSERT INTO device_ack (device, sequence) VALUES (\(device), \(last))
                        ON CONFLICT (owner, device) DO UPDATE SET sequence = greatest(device_ack.sequence, excluded.sequence)
                        """, logger: logger)
                }
            }
        }
    }

    /// Likes and unlikes, in one statement (the last of an item's wins).
    func push(likes items: [String], _ liked: [Bool]) async throws {
        try await push(
            zip(items, liked).map { StateChange(sequence: 0, kind: .liked(StoryItemID($0), $1)) }, from: nil)
    }

    /// Mutes and unmutes, in one statement (the last of a user's wins).
    func push(mutes users: [String], _ muted: [Bool]) async throws {
        try await push(zip(users, muted).map { StateChange(sequence: 0, kind: .muted(UserID($0), $1)) }, from: nil)
    }

    /// Consecutive changes of one kind, each run one statement.
    enum Run {
        case seen([SeenMark])
        case likes([(String, Bool)])
        case mutes([(String, Bool)])
        case reset(ResetScope)
    }

    static func runs(of changes: ArraySlice<StateChange>) -> [Run] {
        var runs: [Run] = []
        for change in changes {
            switch (change.kind, runs.last) {
            case (.seen(let mark), .seen(let marks)?): runs[runs.count - 1] = .seen(marks + [mark])
            case (.seen(let mark), _): runs.append(.seen([mark]))
            case (.liked(let item, let liked), .likes(var likes)?):
                // One statement cannot change a row twice: an item's last like or unlike stands.
                likes.removeAll { $0.0 == item.rawValue }
                likes.append((item.rawValue, liked))
                runs[runs.count - 1] = .likes(likes)
            case (.liked(let item, let liked), _): runs.append(.likes([(item.rawValue, liked)]))
            case (.muted(let user, let muted), .mutes(var mutes)?):
                mutes.removeAll { $0.0 == user.rawValue }
                mutes.append((user.rawValue, muted))
                runs[runs.count - 1] = .mutes(mutes)
            case (.muted(let user, let muted), _): runs.append(.mutes([(user.rawValue, muted)]))
            case (.reset(let scope), _): runs.append(.reset(scope))
            }
        }
        return runs
    }

    /// Applies `run`, its changes taking the places after `last`; the last place taken.
    static func apply(_ run: Run, after last: Int64, on connection: PostgresConnection, logger: Logger) async throws
        -> Int64
    {
        switch run {
        case .seen(let marks):
            let items = marks.map(\.item.rawValue)
            let users = marks.map(\.user.rawValue)
            let indexes = marks.map(\.index)
            try await connection.query(
                """
                INSERT INTO seen_item (item_id, user_id, item_index, change_order)
                SELECT item, owner_user, item_index, \(last) + place
                FROM unnest(\(items)::text[], \(users)::text[], \(indexes)::bigint[]) WITH ORDINALITY
                  AS marks (item, owner_user, item_index, place)
                ON CONFLICT (owner, item_id) DO NOTHING
                """, logger: logger)
            return last + Int64(marks.count)
        case .likes(let likes):
            try await upsert(
                likes, into: "like_state", key: "item_id", value: "liked", after: last, on: connection, logger: logger)
            return last + Int64(likes.count)
        case .mutes(let mutes):
            try await upsert(
                mutes, into: "mute_state", key: "user_id", value: "muted", after: last, on: connection, logger: logger)
            return last + Int64(mutes.count)
        case .reset(let scope):
            // Through the function (a person has no DELETE); its refusal comes with its row.
            for try await _ in try await connection.query(
                "SELECT stories_clear(\(Int32(scope.rawValue)))", logger: logger)
            {}
            try await connection.query(
                "INSERT INTO reset_mark (scope, change_order) VALUES (\(scope.rawValue), \(last + 1))", logger: logger)
            return last + 1
        }
    }

    /// Sets each key's flag in `table` (likes, mutes) in one statement; each takes a new place in
    /// the order after `last`, so the last change to reach the server wins. (Names are ours,
    /// never input.)
    static func upsert(
        _ pairs: [(String, Bool)], into table: String, key: String, value: String, after last: Int64,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        var binds = PostgresBindings()
        binds.append(pairs.map(\.0))
        binds.append(pairs.map(\.1))
        binds.append(last)
        try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    INSERT INTO \(table) (\(key), \(value), change_order)
                    SELECT flag_key, flag, $3 + place FROM unnest($1::text[], $2::boolean[]) WITH ORDINALITY
                      AS flags (flag_key, flag, place)
                    ON CONFLICT (owner, \(key)) DO UPDATE
                      SET \(value) = excluded.\(value), change_order = excluded.change_order
                    """, binds: binds), logger: logger)
    }
}
