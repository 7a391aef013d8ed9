import Crypto
import Foundation
import Logging
import PostgresNIO
public import StoryInterfaces

/// What an administrator does with the database owner's login (`stories admin`): the schema,
/// the group a person's role joins, and people — each a login role of its own whose devices
/// see only its rows. Devices never hold the owner's credentials.
extension PostgresSeenLikeStore: SharedStateAdministering {
    /// The group every person's role joins (its rights: its own rows).
    public static let personGroup = "stories_person"

    /// Why an administrator's command was refused.
    public enum AdministrationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The name cannot be a person's role.
        case badName(String)
        /// The role exists and is not a plain person's (a superuser, a role manager, a role that
        /// owns the database or an object in it, or belongs to one that does).
        case notAPerson(String)
        /// The role belongs to a role other than the people's group (a predefined one such as
        /// `pg_write_all_data`, or any other), or another role belongs to it (and may `SET ROLE`
        /// to it): its rights are not a person's alone.
        case sharedRole(String)
        /// The person exists and no new password was asked for.
        case personExists(String)
        /// A connection limit outside 1...1000.
        case badConnectionLimit(Int)
        /// The person to migrate rows to already has rows of their own.
        case personHasRows(String)
        /// The login may not create roles.
        case cannotCreateRoles(server: String, detail: String)

