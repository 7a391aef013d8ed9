import Foundation
import GRDB
import StoryInterfaces

/// The store's rows as values, its flag sets, and its errors in the store's words.
extension SQLiteSeenLikeStore {
    /// A set kept as the presence of a row: liked items, muted users.
    enum FlagSet {
        case liked, muted

        var insert: String {
            switch self {
            case .liked: "INSERT INTO likedItem (itemId, likedAt) VALUES (?, ?) ON CONFLICT(itemId) DO NOTHING"
            case .muted: "INSERT INTO mutedUser (userId, mutedAt) VALUES (?, ?) ON CONFLICT(userId) DO NOTHING"
            }
        }

        var delete: String {
            switch self {
            case .liked: "DELETE FROM likedItem WHERE itemId = ?"
            case .muted: "DELETE FROM mutedUser WHERE userId = ?"
            }
        }
    }

    /// Puts `id` in `set` (the first time's `time` kept) or takes it out (inside a write).
    static func set(_ set: FlagSet, _ id: String, _ member: Bool, at time: Double, in db: Database) throws {
        if member {
            try db.cachedStatement(sql: set.insert).execute(arguments: [id, time])
        } else {
            try db.cachedStatement(sql: set.delete).execute(arguments: [id])
        }
    }

    static func storeError(_ error: any Error, path: String) -> SeenLikeStoreError {
        if let error = error as? SeenLikeStoreError { return error }
        if error is SeenLikeSchema.Superseded { return .newerSchema(path: path) }
        if let foreign = error as? SeenLikeSchema.Foreign { return .foreignSchema(path: path, detail: foreign.detail) }
        guard let error = error as? DatabaseError else {
            return .failed(path: path, detail: String(describing: error))
        }
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .damaged(path: path, detail: detail)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_FULL: return .full(path: path)
        case .SQLITE_IOERR: return .diskError(path: path, detail: detail)
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path, detail: detail)
        default: return .failed(path: path, detail: detail)
        }
    }
}

/// One row of `seenItem`, copied out of the database so it can cross actors.
struct SeenRow: Sendable {
    var user: UserID
    var item: StoryItemID
    var index: Int

    static func fetch(
        _ db: Database, where condition: String = "1", arguments: StatementArguments = []
    ) throws -> [SeenRow] {
        try Row.fetchAll(
            db, sql: "SELECT userId, itemId, itemIndex FROM seenItem WHERE \(condition) ORDER BY itemId",
            arguments: arguments
        ).map { row in
            SeenRow(
                user: UserID(row["userId"] as String), item: StoryItemID(row["itemId"] as String),
                index: row["itemIndex"] as Int)
        }
    }
}

extension UserProgress {
    mutating func add(_ row: SeenRow) { recordSeen(row.item, index: row.index) }
}

/// The state of the database file, for `stories doctor`.
public struct SQLiteStoreDiagnostics: Hashable, Sendable {
    /// `wal` when healthy.
    public var journalMode: String
    /// `PRAGMA synchronous`: 1 is NORMAL.
    public var synchronous: Int
    /// The applied schema migrations.
    public var migrations: [String]
    /// `PRAGMA integrity_check` findings; empty when sound.
    public var integrityProblems: [String]
}
