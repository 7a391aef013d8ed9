import Foundation
import GRDB
import StoryBase
public import StoryInterfaces
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The live ``SeenLikeStoring``: SQLite through GRDB (`store.kind = sqlite`).
///
/// A `DatabasePool` in WAL mode with `synchronous=NORMAL` and a busy timeout, so a write
/// that returned is committed and several processes can share the file. The schema is
/// owned by ``SeenLikeSchema``'s migrator.
public final class SQLiteSeenLikeStore: SeenLikeStoring, StateVersioned {
    /// The database file.
    public let path: String
    let pool: DatabasePool
    /// Whether each write also records the change that made it, for a shared server
    /// (``SyncReplica``): on for the replica of `store.kind = postgres`, off otherwise.
    public let recordsChanges: Bool

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    ///
    /// - Parameters:
    ///   - busyTimeout: how long a write waits for another process's lock.
    ///   - maximumPageCount: a cap on the file's size in pages (`PRAGMA max_page_count`);
    ///     a write past it fails with ``SeenLikeStoreError/full(path:)``.
    ///   - recordsChanges: also record each change for a shared server (``SyncReplica``).
    public convenience init(
        path: String, busyTimeout: Duration = .seconds(5), maximumPageCount: Int? = nil, recordsChanges: Bool = false
    ) throws(SeenLikeStoreError) {
        try self.init(
            path: path, busyTimeout: busyTimeout, maximumPageCount: maximumPageCount, recordsChanges: recordsChanges,
            statementObserver: nil)
    }

    /// Opens the store like ``init(path:busyTimeout:maximumPageCount:)`` on a thread of its own:
    /// opening and migrating can wait up to `busyTimeout` for another process's lock, which
    /// must not hold a thread of the cooperative pool. Async code opens the store this way.
    public static func open(path: String, busyTimeout: Duration = .seconds(5), recordsChanges: Bool = false)
        async throws(SeenLikeStoreError) -> SQLiteSeenLikeStore
    {
        do {
            return try await OwnThread.run {
                try SQLiteSeenLikeStore(path: path, busyTimeout: busyTimeout, recordsChanges: recordsChanges)
            }
        } catch {
            throw storeError(error, path: path)
        }
    }

