import Foundation
import Logging
import PostgresNIO
public import StoryInterfaces
import Synchronization

/// Seen and liked state on a PostgreSQL server (`store.kind = postgres`), shared by every
/// device that points at it: two `stories` with different homes see each other's rings.
///
/// - Seen only grows (`INSERT … ON CONFLICT DO NOTHING`; a user's `lastSeenIndex` is the
///   largest seen index, derived); the last like or unlike to commit wins.
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
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let counter = StatementCounter()

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

    /// Connects and brings the schema up to date (waiting for another client's migration).
    public static func open(_ configuration: PostgresStoreConfiguration) async throws(PostgresStoreError)
        -> PostgresSeenLikeStore
    {
        let store = PostgresSeenLikeStore(configuration)
        do {
            try await store.migrate()
        } catch {
            // Not waited for: a client still dialling a server that is not there may take its
            // time to wind down, and the caller (a retry loop) must not wait for it.
            store.runner.cancel()
            throw error
        }
        return store
    }

    private init(_ configuration: PostgresStoreConfiguration) {
        self.configuration = configuration
        var settings = PostgresClient.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
        settings.options.connectTimeout = configuration.timeout
        settings.options.minimumConnections = 0
        settings.options.maximumConnections = 4
        let client = PostgresClient(configuration: settings)
        self.client = client
        runner = Task { await client.run() }
    }

    deinit { runner.cancel() }

    /// Closes the connections (the store is unusable afterwards).
    public func close() async {
        runner.cancel()
        await runner.value
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
        let items = marks.map(\.item.rawValue)
        let users = marks.map(\.user.rawValue)
        let indexes = marks.map(\.index)
        try await run { client in
            try await client.query(
                """
                INSERT INTO seen_item (item_id, user_id, item_index)
                SELECT * FROM unnest(\(items)::text[], \(users)::text[], \(indexes)::bigint[])
                ON CONFLICT (item_id) DO NOTHING
                """)
        }
    }

    /// Likes or unlikes `item`; the last to commit wins.
    public func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
        let id = item.rawValue
        try await run { client in
            if liked {
                try await client.query(
                    "INSERT INTO liked_item (item_id) VALUES (\(id)) ON CONFLICT (item_id) DO NOTHING")
            } else {
                try await client.query("DELETE FROM liked_item WHERE item_id = \(id)")
            }
        }
    }

    /// Which of `items` are liked, in one query.
    public func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        guard !items.isEmpty else { return [] }
        let ids = items.map(\.rawValue)
        return try await run { client in
            var liked: Set<StoryItemID> = []
            for try await id in try await client.query("SELECT item_id FROM liked_item WHERE item_id = ANY(\(ids))")
                .decode(String.self)
            {
                liked.insert(StoryItemID(id))
            }
            return liked
        }
    }

    /// The progress of each of `users`, in one query (a tray page's state).
    public func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        var result = Dictionary(
            Set(users).map { ($0, UserProgress.empty($0)) }, uniquingKeysWith: { first, _ in first })
        guard !users.isEmpty else { return result }
        let ids = Array(Set(users.map(\.rawValue)))
        let rows = try await run { client in
            var rows: [(String, String, Int)] = []
            for try await row in try await client.query(
                "SELECT user_id, item_id, item_index FROM seen_item WHERE user_id = ANY(\(ids))"
            ).decode((String, String, Int).self) {
                rows.append(row)
            }
            return rows
        }
        for (user, item, index) in rows {
            guard var progress = result[UserID(user)] else { continue }
            progress.seenItemIDs.insert(StoryItemID(item))
            progress.lastSeenIndex = max(progress.lastSeenIndex, index)
            result[UserID(user)] = progress
        }
        return result
    }

    /// Everything the database holds, for `stories state`.
    public func summary() async throws -> SeenLikeSummary {
        let (seen, liked) = try await run { client in
            var seen: [(String, String, Int)] = []
            for try await row in try await client.query("SELECT user_id, item_id, item_index FROM seen_item")
                .decode((String, String, Int).self)
            {
                seen.append(row)
            }
            var liked: [String] = []
            for try await id in try await client.query("SELECT item_id FROM liked_item").decode(String.self) {
                liked.append(id)
            }
            return (seen, liked)
        }
        var users: [UserID: UserProgress] = [:]
        for (user, item, index) in seen {
            let id = UserID(user)
            var progress = users[id] ?? .empty(id)
            progress.seenItemIDs.insert(StoryItemID(item))
            progress.lastSeenIndex = max(progress.lastSeenIndex, index)
            users[id] = progress
        }
        return SeenLikeSummary(
            seenItemIDs: seen.map { StoryItemID($0.1) }.sorted(), likedItemIDs: liked.map { StoryItemID($0) }.sorted(),
            users: users.keys.sorted().compactMap { users[$0] })
    }

    /// Clears what `scope` names, in one transaction.
    public func reset(_ scope: ResetScope) async throws {
        let logger = Self.logger
        try await run { client in
            try await client.withTransaction(logger: logger) { connection in
                if scope.contains(.seen) { try await connection.query("DELETE FROM seen_item", logger: logger) }
                if scope.contains(.likes) { try await connection.query("DELETE FROM liked_item", logger: logger) }
            }
        }
    }

    // MARK: - Schema

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

    // MARK: - Running with a deadline

    static let logger = Logger(label: "stories.postgres")

    /// Runs `operation` on the client within the configured timeout; failures in the store's
    /// words. The deadline answers the caller at once: it does not wait for the operation to
    /// wind down (a client waiting for a connection to a server that is not there may not).
    private func run<Result: Sendable>(
        _ operation: @escaping @Sendable (PostgresClient) async throws -> Result
    ) async throws(PostgresStoreError) -> Result {
        counter.add()
        let client = self.client
        let server = configuration.server
        let timeout = configuration.timeout
        let outcome = Once<Result>()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    outcome.attach(continuation)
                    let work = Task {
                        do {
                            outcome.resume(.success(try await operation(client)))
                        } catch {
                            outcome.resume(.failure(error))
                        }
                    }
                    outcome.onEnd { work.cancel() }
                    let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: Self.amount(timeout)) {
                        outcome.resume(
                            .failure(
                                PostgresStoreError.unreachable(server: server, detail: "no answer within \(timeout)")))
                    }
                    outcome.onEnd { timer.cancel() }
                }
            } onCancel: {
                outcome.resume(.failure(CancellationError()))
            }
        } catch {
            if let known = error as? PostgresStoreError { throw known }
            throw Self.classify(error, server: server, expired: false, timeout: timeout)
        }
    }

    static func classify(_ error: any Error, server: String, expired: Bool, timeout: Duration) -> PostgresStoreError {
        if expired { return .unreachable(server: server, detail: "no answer within \(timeout)") }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState] ?? ""
                // 28xxx: authentication; 3D000: no such database.
                if state.hasPrefix("28") || state == "3D000" { return .refused(server: server, detail: message) }
                return .failed(server: server, detail: message)
            }
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection:
                let underlying = error.underlying.map { String(describing: $0).lowercased() } ?? ""
                let detail = underlying.contains("refused") ? "connection refused" : "the connection failed"
                return .unreachable(server: server, detail: detail)
            default: break
            }
        }
        if error is CancellationError { return .unreachable(server: server, detail: "cancelled") }
        let text = String(describing: error).lowercased()
        if text.contains("refused") { return .unreachable(server: server, detail: "connection refused") }
        return .unreachable(server: server, detail: "the connection failed")
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// A continuation resumed once, by whichever comes first (the answer, the deadline, the
/// caller's cancellation); what must happen then (cancel the work, the timer) runs once too.
private final class Once<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var early: Result<Value, any Error>?
        var ended = false
        var endings: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())

    func attach(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func onEnd(_ ending: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.ended { return true }
            state.endings.append(ending)
            return false
        }
        if now { ending() }
    }

    func resume(_ result: Result<Value, any Error>) {
        let (continuation, endings) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, [@Sendable () -> Void]) in
            guard !state.ended else { return (nil, []) }
            state.ended = true
            let endings = state.endings
            state.endings = []
            if let continuation = state.continuation {
                state.continuation = nil
                return (continuation, endings)
            }
            state.early = result
            return (nil, endings)
        }
        continuation?.resume(with: result)
        for ending in endings { ending() }
    }
}

/// Statements sent, counted.
private final class StatementCounter: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
