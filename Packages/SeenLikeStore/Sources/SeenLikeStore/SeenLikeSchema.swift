import GRDB

/// The store's schema, owned by one `DatabaseMigrator`. Add a migration; never edit one
/// that has shipped.
enum SeenLikeSchema {
    /// Thrown when the file was migrated by a newer build than this one knows.
    struct Superseded: Error {}

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
        return migrator
    }

    static func migrate(_ writer: some DatabaseWriter) throws {
        let migrator = migrator
        if try writer.read({ try migrator.hasBeenSuperseded($0) }) {
            throw Superseded()
        }
        try migrator.migrate(writer)
    }
}
