public import Foundation
import GRDB
public import StoryInterfaces

/// The store as the local replica of a shared server (`store.kind = postgres`, offline
/// first): with ``SQLiteSeenLikeStore/recordsChanges`` on, every write also records the change
/// that made it (`pendingChange`, in the same transaction: a write that returned is a change
/// that will be sent), and changes pulled from the server are applied here.
extension SQLiteSeenLikeStore: SyncReplica {
    /// Records `kind` as the next pending change (inside a write's transaction).
    static func record(_ kind: StateChangeKind, in db: Database) throws {
        let values: (kind: String, item: String?, user: String?, index: Int?, flag: Int?)
        switch kind {
        case .seen(let mark): values = ("seen", mark.item.rawValue, mark.user.rawValue, mark.index, nil)
        case .liked(let item, let liked): values = ("liked", item.rawValue, nil, nil, liked ? 1 : 0)
        case .muted(let user, let muted): values = ("muted", nil, user.rawValue, nil, muted ? 1 : 0)
        case .reset(let scope): values = ("reset", nil, nil, nil, scope.rawValue)
        }
        try db.cachedStatement(
            sql: "INSERT INTO pendingChange (kind, itemId, userId, itemIndex, flag) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [values.kind, values.item, values.user, values.index, values.flag])
    }

    /// The oldest pending changes, in the order they were made.
    public func pendingChanges(limit: Int) async throws -> [StateChange] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT sequence, kind, itemId, userId, itemIndex, flag FROM pendingChange ORDER BY sequence LIMIT ?",
                arguments: [limit]
            ).compactMap { row in
                let item = (row["itemId"] as String?).map { StoryItemID($0) }
                let kind: StateChangeKind
                switch (row["kind"] as String, item) {
                case ("seen", let item?):
                    kind = .seen(
                        SeenMark(item: item, user: UserID(row["userId"] as String? ?? ""), index: row["itemIndex"] ?? 0)
                    )
                case ("liked", let item?): kind = .liked(item, (row["flag"] as Int? ?? 0) != 0)
                case ("muted", _):
                    guard let user = row["userId"] as String? else { return nil }
                    kind = .muted(UserID(user), (row["flag"] as Int? ?? 0) != 0)
                case ("reset", _): kind = .reset(ResetScope(rawValue: row["flag"] as Int? ?? 0))
                default: return nil
                }
                return StateChange(sequence: row["sequence"], kind: kind)
            }
        }
    }

    /// The server has every change up to `sequence`.
    public func acknowledge(through sequence: Int64) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM pendingChange WHERE sequence <= ?", arguments: [sequence])
        }
    }

    /// Applies pulled changes in the server's order, skipping those at or before the cursor
    /// (a sync that ran beside another), and moves the cursor, in one transaction. An item with
    /// a change still pending here keeps its local state: that change reaches the server later.
    /// Returns how many changed a row here (this device's own, pulled back, change none).
    @discardableResult public func apply(_ changes: [SharedChange], cursor: Int64) async throws -> Int {
        try await write { db in
            let current = Int64(try Self.syncValue("cursor", in: db) ?? "") ?? 0
            guard cursor > current else { return 0 }
            var news = 0
            let pending = try Row.fetchAll(db, sql: "SELECT kind, itemId, userId, flag FROM pendingChange")
            var pendingItems: Set<String> = []
            var pendingMutes: Set<String> = []
            var pendingReset = ResetScope()
            for row in pending {
                if let item = row["itemId"] as String? { pendingItems.insert(item) }
                if row["kind"] as String == "muted", let user = row["userId"] as String? { pendingMutes.insert(user) }
                if row["kind"] as String == "reset" { pendingReset.formUnion(ResetScope(rawValue: row["flag"] ?? 0)) }
            }
            let now = Date().timeIntervalSince1970
            for change in changes where change.order > current {
                let before = db.totalChangesCount
                switch change.kind {
                case .seen(let mark):
                    guard !pendingReset.contains(.seen) else { continue }
                    try db.cachedStatement(
                        sql: """
                            INSERT INTO seenItem (itemId, userId, itemIndex, seenAt) VALUES (?, ?, ?, ?)
                            ON CONFLICT(itemId) DO NOTHING
                            """
                    ).execute(arguments: [mark.item.rawValue, mark.user.rawValue, mark.index, now])
                case .liked(let item, let liked):
                    guard !pendingItems.contains(item.rawValue), !pendingReset.contains(.likes) else { continue }
                    try Self.set(.liked, item.rawValue, liked, at: now, in: db)
                case .muted(let user, let muted):
                    guard !pendingMutes.contains(user.rawValue), !pendingReset.contains(.mutes) else { continue }
                    try Self.set(.muted, user.rawValue, muted, at: now, in: db)
                case .reset(let scope):
                    // What was changed here and not yet sent comes after this reset.
                    let keep = " WHERE itemId NOT IN (SELECT itemId FROM pendingChange WHERE itemId IS NOT NULL)"
                    if scope.contains(.seen) { try db.execute(sql: "DELETE FROM seenItem" + keep) }
                    if scope.contains(.likes) { try db.execute(sql: "DELETE FROM likedItem" + keep) }
                    if scope.contains(.mutes) {
                        try db.execute(
                            sql:
                                "DELETE FROM mutedUser WHERE userId NOT IN (SELECT userId FROM pendingChange WHERE kind = 'muted')"
                        )
                    }
                }
                if db.totalChangesCount != before { news += 1 }
            }
            try Self.setSyncValue("cursor", String(cursor), in: db)
            return news
        }
    }

    /// Records that a sync ended well at `date`.
    public func recordSync(at date: Date) async throws {
        try await write { db in try Self.setSyncValue("lastSync", String(date.timeIntervalSince1970), in: db) }
    }

    /// Pending changes, the last good sync, the cursor and this replica's device name (made
    /// here the first time: random, so two homes are two devices).
    public func syncStatus() async throws -> SyncStatus {
        try await write { db in
            var device = try Self.syncValue("device", in: db)
            if device == nil {
                let made = UUID().uuidString.lowercased()
                try Self.setSyncValue("device", made, in: db)
                device = made
            }
            return SyncStatus(
                pending: try Int.fetchOne(db, sql: "SELECT count(*) FROM pendingChange") ?? 0,
                lastSync: try Self.syncValue("lastSync", in: db).flatMap(Double.init).map {
                    Date(timeIntervalSince1970: $0)
                },
                cursor: Int64(try Self.syncValue("cursor", in: db) ?? "") ?? 0, device: device ?? "")
        }
    }

    static func syncValue(_ key: String, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM syncState WHERE key = ?", arguments: [key])
    }

    static func setSyncValue(_ key: String, _ value: String, in db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO syncState (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [key, value])
    }
}
