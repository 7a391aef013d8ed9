import Logging
import PostgresNIO
public import StoryInterfaces

/// The server's side of offline-first sync: a device's changes applied in its order, each
/// once, and every change of this role's person handed out in the server's order.
///
/// The order is the person's own (`person_order`), a place taken when a change reaches the
/// server. A person's writes take their places holding their row of it to their commit, so
/// they commit in the order of their places and a pull (one statement, no lock) never sees a
/// later place without every earlier one; the row policy hides the row from everyone else, so
/// nobody else can take that lock. A lock not had within ``lockWait`` (a table locked by
/// someone) ends the command as ``PostgresStoreError/busy(server:)``.
extension PostgresSeenLikeStore: SharedStateServing {
    /// Applies `changes` from `device` in one transaction, skipping sequences the server already
    /// has from it (a sync cut off after the commit sends them again).
    public func push(_ changes: [StateChange], from device: String) async throws {
        try await push(changes, from: Optional(device))
    }

    /// The changes after `cursor`, in the server's order, at most `limit`.
    public func pull(after cursor: Int64, limit: Int) async throws -> [SharedChange] {
        let logger = Self.logger
        // One statement, one snapshot, no lock: a person's writes take their places holding the
        // person's row and commit before the next takes any, so no snapshot holds a later place
        // without every earlier one.
        return try await run { connection in
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

    /// How long a statement waits for a lock before the command says the server is busy: every
    /// connection's `lock_timeout` (a startup parameter; migrations wait longer).
    static let lockWait = "2s"

    /// The statement that takes `count` (a bind) places of this role's order, locking its row
    /// (made at its first push) to the end of the transaction; it returns the last place
    /// before them as `base`. Nobody else can see, so nobody else can lock, that row.
    static func reservation(_ count: String) -> String {
        """
        INSERT INTO person_order (last_order) VALUES (\(count)) ON CONFLICT (owner) DO UPDATE
          SET last_order = person_order.last_order + excluded.last_order RETURNING last_order - \(count) AS base
        """
    }

    /// Where a statement's places start: after places taken earlier in its transaction, or
    /// after places the statement takes itself (a lone write: one round trip, no transaction).
    enum Places {
        case after(Int64)
        case reserving(Int)

        /// The statement's `WITH` clause, the expression of its first place's predecessor and
        /// what its `FROM` adds, `binds` grown by what they use.
        func sql(_ binds: inout PostgresBindings) -> (with: String, base: String, from: String) {
            switch self {
            case .after(let last):
                binds.append(last)
                return ("", "$\(binds.count)", "")
            case .reserving(let count):
                binds.append(Int64(count))
                return ("WITH reserved AS (\(reservation("$\(binds.count)"))) ", "reserved.base", ", reserved")
            }
        }
    }

    /// Applies changes in their order; with a `device`, only those after the last sequence
    /// applied from it, which is then recorded. A lone seen, like or mute run is one statement;
    /// anything else one transaction whose first statement reserves the places (a sequence
    /// skipped as already applied leaves a gap, which the order allows).
    func push(_ changes: [StateChange], from device: String?) async throws {
        if let bad = changes.lazy.compactMap({ change -> Int? in
            if case .seen(let mark) = change.kind, mark.index < 0 { return mark.index }
            return nil
        }).first {
            throw PostgresStoreError.invalidIndex(bad)
        }
        guard !changes.isEmpty else { return }
        let logger = Self.logger
        let runs = Self.runs(of: changes[...])
        if device == nil, runs.count == 1, let lone = runs.first, !lone.isReset {
            _ = try await run { connection in
                try await Self.apply(lone, .reserving(lone.count), on: connection, logger: logger)
            }
            return
        }
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                var last: Int64 = 0
                for try await base in try await connection.query(
                    PostgresQuery(unsafeSQL: Self.reservation("$1"), binds: Self.binds(Int64(changes.count))),
                    logger: logger
                ).decode(Int64.self) {
                    last = base
                }
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
                    last += try await Self.apply(run, .after(last), on: connection, logger: logger)
                }
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

    static func binds(_ value: Int64) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(value)
        return binds
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

        /// The places it takes.
        var count: Int {
            switch self {
            case .seen(let marks): marks.count
            case .likes(let pairs), .mutes(let pairs): pairs.count
            case .reset: 1
            }
        }

        var isReset: Bool {
            if case .reset = self { return true }
            return false
        }
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

    /// Applies `run`, its changes taking their places as `places` says; the places it took.
    @discardableResult
    static func apply(_ run: Run, _ places: Places, on connection: PostgresConnection, logger: Logger) async throws
        -> Int64
    {
        switch run {
        case .seen(let marks):
            var binds = PostgresBindings()
            binds.append(marks.map(\.item.rawValue))
            binds.append(marks.map(\.user.rawValue))
            binds.append(marks.map(\.index))
            let (with, base, from) = places.sql(&binds)
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        \(with)INSERT INTO seen_item (item_id, user_id, item_index, change_order)
                        SELECT item, owner_user, item_index, \(base) + place
                        FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY
                          AS marks (item, owner_user, item_index, place)\(from)
                        ON CONFLICT (owner, item_id) DO NOTHING
                        """, binds: binds), logger: logger)
        case .likes(let likes):
            try await upsert(
                likes, into: "like_state", key: "item_id", value: "liked", places, on: connection, logger: logger)
        case .mutes(let mutes):
            try await upsert(
                mutes, into: "mute_state", key: "user_id", value: "muted", places, on: connection, logger: logger)
        case .reset(let scope):
            // Through the function (a person has no DELETE); its refusal comes with its row.
            for try await _ in try await connection.query(
                "SELECT stories_clear(\(Int32(scope.rawValue)))", logger: logger)
            {}
            var binds = PostgresBindings()
            binds.append(Int32(scope.rawValue))
            let (with, base, from) = places.sql(&binds)
            try await connection.query(
                PostgresQuery(
                    unsafeSQL:
                        "\(with)INSERT INTO reset_mark (scope, change_order) SELECT $1, \(base) + 1\(from.isEmpty ? "" : " FROM reserved")",
                    binds: binds), logger: logger)
        }
        return Int64(run.count)
    }

    /// Sets each key's flag in `table` (likes, mutes) in one statement; each takes a new place in
    /// the order, so the last change to reach the server wins. (Names are ours, never input.)
    static func upsert(
        _ pairs: [(String, Bool)], into table: String, key: String, value: String, _ places: Places,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        var binds = PostgresBindings()
        binds.append(pairs.map(\.0))
        binds.append(pairs.map(\.1))
        let (with, base, from) = places.sql(&binds)
        try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    \(with)INSERT INTO \(table) (\(key), \(value), change_order)
                    SELECT flag_key, flag, \(base) + place FROM unnest($1::text[], $2::boolean[]) WITH ORDINALITY
                      AS flags (flag_key, flag, place)\(from)
                    ON CONFLICT (owner, \(key)) DO UPDATE
                      SET \(value) = excluded.\(value), change_order = excluded.change_order
                    """, binds: binds), logger: logger)
    }
}
