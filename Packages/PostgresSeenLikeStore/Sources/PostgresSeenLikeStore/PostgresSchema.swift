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
        (3, ownedRows),
        (4, mutedUsers),
        (5, personOrders),
    ]

    /// The tables whose rows belong to a person (the role their devices log in as).
    static let ownedTables = ownedTablesOfVersion3 + ["mute_state"]

    /// The tables whose rows carry a place in their person's order.
    static let orderedTables = ["seen_item", "like_state", "reset_mark", "mute_state"]

    /// Version 5: each person's own order and lock, and no right a person could stall others
    /// with. A person's changes take their places from their own row of `person_order` (its
    /// last place), locked for the push: nobody else can see, so nobody else can lock, that
    /// row (an advisory lock's key anyone could compute, and one person held everyone's
    /// pushes), and the order says nothing of other people's activity (the shared sequence
    /// did). Each role starts after every place the shared sequence gave; a person may no
    /// longer use the sequence. A person keeps SELECT, INSERT and UPDATE of the columns a push
    /// changes, never a table's UPDATE or DELETE: `LOCK TABLE` beyond ROW EXCLUSIVE needs
    /// those (one person's `ACCESS EXCLUSIVE` lock stopped everyone's sync); a reset deletes
    /// through `stories_clear`, which runs as the tables' owner and deletes only the rows of
    /// the role logged in (`session_user`: no `SET ROLE` changes it).
    static let personOrders: [String] =
        [
            """
            CREATE TABLE person_order (owner TEXT COLLATE "C" PRIMARY KEY DEFAULT current_user,
              last_order BIGINT NOT NULL DEFAULT 0)
            """,
            """
            INSERT INTO person_order (owner, last_order)
            SELECT rolname, (SELECT last_value FROM stories_change_order) FROM pg_roles WHERE rolname !~ '^pg_'
            """,
        ] + orderedTables.map { "ALTER TABLE \($0) ALTER COLUMN change_order DROP DEFAULT" }
        + ownRowsOnly("person_order")
        + ["seen_item", "like_state", "mute_state"].flatMap { table in
            [
                "CREATE POLICY login_rows ON \(table) FOR SELECT USING (owner = session_user::text)",
                "CREATE POLICY login_rows_cleared ON \(table) FOR DELETE USING (owner = session_user::text)",
            ]
        } + [clearFunction, "REVOKE ALL ON FUNCTION stories_clear(integer) FROM PUBLIC", grantsOnOrders]

    /// `stories_clear(scope)`: deletes the logged-in role's seen marks (bit 0), likes (bit 1)
    /// and mutes (bit 2), as the tables' owner; its search path is the tables' schema only.
    static let clearFunction = """
        DO $$ BEGIN
          EXECUTE format($f$
            CREATE FUNCTION stories_clear(scope integer) RETURNS void LANGUAGE sql SECURITY DEFINER
            SET search_path = %I, pg_temp AS $body$
              DELETE FROM mute_state WHERE owner = session_user::text AND scope & 4 <> 0;
              DELETE FROM seen_item WHERE owner = session_user::text AND scope & 1 <> 0;
              DELETE FROM like_state WHERE owner = session_user::text AND scope & 2 <> 0;
            $body$ $f$, current_schema());
        END $$
        """

    /// What a person's role may do since version 5 (run again after the earlier grants, which
    /// gave more): read and add rows, change only the columns a push changes, clear through
    /// `stories_clear`; no table's UPDATE or DELETE, nothing of the shared sequence.
    static let grantsOnOrders = """
        DO $$ BEGIN
          IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'stories_person') THEN
            REVOKE UPDATE, DELETE, TRUNCATE ON seen_item, like_state, reset_mark, device_ack, mute_state
              FROM stories_person;
            GRANT UPDATE (liked, change_order) ON like_state TO stories_person;
            GRANT UPDATE (muted, change_order) ON mute_state TO stories_person;
            GRANT UPDATE (sequence) ON device_ack TO stories_person;
            GRANT SELECT, INSERT ON person_order TO stories_person;
            GRANT UPDATE (last_order) ON person_order TO stories_person;
            GRANT EXECUTE ON FUNCTION stories_clear(integer) TO stories_person;
            REVOKE ALL ON SEQUENCE stories_change_order FROM stories_person;
          END IF;
        END $$
        """
    /// Those version 3 made (it is shipped: its statements never change).
    static let ownedTablesOfVersion3 = ["seen_item", "like_state", "reset_mark", "device_ack"]

    /// Version 4: muted users, kept as likes are (the last change to reach the server wins),
    /// each person's own by the same policy.
    static let mutedUsers: [String] =
        [
            """
            CREATE TABLE mute_state (owner TEXT COLLATE "C" NOT NULL DEFAULT current_user, user_id TEXT NOT NULL,
              muted BOOLEAN NOT NULL, change_order BIGINT NOT NULL DEFAULT nextval('stories_change_order'),
              PRIMARY KEY (owner, user_id))
            """,
            "CREATE INDEX mute_state_order ON mute_state (owner, change_order)",
        ] + ownRowsOnly("mute_state") + [grantsOnMutes]

    /// Row-level security on `table`: a role reads and writes only its own rows, owner included.
    static func ownRowsOnly(_ table: String) -> [String] {
        [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY",
            "CREATE POLICY own_rows ON \(table) USING (owner = current_user::text) WITH CHECK (owner = current_user::text)",
        ]
    }

    /// What a person's role may do with the tables of version 4.
    static let grantsOnMutes = """
        DO $$ BEGIN
          IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'stories_person') THEN
            GRANT SELECT, INSERT, UPDATE, DELETE ON mute_state TO stories_person;
          END IF;
        END $$
        """

    /// Version 3: one database, many people, and changes in the server's order (offline first).
    /// Every row carries its owner (the role that wrote it; rows of a single-person database
    /// become the migrating role's) and row-level security keeps each role to its own rows,
    /// forced on the tables' owner too; `stories_person` is the group a person's role joins.
    /// Each change takes its place in `stories_change_order` when it reaches the server. `owner`
    /// is collated "C", as role names are: `owner = current_user::text` then uses the indexes
    /// (under the database's default collation it is a sequential scan).
    static let ownedRows: [String] =
        [
            "CREATE SEQUENCE stories_change_order",
            #"ALTER TABLE seen_item ADD COLUMN owner TEXT COLLATE "C" NOT NULL DEFAULT current_user"#,
            "ALTER TABLE seen_item ADD COLUMN change_order BIGINT NOT NULL DEFAULT nextval('stories_change_order')",
            "ALTER TABLE seen_item DROP CONSTRAINT seen_item_pkey",
            "ALTER TABLE seen_item ADD PRIMARY KEY (owner, item_id)",
            "DROP INDEX seen_item_user",
            "CREATE INDEX seen_item_user ON seen_item (owner, user_id)",
            "CREATE INDEX seen_item_order ON seen_item (owner, change_order)",
            """
            CREATE TABLE like_state (owner TEXT COLLATE "C" NOT NULL DEFAULT current_user, item_id TEXT NOT NULL,
              liked BOOLEAN NOT NULL, change_order BIGINT NOT NULL DEFAULT nextval('stories_change_order'),
              PRIMARY KEY (owner, item_id))
            """,
            "CREATE INDEX like_state_order ON like_state (owner, change_order)",
            "INSERT INTO like_state (item_id, liked) SELECT item_id, true FROM liked_item",
            "DROP TABLE liked_item",
            """
            CREATE TABLE reset_mark (owner TEXT COLLATE "C" NOT NULL DEFAULT current_user, scope INTEGER NOT NULL,
              change_order BIGINT NOT NULL DEFAULT nextval('stories_change_order'), PRIMARY KEY (owner, change_order))
            """,
            """
            CREATE TABLE device_ack (owner TEXT COLLATE "C" NOT NULL DEFAULT current_user, device TEXT NOT NULL,
              sequence BIGINT NOT NULL, PRIMARY KEY (owner, device))
            """,
            // The group may be made only by a role allowed to (CREATEROLE); without it the rows are
            // still each role's own, and `stories admin init` makes the group later.
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'stories_person') THEN
                BEGIN CREATE ROLE stories_person NOLOGIN;
            EXCEPTION WHEN insufficient_privilege OR duplicate_object OR unique_violation THEN NULL; END;
              END IF;
            END $$
            """,
        ]
        + ownedTablesOfVersion3.flatMap(ownRowsOnly) + [grantsToPeople]

    /// What a person's role may do: its own rows (the policies), the order, the schema's version.
    static let grantsToPeople = """
        DO $$ BEGIN
          IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'stories_person') THEN
            GRANT SELECT, INSERT, UPDATE, DELETE ON seen_item, like_state, reset_mark, device_ack TO stories_person;
            GRANT USAGE ON SEQUENCE stories_change_order TO stories_person;
            GRANT SELECT ON stories_schema TO stories_person;
          END IF;
        END $$
        """

    /// The newest schema this code knows.
    public static var schemaVersion: Int { migrations.last?.version ?? 0 }

    /// The advisory lock key migrations hold ("stories" in ASCII).
    static let migrationLock: Int64 = 0x73_74_6F_72_69_65_73

    /// Applies the migrations this database lacks, in one transaction under the advisory lock.
    func migrate() async throws(PostgresStoreError) {
        let server = configuration.server
        let known = Self.schemaVersion
        let held = try await schemaVersionInDatabase()
        if held > known { throw .newerSchema(server: server, version: held, known: known) }
        if held == known { return }  // nothing to change: a person's role may not change the schema
        do {
            try await migrateUnderLock()
        } catch {
            if case .failed(_, let detail) = error,
                detail.contains("permission denied") || detail.contains("must be owner")
            {
                throw .schemaNeedsAdministrator(server: server, version: held, known: known)
            }
            throw error
        }
    }

    private func migrateUnderLock() async throws(PostgresStoreError) {
        let logger = Self.logger
        let server = configuration.server
        let lock = Self.migrationLock
        let newer: Int? = try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                // Another client's migration may take a while on a busy server: wait longer
                // than a push would (a person holding this lock delays `admin init` this long).
                try await connection.query("SET LOCAL lock_timeout = '60s'", logger: logger)
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
    public func schemaVersionInDatabase() async throws(PostgresStoreError) -> Int {
        try await run { client in
            var exists = false
            for try await name in try await client.query("SELECT to_regclass('stories_schema')::text").decode(
                String?.self)
            {
                exists = name != nil
            }
            guard exists else { return 0 }
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
