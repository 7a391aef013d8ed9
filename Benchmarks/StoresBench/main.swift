import Foundation
@_spi(Diagnostics) import PostgresSeenLikeStore
@_spi(Diagnostics) import SeenLikeStore
import StateSync
import StoryInterfaces
import Synchronization

// The seen/like rows of QUALITY.md, measured in one process; Scripts/bench runs it and takes
// medians. Every write is durable on return (the store's contract; the baseline synchronises).
//
// usage: StoresBench writes N          N mark-seen then N like toggles: SQLite store vs the seeds'
//                                      way (a Set of ids in UserDefaults rewritten per change)
//        StoresBench scaling ROWS N    seconds per write for N writes into a store holding ROWS rows
//        StoresBench traystate USERS   SQL statements run to read the seen state of a page of USERS
//                                      users (5 items each, half of them seen) and their likes
//        StoresBench durable N URL     N mark-seen then N like toggles, each committed on return:
//                                      the SQLite store vs the PostgreSQL store at URL (an empty
//                                      database; Scripts/bench starts a throwaway cluster)
//        StoresBench pgtraystate USERS URL   as traystate, on the PostgreSQL store at URL
//        StoresBench sync N URL       a replica with N changes waiting (half seen marks, half likes
//                                     and unlikes) synced to the server at URL: seconds, statements
//        StoresBench pgpage USERS URL the state of a tray page of USERS users (user-0 …) read from
//                                     the server at URL as its login's person: seconds, statements

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = start.duration(to: clock.now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func temporaryStorePath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stores-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("state.sqlite").path
}

