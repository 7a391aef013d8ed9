public import ConfigurationLayers
import Foundation
import PostgresSeenLikeStore
import SeenLikeStore
import StateSync
import StoryBase
public import StoryInterfaces
import StoryTerminal

/// `store.kind = postgres`: seen and liked state shared by a person's devices through a
/// PostgreSQL server (Packages/PostgresSeenLikeStore), offline first: every read and write
/// goes to a local SQLite replica beside `store.path` (one per server and login), and
/// StateSync exchanges changes with the server — before a command's first read, at its end,
/// in the background of the interactive app, and in `stories sync`.
///
/// ## Configuration keys
/// - `store.postgres.url`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]`
///   (its password is never printed; `sslmode` as libpq's, `prefer` by default).
/// - `store.postgres.password` (`STORIES_STORE_POSTGRES_PASSWORD`): the password, when not in
///   the URL; never printed.
/// - `store.postgres.passwordFile`: a file whose first line is the password.
/// - `store.postgres.timeout` (5 s): how long connecting or one operation may take, and how
///   long a command waits for its sync (the changes wait for the next one after that).
public enum PostgresStorePlugin: StoriesPlugin {
    /// `postgres`.
    public static let name = "postgres"
    /// One line about it.
    public static let summary = "PostgreSQL server at store.postgres.url (shared across devices)"

    /// `stories sync` and `stories admin` (PostgresStoreCommands.swift).
    public static let commands: [Subcommand] = [.leaf("sync", SyncCommand.self), .tree("admin", AdminCommand.self)]

    /// Its keys.
    public static let settings: [SettingSpec] = [
        SettingSpec(
            key: "store.postgres.url", kind: .text, defaultText: nil,
            summary:
                "the state server for store.kind=postgres: postgres://USER@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require|verify-ca|verify-full&sslrootcert=FILE]"
        ),
        SettingSpec(
            key: "store.postgres.password", kind: .text, defaultText: nil,
            summary: "the state server's password, when not in the URL (best from the environment)", isSecret: true),
        SettingSpec(
            key: "store.postgres.passwordFile", kind: .path, defaultText: nil,
            summary: "a file whose first line is the state server's password"),
        SettingSpec(
            key: "store.postgres.timeout", kind: .duration(.milliseconds(100)...Duration.seconds(600)),
            defaultText: "5s",
            summary:
                "how long connecting to the state server or one operation may take, and a command waits for its sync"),
    ]

    /// The local replica, its changes synced with the server (opened on first use). The end
    /// of the program sends what is pending (``ProgramEnd``).
    public static func make(_ settings: StoriesSettings) async throws -> any SeenLikeStoring {
        let configuration = try await configuration(settings)
        let store = CommandSyncedStore(
            replica: try await replica(settings, configuration), server: server(configuration),
            named: configuration.server, limit: configuration.timeout,
            say: { StandardStreams.printError("warning: " + $0) },
            administration: { try await PostgresSeenLikeStore.open(configuration) })
        ProgramEnd.add { await store.finish() }
        return store
    }

    /// The local replica for this server and login, beside `store.path`.
    static func replica(_ settings: StoriesSettings, _ configuration: PostgresStoreConfiguration) async throws
        -> SQLiteSeenLikeStore
    {
        let folder = URL(fileURLWithPath: SQLiteStorePlugin.configuration(settings).path).deletingLastPathComponent()
        let name = String(StableHash.fnv1a(configuration.server), radix: 16)
        return try await SQLiteSeenLikeStore.open(
            path: folder.appendingPathComponent("shared-\(name).sqlite").path,
            busyTimeout: SQLiteStorePlugin.configuration(settings).busyTimeout, recordsChanges: true)
    }

    /// The server, connected (and its schema checked) on first use.
    static func server(_ configuration: PostgresStoreConfiguration) -> OpeningServer {
        OpeningServer(
            open: { try await PostgresSeenLikeStore.open(configuration) },
            isFinal: { ($0 as? PostgresStoreError)?.isFinal == true })
    }

