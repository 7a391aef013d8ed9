import SeenLikeStore
public import StoryInterfaces

/// `store.kind = sqlite`: durable state in the SQLite file at `store.path` (the live store).
public enum SQLiteStorePlugin: StoriesPlugin {
    /// `sqlite`.
    public static let name = "sqlite"
    /// One line about it.
    public static let summary = "SQLite file at store.path (durable)"
    /// Opens the database at `store.path` (on a thread of its own: it may wait for another
    /// process's lock up to the busy timeout).
    public static func make(_ settings: StoriesSettings) async throws -> any SeenLikeStoring {
        try await SQLiteSeenLikeStore.open(path: settings.store.path, busyTimeout: settings.store.busyTimeout)
    }

    /// The file's journal mode, schema and integrity; with `repair`, a damaged file is moved
    /// aside and a new one started (nothing else ever moves it).
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let path = settings.store.path
        if repair {
            switch try await SeenLikeStoreRepair.repair(path: path) {
            case .healthy: return "\(path) is healthy; nothing to repair"
            case .movedAside(let movedTo): return "moved the damaged \(path) to \(movedTo) and started a new one"
            }
        }
        let diagnostics = try await SQLiteSeenLikeStore.open(path: path).diagnostics()
        guard diagnostics.integrityProblems.isEmpty else {
            throw SeenLikeStoreError.damaged(
                path: path, detail: diagnostics.integrityProblems.prefix(3).joined(separator: "; "))
        }
        return "\(path) ok (\(diagnostics.journalMode), schema \(diagnostics.migrations.count))"
    }
}
