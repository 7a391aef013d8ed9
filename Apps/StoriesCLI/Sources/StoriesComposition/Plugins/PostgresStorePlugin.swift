public import ConfigurationLayers
import Foundation
import PostgresSeenLikeStore
public import StoryInterfaces

/// `store.kind = postgres`: seen and liked state on a PostgreSQL server, shared by every device
/// pointed at it (Packages/PostgresSeenLikeStore).
///
/// ## Configuration keys
/// - `store.postgres.url`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]`
///   (its password is never printed; `sslmode` as libpq's, `prefer` by default).
/// - `store.postgres.password` (`STORIES_STORE_POSTGRES_PASSWORD`): the password, when not in
///   the URL; never printed.
/// - `store.postgres.passwordFile`: a file whose first line is the password.
/// - `store.postgres.timeout` (5 s): how long connecting or one operation may take.
public enum PostgresStorePlugin: StoriesPlugin {
    /// `postgres`.
    public static let name = "postgres"
    /// One line about it.
    public static let summary = "PostgreSQL server at store.postgres.url (shared across devices)"

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
            defaultText: "5s", summary: "how long connecting to the state server or one operation may take"),
    ]

    /// Connects and migrates; a missing URL is bad configuration.
    public static func make(_ settings: StoriesSettings) async throws -> any SeenLikeStoring {
        try await PostgresSeenLikeStore.open(try await configuration(settings))
    }

    /// Connects and says which schema the server holds.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let store = try await PostgresSeenLikeStore.open(try await configuration(settings))
        defer { Task { await store.close() } }
        return "\(store.configuration.server) ok (schema \(try await store.schemaVersionInDatabase()))"
    }

    /// Unreachable servers exit 69; a bad URL, a refused login or database and a server not
    /// safe as configured (TLS, a password asked for in clear) 78 — final, never retried; the
    /// rest 74. Messages name the server, never the password.
    public static func report(_ error: any Error) -> PluginErrorReport? {
        guard let error = error as? PostgresStoreError else { return nil }
        switch error {
        case .badURL, .refused, .insecure: return PluginErrorReport(status: .configuration, message: error.description)
        case .invalidIndex: return PluginErrorReport(status: .software, message: error.description)
        case .rejected: return PluginErrorReport(status: .dataError, message: error.description)
        default:
            return PluginErrorReport(status: error.isUnreachable ? .unavailable : .ioError, message: error.description)
        }
    }

    /// The store's configuration; a password file is read off the cooperative pool.
    static func configuration(_ settings: StoriesSettings) async throws -> PostgresStoreConfiguration {
        let resolved = settings.resolved
        guard let url = resolved.text("store.postgres.url") else {
            throw ConfigurationError.invalidValue(
                key: "store.postgres.url", value: "null", source: resolved["store.postgres.url"].source,
                origin: "store.kind=postgres", allowed: "postgres://USER@HOST[:PORT]/DATABASE")
        }
        var password = resolved.text("store.postgres.password")
        if password == nil, let file = resolved.text("store.postgres.passwordFile") {
            guard let text = try? await OwnThread.run({ try String(contentsOfFile: file, encoding: .utf8) }) else {
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
