import Logging
import PostgresNIO

/// The schema: versioned migrations, applied under an advisory lock.
extension PostgresSeenLikeStore {
    /// The schema versions, in order; each is one transaction with its record in `stories_schema`.
    static let migrations: [(version: Int, statements: [String])] = [
        (
            1,
            [
                """
                CREATE TABLE seen_item (item_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
                  item_index INTEGER NOT NULL, seen_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """,
                "CREATE TABLE liked_item (item_id TEXT PRIMARY KEY, liked_at TIMESTAMPTZ NOT NULL DEFAULT now())",
            ]
        ),
        (2, ["CREATE INDEX seen_item_user ON seen_item (user_id)"]),
    ]

    /// The newest schema this code knows.
    public static var schemaVersion: Int { migrations.last?.version ?? 0 }

    /// The advisory lock key migrations hold ("stories" in ASCII).
    static let migrationLock: Int64 = 0x73_74_6F_72_69_65_73

    /// Applies the migrations this database lacks, in one transaction under the advisory lock.
    func migrate() async throws(PostgresStoreError) {
        let logger = Self.logger
        let server = configuration.server
        let lock = Self.migrationLock
        let newer: Int? = try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(lock))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS stories_schema (version INTEGER PRIMARY KEY,
                      applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """, logger: logger)
                var current = 0
                for try await version in try await connection.query(
                    "SELECT coalesce(max(version), 0) FROM stories_schema", logger: logger
                ).decode(Int.self) {
                    current = version
                }
                if current > Self.schemaVersion { return current }
                for migration in Self.migrations where migration.version > current {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO stories_schema (version) VALUES (\(migration.version))", logger: logger)
                }
                return nil
            }
        }
        if let newer { throw .newerSchema(server: server, version: newer, known: Self.schemaVersion) }
    }

    /// The schema version the database holds (0 before the first migration).
    public func schemaVersionInDatabase() async throws -> Int {
        try await run { client in
            var version = 0
            for try await value in try await client.query("SELECT coalesce(max(version), 0) FROM stories_schema")
                .decode(Int.self)
            {
                version = value
            }
            return version
        }
    }
}
