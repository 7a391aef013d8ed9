public import ConfigurationLayers
public import SeenLikeStore
public import StoryInterfaces

/// `store.kind = sqlite`: durable state in the SQLite file at `store.path` (the live store).
public enum SQLiteStorePlugin: StoriesPlugin {
    /// `sqlite`.
    public static let name = "sqlite"
    /// One line about it.
    public static let summary = "SQLite file at store.path (durable)"

    /// Its keys: the file and how long a write waits for another process's lock.
    public static let settings: [SettingSpec] = [
        SettingSpec(
            key: "store.path", kind: .path, defaultText: "$XDG_DATA_HOME/stories/state.sqlite", flag: "store-path",
            summary: "the SQLite state file"),
        SettingSpec(
            key: "store.busyTimeout", kind: .duration(.milliseconds(100)...Duration.seconds(600)), defaultText: "5s",
            summary: "how long a write waits for another process's lock on the state file"),
    ]

    /// `store.path` and `store.busyTimeout` as the package's configuration.
    public static func configuration(_ settings: StoriesSettings) -> SeenLikeStoreConfiguration {
        SeenLikeStoreConfiguration(
            path: settings.resolved.text("store.path") ?? "",
            busyTimeout: settings.resolved.duration("store.busyTimeout"))
    }
    /// Opens the database at `store.path` (on a thread of its own: it may wait for another
    /// process's lock up to the busy timeout).
    public static func make(_ settings: StoriesSettings) async throws -> any SeenLikeStoring {
        let configuration = configuration(settings)
        return try await SQLiteSeenLikeStore.open(path: configuration.path, busyTimeout: configuration.busyTimeout)
    }

    /// The file's journal mode, schema and integrity; with `repair`, a damaged file is moved
    /// aside and a new one started (nothing else ever moves it).
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let path = configuration(settings).path
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
