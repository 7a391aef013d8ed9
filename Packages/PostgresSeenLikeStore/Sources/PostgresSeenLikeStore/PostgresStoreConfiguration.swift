public import Foundation

/// Where the shared state server is and how to reach it; filled by the composition root.
///
/// ## Configuration keys (declared by the app's `PostgresStorePlugin`)
/// - `store.postgres.url`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`.
/// - `store.postgres.password` / `store.postgres.passwordFile`: the password, when not in the URL.
/// - `store.postgres.timeout`: how long a connection or one operation may take.
public struct PostgresStoreConfiguration: Hashable, Sendable {
    /// The server's host.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The user to log in as.
    public var username: String
    /// The password, if any; never printed.
    public var password: String?
    /// The database.
    public var database: String
    /// How long connecting or one operation may take before the server counts as unreachable.
    public var timeout: Duration

    /// Parses a `postgres://` (or `postgresql://`) URL; `password` is used when the URL has none.
    public init(url text: String, password: String? = nil, timeout: Duration = .seconds(5))
        throws(PostgresStoreError)
    {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql", let host = url.host, !host.isEmpty
        else {
            throw .badURL("expected postgres://USER@HOST[:PORT]/DATABASE")
        }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw .badURL("the URL names no database") }
        guard let user = url.user, !user.isEmpty else { throw .badURL("the URL names no user") }
        self.host = host
        self.port = url.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = url.password.map { $0.removingPercentEncoding ?? $0 } ?? password
        self.database = database
        self.timeout = timeout
    }

    /// The server as messages name it: `postgres://USER@HOST:PORT/DATABASE`, never the password.
    public var server: String { "postgres://\(username)@\(host):\(port)/\(database)" }
}
