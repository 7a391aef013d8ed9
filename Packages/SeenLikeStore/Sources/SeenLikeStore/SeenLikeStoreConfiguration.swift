/// Which store to build and where; filled by the composition root from `store.kind`
/// and `store.path` (the package never reads configuration itself).
///
/// ## Configuration keys
/// - `store.kind`: `sqlite` (live, default) or `memory` (the mock).
/// - `store.path`: the SQLite file, by default `$XDG_DATA_HOME/stories/state.sqlite`.
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
