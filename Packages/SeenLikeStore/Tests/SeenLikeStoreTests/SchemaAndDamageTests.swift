import Foundation
import GRDB
import SeenLikeStore
import StoryInterfaces
import Testing

/// The SQL of each shipped schema version, frozen here: migrating from each must keep the data.
enum ShippedSchemas {
    static let v1 = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: seen and liked items');
        CREATE TABLE seenItem (itemId TEXT PRIMARY KEY, userId TEXT NOT NULL, itemIndex INTEGER NOT NULL, seenAt DOUBLE NOT NULL);
        CREATE INDEX seenItem_on_userId ON seenItem(userId);
        CREATE TABLE likedItem (itemId TEXT PRIMARY KEY, likedAt DOUBLE NOT NULL);
        INSERT INTO seenItem VALUES ('old-0', 'old', 0, 1700000000);
        INSERT INTO likedItem VALUES ('old-0', 1700000000);
        """
}

@Suite("SQLite store: schema, damage and repair")
struct SchemaAndDamageTests {
    @Test func anEmptyFileIsMigratedToTheCurrentSchemaInWALMode() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try SQLiteSeenLikeStore(path: path)
        try await store.markSeen("i", user: "u", index: 0)
        let diagnostics = try await store.diagnostics()
        #expect(diagnostics.journalMode == "wal")
        #expect(diagnostics.synchronous == 1)  // NORMAL
        #expect(
            diagnostics.migrations == [
                "v1: seen and liked items", "v2: changes waiting for the shared server", "v3: muted users",
            ])
        #expect(diagnostics.integrityProblems.isEmpty)
    }

    @Test func aVersion1FileKeepsItsData() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        try await DatabaseQueue(path: path).write { try $0.execute(sql: ShippedSchemas.v1) }
        let store = try SQLiteSeenLikeStore(path: path)
        #expect(try await store.summary().seenItemIDs == ["old-0"])
        #expect(try await store.likedItems(among: ["old-0"]) == ["old-0"])
        try await store.markSeen("new-0", user: "old", index: 1)
        #expect(try await store.progress(for: ["old"])["old"]?.lastSeenIndex == 1)
    }

    @Test func aNewerSchemaIsRefusedAndLeftAlone() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        _ = try SQLiteSeenLikeStore(path: path)
        try await DatabaseQueue(path: path).write {
            try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9: from the future')")
        }
        #expect(throws: SeenLikeStoreError.newerSchema(path: path)) { try SQLiteSeenLikeStore(path: path) }
        await #expect(throws: SeenLikeStoreError.newerSchema(path: path)) {
            try await SeenLikeStoreRepair.repair(path: path)
        }
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aLockHeldPastTheBusyTimeoutIsReportedAsLocked() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        let store = try SQLiteSeenLikeStore(path: path, busyTimeout: .milliseconds(200))
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true  // the point of this test: hold the write lock
        let other = try DatabaseQueue(path: path, configuration: unsafe)
        try other.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE; INSERT INTO likedItem VALUES ('x', 0)") }
        await #expect(throws: SeenLikeStoreError.locked(path: path)) { try await store.setLiked("y", true) }
        try other.inDatabase { try $0.execute(sql: "COMMIT") }
        try await store.setLiked("y", true)
        #expect(try await store.likedItems(among: ["x", "y"]) == ["x", "y"])
    }

    @Test(.enabled(if: ImmutableFile.isSupported, "chattr +i is not available on this file system"))
    func aReadOnlyFileIsReportedAsReadOnly() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        do {
            let store = try SQLiteSeenLikeStore(path: path)
            try await store.setLiked("a", true)
        }
        try ImmutableFile.set(path, true)
        defer { try? ImmutableFile.set(path, false) }
        // Opening needs to write (WAL, migrations), so the refusal comes at once, naming the file.
        #expect(throws: SeenLikeStoreError.readOnly(path: path)) { try SQLiteSeenLikeStore(path: path) }
        #expect(SeenLikeStoreError.readOnly(path: path).description.contains(path))
    }

    @Test func aFullDiskIsReportedAsFull() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        let store = try SQLiteSeenLikeStore(path: path, maximumPageCount: 14)
        await #expect(throws: SeenLikeStoreError.full(path: path)) {
            for index in 0..<5_000 {
                try await store.markSeen(
                    StoryItemID("item-\(index)-" + String(repeating: "x", count: 200)), user: "u", index: index)
            }
        }
        #expect(SeenLikeStoreError.full(path: path).description.contains("free some space"))
    }

    /// Many items in one call are one transaction: the disk fills part-way and none is kept
    /// (it committed 10 of 160 before).
    @Test func aBatchThatDoesNotFitWritesNothing() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        let store = try SQLiteSeenLikeStore(path: path, maximumPageCount: 14)
        let marks = (0..<5_000).map {
            SeenMark(item: StoryItemID("item-\($0)-" + String(repeating: "x", count: 200)), user: "u", index: $0)
        }
        await #expect(throws: SeenLikeStoreError.full(path: path)) { try await store.markSeen(marks) }
        #expect(try await store.summary().seenItemIDs.isEmpty, "all or nothing")
        try await store.markSeen(Array(marks.prefix(3)))
        #expect(try await store.summary().seenItemIDs.count == 3)
    }

    @Test func repairMovesADamagedFileAsideWithATimestampAndStartsAnew() async throws {
        let folder = try TemporaryDirectory.make()
        let path = folder.appending("state.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
        #expect(throws: SeenLikeStoreError.self) { try SQLiteSeenLikeStore(path: path) }
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let outcome = try await SeenLikeStoreRepair.repair(path: path, now: now)
        #expect(outcome == .movedAside(movedTo: path + ".damaged-20261118T110640Z"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path + ".damaged-20261118T110640Z"))
                == Data(repeating: 0x42, count: 8192))
        let fresh = try SQLiteSeenLikeStore(path: path)
        #expect(try await fresh.summary().seenItemIDs.isEmpty)
    }

    @Test func repairLeavesAHealthyFileAlone() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        try await SQLiteSeenLikeStore(path: path).markSeen("i", user: "u", index: 0)
        #expect(try await SeenLikeStoreRepair.repair(path: path) == .healthy)
        #expect(try await SQLiteSeenLikeStore(path: path).summary().seenItemIDs == ["i"])
    }

    @Test func openingNeverMovesOrDeletesADamagedFile() throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        try Data("not a database at all, but long enough to have a header of sorts".utf8).write(
            to: URL(fileURLWithPath: path))
        for _ in 0..<2 { #expect(throws: SeenLikeStoreError.self) { try SQLiteSeenLikeStore(path: path) } }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).starts(with: Data("not a database".utf8)))
    }
}

/// `chattr +i`: the only way to make a file unwritable for root (tests run as root in CI).
enum ImmutableFile {
    static let isSupported: Bool = {
        guard let folder = try? TemporaryDirectory.make() else { return false }
        let probe = folder.appending("probe")
        _ = FileManager.default.createFile(atPath: probe, contents: Data("x".utf8))
        guard (try? set(probe, true)) != nil else { return false }
        defer { try? set(probe, false) }
        return (try? Data("y".utf8).write(to: URL(fileURLWithPath: probe))) == nil
    }()

    /// Sets or clears the file's immutable flag with the ioctl `chattr` uses (a system call,
    /// not a child process to wait for).
    static func set(_ path: String, _ immutable: Bool) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw CocoaError(.fileNoSuchFile) }
        defer { close(fd) }
        let getFlags: UInt = 0x8008_6601  // FS_IOC_GETFLAGS
        let setFlags: UInt = 0x4008_6602  // FS_IOC_SETFLAGS
        let immutableFlag: CInt = 0x10  // FS_IMMUTABLE_FL
        var flags: CInt = 0
        guard ioctl(fd, getFlags, &flags) == 0 else { throw CocoaError(.fileWriteNoPermission) }
        flags = immutable ? flags | immutableFlag : flags & ~immutableFlag
        guard ioctl(fd, setFlags, &flags) == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
