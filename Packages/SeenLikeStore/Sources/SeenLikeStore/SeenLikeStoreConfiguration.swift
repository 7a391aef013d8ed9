/// Which store to build and where; filled by the composition root from `store.kind`,
/// `store.path` and `store.busyTimeout` (the package never reads configuration itself).
///
/// ## Configuration keys
/// - `store.kind`: `sqlite` (live, default) or `memory` (the mock).
/// - `store.path`: the SQLite file, by default `$XDG_DATA_HOME/stories/state.sqlite`.
/// - `store.busyTimeout`: how long a write (or the first open) waits for another process's
///   lock, 5 s by default.
public struct SeenLikeStoreConfiguration: Hashable, Sendable {
    /// The database file for the SQLite store.
    public var path: String
    /// How long a write waits for another process's lock.
    public var busyTimeout: Duration

    /// Creates a configuration.
    public init(path: String, busyTimeout: Duration = .seconds(5)) {
        self.path = path
        self.busyTimeout = busyTimeout
    }
}