        /// One line: what, and how to fix it.
        public var description: String {
            switch self {
            case .badName(let name):
                "\"\(name)\" cannot name a person: use 1 to 63 lowercase letters, digits and _, starting with a letter, not pg_ or stories_"
            case .notAPerson(let name):
                "\"\(name)\" is an administrator's role (it may create roles or bypass row security, or owns the database or something in it, or belongs to a role that does), not a person's; choose another name"
            case .sharedRole(let name):
                "\"\(name)\" belongs to another role (such as pg_write_all_data or pg_signal_backend) or another role belongs to it, so others share its rights or can act as it; a person's role belongs to \(PostgresSeenLikeStore.personGroup) alone: choose another name"
            case .badConnectionLimit(let limit):
                "--connection-limit \(limit): a person's role may hold 1 to 1000 connections at once"
            case .personExists(let name):
                "\(name) is already a person; to give them a new password (their devices must then be set again), run stories admin add-person --new-password \(name)"
            case .personHasRows(let name):
                "\(name) already has state of their own; the database's earlier rows were left where they are"
            case .cannotCreateRoles(let server, let detail):
                "the login at \(server) may not create roles (\(detail)); run stories admin with the database owner's URL, a role with CREATEROLE"
            }
        }
    }

    /// What `stories admin init` did.
    public struct Initialization: Hashable, Sendable {
        /// The schema version now.
        public var schema: Int
        /// Rows given to the named person (a single-person database's), if one was named.
        public var rowsMoved: Int
    }

    /// Brings the schema up to date (``open(_:)`` did), makes the people's group and its
    /// rights, and with `person`, gives the rows this login holds — a single-person
    /// database's, migrated under the owner — to that person (made if missing, without a login
    /// until ``addPerson(_:rotatingPassword:)``).
    public func initialize(person: String?) async throws -> String {
        let done = try await initialization(person: person)
        let moved = person.map { "; \(done.rowsMoved) \(done.rowsMoved == 1 ? "row" : "rows") given to \($0)" } ?? ""
        return "schema \(done.schema) ready, people's group \(Self.personGroup)\(moved)"
    }

    /// ``initialize(person:)``, saying what it did.
    public func initialization(person: String?) async throws -> Initialization {
        try await migrate()  // the schema may have aged since this store was opened
        try await ensurePersonGroup()
        var moved = 0
        if let person {
            let name = try Self.checkedName(person)
            try await ensureRole(name, login: nil)
            moved = try await moveOwnRows(to: name)
        }
        return Initialization(schema: try await schemaVersionInDatabase(), rowsMoved: moved)
    }

    /// Each person's role may hold this many connections at once, by default (a few devices
    /// and a sync each): one person cannot take the server's slots from the others.
    public static let defaultConnectionLimit = 8

    /// Makes `name` a person (with `rotatingPassword`, gives an existing person a new password
    /// and their login back; without, an existing role is refused) whose role holds at most
    /// `connectionLimit` connections, and returns the URL their devices set as
    /// `store.postgres.url`, password included. The server is sent the password's
    /// SCRAM-SHA-256 verifier, never the password. A role in another role, or with members,
    /// is refused (``AdministrationError/sharedRole(_:)``).
    public func addPerson(_ name: String, rotatingPassword: Bool, connectionLimit: Int = defaultConnectionLimit)
        async throws -> String
    {
        let name = try Self.checkedName(name)
        guard (1...1000).contains(connectionLimit) else {
            throw AdministrationError.badConnectionLimit(connectionLimit)
        }
        if let role = try await roleAttributes(name) {
            if role.isMore || role.isMe { throw AdministrationError.notAPerson(name) }
            if role.isShared { throw AdministrationError.sharedRole(name) }
            // A role that can log in has devices a new password would cut off: only when asked.
            if !rotatingPassword, role.canLogIn { throw AdministrationError.personExists(name) }
        }
        try await ensurePersonGroup()
        let password = Self.randomPassword()
        try await ensureRole(name, login: Self.scramVerifier(password), connectionLimit: connectionLimit)
        var url = URLComponents()
        url.scheme = "postgres"
        url.user = name
        url.password = password
        url.host = configuration.host
        url.port = configuration.port
        url.path = "/" + configuration.database
        var query = [URLQueryItem(name: "sslmode", value: configuration.sslMode.rawValue)]
        if let root = configuration.sslRootCertificate {
            query.append(URLQueryItem(name: "sslroot" + "cert", value: root))
        }
        url.queryItems = query
        return url.string ?? ""
    }

    /// Takes `name`'s login away (their devices' next sync is refused; their rows are kept).
    public func revokePerson(_ name: String) async throws {
        let name = try Self.checkedName(name)
        try await checkIsPerson(name)
        let quoted = Self.quoted(name)
        try await administer { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: "ALTER ROLE \(quoted) NOLOGIN"), logger: logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "REVOKE \(Self.personGroup) FROM \(quoted)"), logger: logger)
        }
    }

    // MARK: - Roles

    static func checkedName(_ name: String) throws(AdministrationError) -> String {
        let valid =
            (1...63).contains(name.utf8.count) && name.first.map { $0.isASCII && $0.isLowercase } == true
            && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }
            && !name.hasPrefix("pg_") && !name.hasPrefix("stories_") && !["public", "postgres"].contains(name)
        guard valid else { throw .badName(name) }
        return name
    }

    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    private func ensurePersonGroup() async throws {
        try await administer { connection, logger in
            // Roles are the cluster's: another database's init may make the group at this moment.
            try await connection.query(PostgresQuery(unsafeSQL: Self.personGroupStatement), logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: Self.grantsToPeople), logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: Self.grantsOnMutes), logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: Self.grantsOnOrders), logger: logger)
        }
    }

    static let personGroupStatement = """
        DO $$ BEGIN
          IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(personGroup)') THEN
            BEGIN CREATE ROLE \(personGroup) NOLOGIN;
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END;
          END IF;
        END $$
        """

    /// Makes the role (or changes it): `login` is a SCRAM verifier to log in with, nil for none;
    /// with a login, at most `connectionLimit` connections at once.
    private func ensureRole(_ name: String, login verifier: String?, connectionLimit: Int = defaultConnectionLimit)
        async throws
    {
        let exists = try await roleAttributes(name) != nil
        if exists { try await checkIsPerson(name) }
        let quoted = Self.quoted(name)
        let rights = verifier.map { "LOGIN PASSWORD '\($0)' CONNECTION LIMIT \(connectionLimit)" } ?? "NOLOGIN"
        try await administer { connection, logger in
            let statement = exists ? "ALTER ROLE \(quoted) \(rights)" : "CREATE ROLE \(quoted) \(rights)"
            // Only when asked to log in is an existing role's login changed.
            if !exists || verifier != nil {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.query(
                PostgresQuery(unsafeSQL: "GRANT \(Self.personGroup) TO \(quoted)"), logger: logger)
        }
    }

    /// Whether the role exists, and whether it may do more than a person may: a role attribute
    /// beyond a login, or owning (itself or through a role it belongs to) the database, a
    /// schema, a table, a sequence, a function or a type of it — an owner can lift row
    /// security and read everyone's rows.
    /// `isShared`: the role belongs to a role other than the people's group, or another role
    /// belongs to it.
    private func roleAttributes(_ name: String) async throws -> (
        isMore: Bool, isMe: Bool, canLogIn: Bool, isShared: Bool
    )? {
        try await run { client in
            var found: (Bool, Bool, Bool, Bool)? = nil
            for try await (more, me, login, shared) in try await client.query(
                """
                SELECT r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolbypassrls OR r.rolreplication
                  OR EXISTS (SELECT FROM pg_database d WHERE d.datname = current_database()
                    AND pg_has_role(r.oid, d.datdba, 'MEMBER'))
                  OR EXISTS (SELECT FROM pg_namespace n WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
                    AND n.nspname <> 'public' AND pg_has_role(r.oid, n.nspowner, 'MEMBER'))
                  OR EXISTS (SELECT FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND pg_has_role(r.oid, c.relowner, 'MEMBER'))
                  OR EXISTS (SELECT FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND pg_has_role(r.oid, p.proowner, 'MEMBER'))
                  OR EXISTS (SELECT FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                    WHERE n.nspname !~ '^pg_' AND n.nspname <> 'information_schema' AND pg_has_role(r.oid, t.typowner, 'MEMBER')),
                  r.rolname = current_user, r.rolcanlogin,
                  EXISTS (SELECT FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
                    WHERE m.member = r.oid AND g.rolname <> \(Self.personGroup))
                  OR EXISTS (SELECT FROM pg_auth_members m WHERE m.roleid = r.oid)
                FROM pg_roles r WHERE r.rolname = \(name)
                """
            ).decode((Bool, Bool, Bool, Bool).self) {
                found = (more, me, login, shared)
            }
            return found
        }
    }

    private func checkIsPerson(_ name: String) async throws {
        if let role = try await roleAttributes(name), role.isMore || role.isMe {
            throw AdministrationError.notAPerson(name)
        }
    }

    /// Gives this login's rows to `name`, policies lifted for the owner in that one transaction;
    /// refused when `name` has rows of their own.
    private func moveOwnRows(to name: String) async throws -> Int {
        let moved: Int? = try await administer { connection, logger in
            for try await count in try await connection.query(
                "SELECT count(*) FROM seen_item WHERE owner = \(name)", logger: logger
            ).decode(Int.self) where count > 0 {
                return nil
            }
            var moved = 0
            for table in Self.ownedTables {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER TABLE \(table) NO FORCE ROW LEVEL SECURITY"), logger: logger)
                for try await count in try await connection.query(
                    PostgresQuery(
                        unsafeSQL:
                            "WITH moved AS (UPDATE \(table) SET owner = $1 WHERE owner = current_user::text RETURNING 1) SELECT count(*) FROM moved",
                        binds: Self.binds(name)), logger: logger
                ).decode(Int.self) {
                    moved += count
                }
                try await connection.query(
                    PostgresQuery(unsafeSQL: "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY"), logger: logger)
            }
            // The person's order goes on after every place the rows moved to them hold.
            try await connection.query("ALTER TABLE person_order NO FORCE ROW LEVEL SECURITY", logger: logger)
            try await connection.query(
                """
                INSERT INTO person_order (owner, last_order)
                SELECT \(name), last_order FROM person_order WHERE owner = current_user::text
                ON CONFLICT (owner) DO UPDATE SET last_order = greatest(person_order.last_order, excluded.last_order)
                """, logger: logger)
            try await connection.query("ALTER TABLE person_order FORCE ROW LEVEL SECURITY", logger: logger)
            return moved
        }
        guard let moved else { throw AdministrationError.personHasRows(name) }
        return moved
    }

    private static func binds(_ text: String) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(text)
        return binds
    }

    /// Runs `work` in a transaction; a refusal to manage roles is said as such.
    private func administer<T: Sendable>(
        _ work: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        let logger = Self.logger
        let server = configuration.server
        do {
            return try await run { client in
                try await client.withTransaction(logger: logger) { connection in try await work(connection, logger) }
            }
        } catch {
            if case .failed(_, let detail) = error, detail.contains("permission denied") || detail.contains("must have")
            {
                throw AdministrationError.cannotCreateRoles(server: server, detail: detail)
            }
            throw error
        }
    }

    // MARK: - Passwords

    /// 32 characters from the system's random source (190 bits), safe in a URL.
    static func randomPassword() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<32).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// PostgreSQL's stored form of a SCRAM-SHA-256 password (RFC 5802/7677, as `\password`
    /// computes it): `SCRAM-SHA-256$4096:SALT$STOREDKEY:SERVERKEY`.
    static func scramVerifier(_ password: String, salt: [UInt8]? = nil, iterations: Int = 4096) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = salt ?? (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = SymmetricKey(data: Array(password.utf8))
        // PBKDF2-HMAC-SHA-256, one block (the key is as long as the hash).
        var block = Array(HMAC<SHA256>.authenticationCode(for: salt + [0, 0, 0, 1], using: key))
        var salted = block
        for _ in 1..<iterations {
            block = Array(HMAC<SHA256>.authenticationCode(for: block, using: key))
            for index in salted.indices { salted[index] ^= block[index] }
        }
        let saltedKey = SymmetricKey(data: salted)
        let clientKey = Array(HMAC<SHA256>.authenticationCode(for: Array("Client Key".utf8), using: saltedKey))
        let storedKey = Array(SHA256.hash(data: clientKey))
        let serverKey = Array(HMAC<SHA256>.authenticationCode(for: Array("Server Key".utf8), using: saltedKey))
        return "SCRAM-SHA-256$\(iterations):\(Data(salt).base64EncodedString())$"
            + "\(Data(storedKey).base64EncodedString()):\(Data(serverKey).base64EncodedString())"
    }
}