    /// Connects, says which schema the server holds and how the replica stands.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let configuration = try await configuration(settings)
        let status = try await replica(settings, configuration).syncStatus()
        let waiting = "\(status.pending) \(status.pending == 1 ? "change waits" : "changes wait")"
        let last = status.lastSync.map { "last sync \($0.formatted(.iso8601))" } ?? "never synced"
        let store = try await PostgresSeenLikeStore.open(configuration)
        defer { Task { await store.close() } }
        return
            "\(store.configuration.server) ok (schema \(try await store.schemaVersionInDatabase())); \(waiting), \(last)"
    }

    /// Unreachable servers exit 69; a bad URL, a refused login or database and a server not
    /// safe as configured (TLS, a password asked for in clear) 78 — final, never retried; the
    /// rest 74. Messages name the server, never the password.
    public static func report(_ error: any Error) -> PluginErrorReport? {
        if let error = error as? PostgresURLOriginError, let report = report(error.cause) {
            let message = report.message.replacingOccurrences(of: "store.postgres.url", with: error.origin)
            return PluginErrorReport(
                status: report.status,
                message: message == report.message ? message + " (the URL from \(error.origin))" : message)
        }
        if let error = error as? PostgresSeenLikeStore.AdministrationError {
            switch error {
            case .cannotCreateRoles: return PluginErrorReport(status: .configuration, message: "\(error)")
            case .personExists: return PluginErrorReport(status: .dataError, message: "\(error)")
            default: return PluginErrorReport(status: .usage, message: "\(error)")
            }
        }
        guard let error = error as? PostgresStoreError else { return nil }
        switch error {
        case .badURL, .refused, .insecure, .schemaNeedsAdministrator:
            return PluginErrorReport(status: .configuration, message: error.description)
        case .invalidIndex: return PluginErrorReport(status: .software, message: error.description)
        case .rejected: return PluginErrorReport(status: .dataError, message: error.description)
        default:
            return PluginErrorReport(status: error.isUnreachable ? .unavailable : .ioError, message: error.description)
        }
    }

    /// The store's configuration; a password file is read off the cooperative pool.
    static func configuration(_ settings: StoriesSettings, url given: String? = nil) async throws
        -> PostgresStoreConfiguration
    {
        let resolved = settings.resolved
        guard let url = given ?? resolved.text("store.postgres.url") else {
            throw ConfigurationError.invalidValue(
                key: "store.postgres.url", value: "null", source: resolved["store.postgres.url"].source,
                origin: "store.kind=postgres", allowed: "postgres://USER@HOST[:PORT]/DATABASE")
        }
        var password = resolved.text("store.postgres.password")
        if password == nil, let file = resolved.text("store.postgres.passwordFile") {
            guard
                let text = try? await OwnThread.run({ () throws(BoundedFileError) in
                    String(decoding: try BoundedFile.contents(of: file, limit: 64 << 10), as: UTF8.self)
                })
            else {
                throw ConfigurationError.invalidValue(
                    key: "store.postgres.passwordFile", value: file,
                    source: resolved["store.postgres.passwordFile"].source,
                    origin: "store.kind=postgres", allowed: "a readable file whose first line is the password")
            }
            password = text.split(whereSeparator: \.isNewline).first.map(String.init)
        }
        return try PostgresStoreConfiguration(
            url: url, password: password, timeout: resolved.duration("store.postgres.timeout"))
    }
}

extension PostgresStorePlugin {
    /// Where store.postgres.url came from, as a person would look for it: the key and the
    /// environment variable or file that set it.
    static func urlOrigin(_ root: CompositionRoot) -> String {
        let key = "store.postgres.url"
        switch root.settings.resolved[key].source {
        case .flag: return "--set \(key)"
        case .environment: return "\(key), from STORIES_STORE_POSTGRES_URL"
        case .file: return "\(key), from \(root.settings.resolved.configFile ?? "the config file")"
        case .default: return key
        }
    }
}

/// A refused login or an unusable URL, with where the URL came from (`--url`, or
/// store.postgres.url and what set it): the message names that instead of guessing.
struct PostgresURLOriginError: Error {
    /// The store's own error.
    var cause: PostgresStoreError
    /// `--url`, or the key and its source.
    var origin: String

    /// Runs `body`; a refused login, a bad URL or a server not reached comes back naming `origin`.
    static func naming<T>(_ origin: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgresStoreError {
            switch error {
            case .refused, .badURL, .unreachable: throw PostgresURLOriginError(cause: error, origin: origin)
            default: throw error
            }
        }
    }
}
