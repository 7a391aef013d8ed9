import GRDB

/// The store's schema, owned by one `DatabaseMigrator`. Add a migration; never edit one
/// that has shipped.
enum SeenLikeSchema {
    /// Thrown when the file was migrated by a newer build than this one knows.
    struct Superseded: Error {}

    /// Thrown when the file holds a table of ours that our migrations did not make.
    struct Foreign: Error {
        var detail: String
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: seen and liked items") { db in
            try db.create(table: "seenItem") { table in
                table.primaryKey("itemId", .text)
                table.column("userId", .text).notNull().indexed()
                table.column("itemIndex", .integer).notNull()
                table.column("seenAt", .double).notNull()
            }
            try db.create(table: "likedItem") { table in
                table.primaryKey("itemId", .text)
                table.column("likedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v2: changes waiting for the shared server") { db in
            // AUTOINCREMENT: a sequence is never used twice, even after its rows are gone.
            try db.create(table: "pendingChange") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("kind", .text).notNull()  // seen, liked, reset (and muted, from v3)
                table.column("itemId", .text)
                table.column("userId", .text)
                table.column("itemIndex", .integer)
                table.column("flag", .integer)  // liked, muted: 0 or 1; reset: the scope's bits
            }
            try db.create(table: "syncState") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v3: muted users") { db in
            try db.create(table: "mutedUser") { table in
                table.primaryKey("userId", .text)
                table.column("mutedAt", .double).notNull()
            }
        }
        return migrator
    }

    /// Migrates the file to the current schema; safe with any number of processes at once.
    ///
    /// GRDB reads which migrations were applied before it opens each migration's (immediate)
    /// transaction, so two processes opening a new file can both decide to run "v1"; the
    /// second then fails inside its transaction ("table seenItem already exists", or the
    /// migrations table's unique key), having changed nothing. Such a failure is retried: the
    /// next attempt reads what the first process committed and has nothing left to run.
    static func migrate(_ writer: some DatabaseWriter) throws {
        let migrator = migrator
        var attempt = 1
        while true {
            if try writer.read({ try migrator.hasBeenSuperseded($0) }) {
                throw Superseded()
            }
            do {
                try migrator.migrate(writer)
                return
            } catch let error as DatabaseError
                where [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode.primaryResultCode)
            {
                guard attempt < 8 else {
                    // Not a race any more: the file was made by something else.
                    if let message = error.message, message.contains("already exists") {
                        throw Foreign(detail: message)
                    }
                    throw error
                }
                attempt += 1
            }
        }
    }
}
