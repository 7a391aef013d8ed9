import SeenLikeStore
public import StoryInterfaces

/// `store.kind = sqlite`: durable state in the SQLite file at `store.path` (the live store).
public enum SQLiteStorePlugin: StoriesPlugin {
    /// `sqlite`.
    public static let name = "sqlite"
    /// One line about it.
    public static let summary = "SQLite file at store.path (durable)"
    /// Opens the database at `store.path`.
    public static func make(_ settings: StoriesSettings) throws -> any SeenLikeStoring {
        try SQLiteSeenLikeStore(path: settings.store.path, busyTimeout: settings.store.busyTimeout)
    }
}