    /// Opens the store like ``init(path:busyTimeout:maximumPageCount:)`` and reports every SQL
    /// statement it runs to `statementObserver` (for the bench that counts a tray page's queries).
    @_spi(Diagnostics)
    public init(
        path: String, busyTimeout: Duration = .seconds(5), maximumPageCount: Int? = nil, recordsChanges: Bool = false,
        statementObserver: (@Sendable (String) -> Void)?
    ) throws(SeenLikeStoreError) {
        self.path = path
        self.recordsChanges = recordsChanges
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotOpen(path: path, detail: "cannot create \(folder.path)")
        }
        Self.makePrivate(path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if let maximumPageCount { try db.execute(sql: "PRAGMA max_page_count = \(maximumPageCount)") }
            if let statementObserver { db.trace(options: .statement) { statementObserver("\($0)") } }
        }
        do {
            pool = try Self.openAndMigrate(path: path, configuration: configuration, patience: busyTimeout)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// The database is its owner's only (0600), and so are its WAL and shared-memory files,
    /// which SQLite makes with the database's mode: a new file is made 0600 before SQLite opens
    /// it, and one an earlier version left readable by others is narrowed. (Other users of the
    /// machine could read what was seen and liked otherwise.)
    static func makePrivate(_ path: String) {
        // The C library's open, not this type's (`SQLiteSeenLikeStore.open`).
        #if canImport(Glibc)
            let made = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if made >= 0 { Glibc.close(made) }
        #else
            let made = Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if made >= 0 { Darwin.close(made) }
        #endif
        for file in [path, path + "-wal", path + "-shm"] {
            var status = stat()
            if lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
                status.st_mode & 0o077 != 0
            {
                chmod(file, status.st_mode & 0o700)
            }
        }
    }

    /// Opens the pool and migrates, retrying while another process holds the file.
    ///
    /// Processes creating a new file at once race to switch it to WAL and to migrate it; SQLite
    /// answers some of those races with SQLITE_BUSY at once, without waiting in the busy
    /// handler (two readers both wanting to write would deadlock). Such an open is tried again
    /// after a short pause, for up to `patience`. Blocks: async code opens through ``open(path:busyTimeout:)``.
    private static func openAndMigrate(path: String, configuration: Configuration, patience: Duration) throws
        -> DatabasePool
    {
        let deadline = ContinuousClock.now + patience
        var attempt = 0
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try SeenLikeSchema.migrate(pool)
                return pool
            } catch let error as DatabaseError
                where error.resultCode.primaryResultCode == .SQLITE_BUSY && ContinuousClock.now < deadline
            {
                attempt += 1
                Thread.sleep(forTimeInterval: min(0.2, 0.01 * Double(attempt)))
            }
        }
    }

    /// Records a seen item; the first sighting's time and index are kept.
    public func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await markSeen([SeenMark(item: item, user: user, index: index)])
    }

    /// Records every mark in one transaction: all of them, or (on any error) none.
    public func markSeen(_ marks: [SeenMark]) async throws {
        if let bad = marks.first(where: { $0.index < 0 }) { throw SeenLikeStoreError.invalidIndex(bad.index) }
        guard !marks.isEmpty else { return }
        try await write { db in
            let statement = try db.cachedStatement(
                sql: """
                    INSERT INTO seenItem (itemId, userId, itemIndex, seenAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(itemId) DO NOTHING
                    """)
            let now = Date().timeIntervalSince1970
            for mark in marks {
                try statement.execute(arguments: [mark.item.rawValue, mark.user.rawValue, mark.index, now])
                if self.recordsChanges, db.changesCount > 0 { try Self.record(.seen(mark), in: db) }
            }
        }
    }

    /// Likes or unlikes an item.
    public func setLiked(_ item: StoryItemID, _ isLiked: Bool) async throws {
        try await write { db in
            try Self.set(.liked, item.rawValue, isLiked, at: Date().timeIntervalSince1970, in: db)
            // Always sent, even when nothing changed here: this replica may not know yet of
            // the like an unlike undoes (it was made on another device).
            if self.recordsChanges { try Self.record(.liked(item, isLiked), in: db) }
        }
    }

    /// The liked ones among `items`, in one query.
    public func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        guard !items.isEmpty else { return [] }
        let ids: [String] = try await read { db in
            try String.fetchAll(
                db, sql: "SELECT itemId FROM likedItem WHERE itemId IN (\(Self.placeholders(items.count)))",
                arguments: StatementArguments(items.map(\.rawValue)))
        }
        return Set(ids.map { StoryItemID($0) })
    }

    /// Mutes or unmutes a user.
    public func setMuted(_ user: UserID, _ isMuted: Bool) async throws {
        try await write { db in
            try Self.set(.muted, user.rawValue, isMuted, at: Date().timeIntervalSince1970, in: db)
            // Always sent, as a like is: another device may have muted this user.
            if self.recordsChanges { try Self.record(.muted(user, isMuted), in: db) }
        }
    }

    /// Progress for a page of users, whether each is muted included, in one query.
    public func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        var result = Dictionary(uniqueKeysWithValues: Set(users).map { ($0, UserProgress.empty($0)) })
        guard !users.isEmpty else { return result }
        let ids = users.map(\.rawValue)
        let (rows, muted) = try await read { db in
            var rows: [SeenRow] = []
            var muted: [UserID] = []
            // A muted user is a row without an item.
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT userId, itemId, itemIndex FROM seenItem WHERE userId IN (\(Self.placeholders(ids.count)))
                    UNION ALL SELECT userId, NULL, -1 FROM mutedUser WHERE userId IN (\(Self.placeholders(ids.count)))
                    """, arguments: StatementArguments(ids + ids))
            {
                let user = UserID(row["userId"] as String)
                if let item = row["itemId"] as String? {
                    rows.append(SeenRow(user: user, item: StoryItemID(item), index: row["itemIndex"]))
                } else {
                    muted.append(user)
                }
            }
            return (rows, muted)
        }
        for row in rows { result[row.user]?.add(row) }
        for user in muted { result[user]?.isMuted = true }
        return result
    }

    /// Everything, sorted by id.
    public func summary() async throws -> SeenLikeSummary {
        let (seenRows, liked, muted) = try await read { db in
            (
                try SeenRow.fetch(db),
                try String.fetchAll(db, sql: "SELECT itemId FROM likedItem ORDER BY itemId"),
                try String.fetchAll(db, sql: "SELECT userId FROM mutedUser ORDER BY userId").map { UserID($0) }
            )
        }
        var users: [UserID: UserProgress] = [:]
        for row in seenRows { users[row.user, default: .empty(row.user)].add(row) }
        for user in muted { users[user]?.isMuted = true }
        return SeenLikeSummary(
            seenItemIDs: seenRows.map(\.item),
            likedItemIDs: liked.map { StoryItemID($0) },
            users: users.keys.sorted().compactMap { users[$0] }, mutedUserIDs: muted)
    }

    /// `PRAGMA integrity_check`: an empty list when the file is sound, else SQLite's findings.
    public func integrityProblems() async throws -> [String] {
        let lines: [String] = try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        return lines == ["ok"] ? [] : lines
    }

    /// What `stories doctor` reports about the file.
    public func diagnostics() async throws -> SQLiteStoreDiagnostics {
        let integrity = try await integrityProblems()
        return try await read { db in
            SQLiteStoreDiagnostics(
                journalMode: try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "",
                synchronous: try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
                migrations: try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
                integrityProblems: integrity)
        }
    }

    /// Clears seen items (and so progress), likes, mutes, or any of them.
    public func reset(_ scope: ResetScope) async throws {
        try await write { db in
            if scope.contains(.seen) { try db.execute(sql: "DELETE FROM seenItem") }
            if scope.contains(.likes) { try db.execute(sql: "DELETE FROM likedItem") }
            if scope.contains(.mutes) { try db.execute(sql: "DELETE FROM mutedUser") }
            if self.recordsChanges, !scope.isEmpty { try Self.record(.reset(scope), in: db) }
        }
    }

    // Writes and reads run on GRDB's own dispatch queues (its async API), never on the
    // caller's thread: a write can wait up to the busy timeout for another process's lock,
    // and that wait must not hold a thread of Swift's cooperative pool (two on two cores).
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            defer { ownWrites.add(1, ordering: .releasing) }
            return try await pool.write(updates)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// A connection of its own, opened on first use, for `PRAGMA data_version`: it moves
    /// whenever another connection commits — this store's writer and other processes alike.
    private let versionReader = Mutex<DatabaseQueue?>(nil)
    /// This store's own commits, counted (they show in the version at once).
    private let ownWrites = Atomic<Int>(0)
    /// The last `data_version` read and when: read again at most every 50 ms, so a server
    /// under load asks SQLite twenty times a second, not once a request.
    private let lastRead = Mutex<(value: Int, at: ContinuousClock.Instant)?>(nil)
    /// How long a `data_version` read stands for another process's changes (50 ms).
    private let freshness = Mutex<Duration>(.milliseconds(50))

    /// Reads `data_version` again once a read is older than `duration` (0: on every call).
    public func keepStateVersion(for duration: Duration) { freshness.withLock { $0 = duration } }

    /// A number that moves with this store's every commit at once, and with another process's
    /// within 50 ms (`PRAGMA data_version` on a connection that never writes).
    public func stateVersion() async throws -> Int {
        let own = ownWrites.load(ordering: .acquiring)
        let now = ContinuousClock.now
        if let last = lastRead.withLock({ $0 }), now - last.at < freshness.withLock({ $0 }) {
            return own &* 1_000_003 &+ last.value
        }
        let queue: DatabaseQueue
        if let open = versionReader.withLock({ $0 }) {
            queue = open
        } else {
            let path = path
            let opened = try await OwnThread.run {
                var configuration = Configuration()
                configuration.readonly = true
                return try DatabaseQueue(path: path, configuration: configuration)
            }
            queue = versionReader.withLock { kept in
                if let kept { return kept }
                kept = opened
                return opened
            }
        }
        let external: Int
        do {
            external = try await queue.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        } catch {
            throw Self.storeError(error, path: path)
        }
        lastRead.withLock { $0 = (external, now) }
        return own &* 1_000_003 &+ external
    }

    func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(value)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ",")
    }
}
