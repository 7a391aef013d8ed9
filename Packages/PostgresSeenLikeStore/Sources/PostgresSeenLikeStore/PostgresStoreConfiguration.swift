import Foundation

/// Where the shared state server is and how to reach it; filled by the composition root.
///
/// ## Configuration keys (declared by the app's `PostgresStorePlugin`)
/// - `store.postgres.url`: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]`.
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
    /// Whether and how TLS is used (the URL's `sslmode`, libpq's words; `prefer` by default).
    public var sslMode: SSLMode
    /// The certificate authorities' PEM file the server's certificate is checked against
    /// (`sslrootcert`; nil: the system's).
    public var sslRootCertificate: String?

    /// libpq's `sslmode`s.
    public enum SSLMode: String, Hashable, Sendable, CaseIterable {
        /// No TLS; the server may ask for the password in clear (the user said so).
        case disable
        /// TLS when the server offers it, unencrypted otherwise — but then never a password
        /// in clear or as MD5.
        case prefer
        /// TLS always; the certificate is not checked (unless `sslrootcert` is given, as libpq).
        case require
        /// TLS, the certificate signed by a trusted authority.
        case verifyCA = "verify-ca"
        /// TLS, the certificate signed by a trusted authority and naming the host.
        case verifyFull = "verify-full"
    }

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
        var mode = SSLMode.prefer
        var rootCertificate: String? = nil
        for pair in (URLComponents(string: text)?.queryItems ?? []) {
            switch pair.name {
            case "sslmode":
                guard let value = pair.value, let parsed = SSLMode(rawValue: value) else {
                    throw .badURL(
                        "sslmode=\(pair.value ?? "") is not one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                mode = parsed
            case "sslrootcert":
                guard let value = pair.value, !value.isEmpty else { throw .badURL("sslrootcert names no file") }
                rootCertificate = value == "system" ? nil : value
            default:
                throw .badURL("unknown parameter \(pair.name) (stories reads sslmode and sslrootcert)")
            }
        }
        // As libpq: a root certificate given with `require` checks the certificate.
        if mode == .require, rootCertificate != nil { mode = .verifyCA }
        if mode == .verifyFull, PostgresTransport.isAddress(host) {
            throw .badURL(
                "sslmode=verify-full checks the server's name: give the host by the name its certificate has, not \(host)"
            )
        }
        self.sslMode = mode
        self.sslRootCertificate = rootCertificate
    }

    /// The server as messages name it: `postgres://USER@HOST:PORT/DATABASE`, never the password.
    public var server: String { "postgres://\(username)@\(host):\(port)/\(database)" }
}