/// The seeds' way: the whole set of ids re-encoded into UserDefaults on every change, as a
/// property-list array. (Built as an explicit NSArray of NSStrings: bridging a Swift array
/// crashes statically linked Foundation inside CF.)
func userDefaultsWrites(_ count: Int) -> Double {
    let suite = "stories-bench-\(UUID().uuidString)"
    let defaults = UserDefaults(suiteName: suite)!
    defer { defaults.removePersistentDomain(forName: suite) }
    let clock = ContinuousClock()
    let start = clock.now
    var seen = Set<String>()
    var liked = Set<String>()
    for index in 0..<count {
        seen.insert("item-\(index)")
        defaults.set(NSArray(array: seen.map { NSString(string: $0) }), forKey: "seenItems")
        defaults.synchronize()
    }
    for index in 0..<count {
        let id = "item-\(index)"
        if liked.contains(id) { liked.remove(id) } else { liked.insert(id) }
        defaults.set(NSArray(array: liked.map { NSString(string: $0) }), forKey: "likedItems")
        defaults.synchronize()
    }
    let elapsed = start.duration(to: clock.now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func storeWrites(_ count: Int) async throws -> Double {
    try await writes(count, into: try SQLiteSeenLikeStore(path: try temporaryStorePath()))
}

func writes(_ count: Int, into store: any SeenLikeStoring) async throws -> Double {
    try await seconds {
        for index in 0..<count {
            try await store.markSeen(StoryItemID("item-\(index)"), user: UserID("user-\(index / 5)"), index: index % 5)
        }
        for index in 0..<count {
            try await store.setLiked(StoryItemID("item-\(index)"), true)
        }
    }
}

func perWrite(rows: Int, writes: Int) async throws -> Double {
    let store = try SQLiteSeenLikeStore(path: try temporaryStorePath())
    for index in 0..<rows {
        try await store.markSeen(StoryItemID("fill-\(index)"), user: UserID("user-\(index / 5)"), index: index % 5)
    }
    let total = try await seconds {
        for index in 0..<writes {
            try await store.markSeen(StoryItemID("new-\(index)"), user: UserID("new-\(index / 5)"), index: index % 5)
        }
    }
    return total / Double(writes)
}

/// Statements run by `progress(for:)` over `users` users and `likedItems(among:)` over their items.
func trayStateStatements(users count: Int) async throws -> (progress: Int, likes: Int) {
    let statements = Mutex(0)
    let store = try SQLiteSeenLikeStore(
        path: try temporaryStorePath(),
        statementObserver: { sql in
            // Queries of our tables; GRDB's own BEGIN/COMMIT and `PRAGMA schema_version` are not counted.
            if sql.hasPrefix("SELECT") || sql.hasPrefix("INSERT") || sql.hasPrefix("UPDATE") || sql.hasPrefix("DELETE")
            {
                statements.withLock { $0 += 1 }
            }
        })
    return try await trayStateStatements(users: count, in: store) { statements.withLock { $0 } }
}

/// The same over the PostgreSQL store at `url` (statements the store sent to the server).
func postgresTrayStateStatements(users count: Int, url: String) async throws -> (progress: Int, likes: Int) {
    let store = try await PostgresSeenLikeStore.open(try PostgresStoreConfiguration(url: url, password: nil))
    defer { Task { await store.close() } }
    return try await trayStateStatements(users: count, in: store) { store.statementsSent }
}

/// Fills `store` (5 items a user, every other one seen and liked), then counts the statements
/// (`sent()`: a running total) of one `progress(for:)` of every user and one `likedItems`.
func trayStateStatements(users count: Int, in store: any SeenLikeStoring, sent: () -> Int) async throws -> (
    progress: Int, likes: Int
) {
    let users = (0..<count).map { UserID("user-\($0)") }
    let items = users.flatMap { user in (0..<5).map { StoryItemID("\(user.rawValue)-\($0)") } }
    for (index, item) in items.enumerated() where index % 2 == 0 {
        try await store.markSeen(item, user: UserID(String(item.rawValue.dropLast(2))), index: index % 5)
        try await store.setLiked(item, true)
    }
    let before = sent()
    let progress = try await store.progress(for: users)
    precondition(progress.values.contains { !$0.seenItemIDs.isEmpty }, "the state was read")
    let afterProgress = sent()
    let liked = try await store.likedItems(among: items)
    precondition(!liked.isEmpty, "the likes were read")
    return (afterProgress - before, sent() - afterProgress)
}

/// A replica with `count` changes waiting, synced to the server at `url`.
func syncOf(_ count: Int, url: String) async throws -> (seconds: Double, statements: Int, pushed: Int) {
    let replica = try SQLiteSeenLikeStore(path: try temporaryStorePath(), recordsChanges: true)
    let marks = (0..<(count / 2)).map {
        SeenMark(item: StoryItemID("item-\($0)"), user: UserID("user-\($0 / 5)"), index: $0 % 5)
    }
    try await replica.markSeen(marks)
    for index in 0..<(count - count / 2) {
        try await replica.setLiked(StoryItemID("item-\(index / 2)"), index % 2 == 0)
    }
    let server = try await PostgresSeenLikeStore.open(try PostgresStoreConfiguration(url: url, password: nil))
    let before = server.statementsSent
    var report = StateSynchronizer.Report()
    let elapsed = try await seconds { report = try await StateSynchronizer.sync(replica, with: server) }
    let statements = server.statementsSent - before
    await server.close()
    return (elapsed, statements, report.pushed)
}

/// One tray page's state read from the server at `url` (filled by Scripts/bench).
func pageState(users count: Int, url: String) async throws -> (seconds: Double, statements: Int, seen: Int) {
    let server = try await PostgresSeenLikeStore.open(try PostgresStoreConfiguration(url: url, password: nil))
    let users = (0..<count).map { UserID("user-\($0)") }
    _ = try await server.progress(for: users)  // the connection made, the plan cached
    let before = server.statementsSent
    var progress: [UserID: UserProgress] = [:]
    let elapsed = try await seconds { progress = try await server.progress(for: users) }
    let statements = server.statementsSent - before
    await server.close()
    return (elapsed, statements, progress.values.map(\.seenItemIDs.count).reduce(0, +))
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.dropFirst().compactMap { Int($0) }) {
case ("writes", let numbers) where numbers.count == 1:
    let ours = try await storeWrites(numbers[0])
    let baseline = userDefaultsWrites(numbers[0])
    print(#"{"ours":\#(ours),"baseline":\#(baseline)}"#)
case ("scaling", let numbers) where numbers.count == 2:
    print(#"{"perWrite":\#(try await perWrite(rows: numbers[0], writes: numbers[1]))}"#)
case ("durable", let numbers) where numbers.count == 1 && arguments.count == 3:
    let url = arguments[arguments.startIndex + 2]
    let sqlite = try await storeWrites(numbers[0])
    let postgres = try await PostgresSeenLikeStore.open(try PostgresStoreConfiguration(url: url, password: nil))
    let onServer = try await writes(numbers[0], into: postgres)
    await postgres.close()
    print(#"{"sqlite":\#(sqlite),"postgres":\#(onServer),"writes":\#(2 * numbers[0])}"#)
case ("pgtraystate", let numbers) where numbers.count == 1 && arguments.count == 3:
    let counts = try await postgresTrayStateStatements(users: numbers[0], url: arguments[arguments.startIndex + 2])
    print(#"{"progressStatements":\#(counts.progress),"likeStatements":\#(counts.likes),"users":\#(numbers[0])}"#)
case ("sync", let numbers) where numbers.count == 1 && arguments.count == 3:
    let sync = try await syncOf(numbers[0], url: arguments[arguments.startIndex + 2])
    print(#"{"seconds":\#(sync.seconds),"statements":\#(sync.statements),"changes":\#(sync.pushed)}"#)
case ("pgpage", let numbers) where numbers.count == 1 && arguments.count == 3:
    let page = try await pageState(users: numbers[0], url: arguments[arguments.startIndex + 2])
    print(#"{"seconds":\#(page.seconds),"statements":\#(page.statements),"seen":\#(page.seen)}"#)
case ("traystate", let numbers) where numbers.count == 1:
    let counts = try await trayStateStatements(users: numbers[0])
    print(#"{"progressStatements":\#(counts.progress),"likeStatements":\#(counts.likes),"users":\#(numbers[0])}"#)
default:
    FileHandle.standardError.write(
        Data(
            "usage: StoresBench writes N | scaling ROWS N | traystate USERS | durable N URL | pgtraystate USERS URL | sync N URL | pgpage USERS URL\n"
                .utf8))
    exit(64)
}
