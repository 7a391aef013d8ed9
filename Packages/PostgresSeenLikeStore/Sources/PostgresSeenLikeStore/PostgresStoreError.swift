/// Why the PostgreSQL store failed; every message names the server without its password.
public enum PostgresStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `store.postgres.url` is not a usable `postgres://` URL.
    case badURL(String)
    /// The server could not be reached or did not answer in time (the CLI's exit 69).
    case unreachable(server: String, detail: String)
    /// A lock this command needs was not had in time: another session holds this person's
    /// order or a table (the CLI's exit 69, as unreachable: nothing is lost, try again).
    case busy(server: String)
    /// The server refused the login or the database (the CLI's exit 78: fix the URL or the
    /// password). Final: never tried again (each try is a failed login on the server).
    case refused(server: String, detail: String)
    /// The server, or the way to it, is not safe to use as configured (no TLS where sslmode
    /// requires it, a certificate that does not check out, a password asked for in clear over
    /// an unencrypted connection, a message too large): the CLI's exit 78. Final too.
    case insecure(server: String, detail: String)
    /// The database holds a schema from a newer `stories`.
    case newerSchema(server: String, version: Int, known: Int)
    /// The database holds an older schema and this login may not change it (a person's role):
    /// an administrator migrates it (`stories admin init`). Final.
    case schemaNeedsAdministrator(server: String, version: Int, known: Int)
    /// A statement failed on the server.
    case failed(server: String, detail: String)
    /// The server refused a value it can never store (too long for its index, a NUL): sending
    /// it again cannot help (the CLI's exit 65).
    case rejected(server: String, detail: String)
    /// An item index below zero (a caller's bug).
    case invalidIndex(Int)

    /// One line: what failed, where, and how to go on.
    public var description: String {
        switch self {
        case .badURL(let detail): "store.postgres.url is not usable: \(detail)"
        case .unreachable(let server, let detail):
            "state server unreachable: \(server) (\(detail)); check that it runs and store.postgres.url"
        case .busy(let server):
            "the state server \(server) is busy (another session holds a lock this change needs); nothing was lost, try again in a moment"
        case .refused(let server, let detail):
            "the state server \(server) refused the login: \(detail); check the user, the password and the database in store.postgres.url"
        case .insecure(let server, let detail): "the state server \(server) was not used: \(detail)"
        case .newerSchema(let server, let version, let known):
            "the state database at \(server) has schema \(version), newer than this stories knows (\(known)); update stories"
        case .schemaNeedsAdministrator(let server, let version, let known):
            "the state database at \(server) has schema \(version), older than this stories needs (\(known)), and this login may not change it; an administrator runs `stories admin init` with the database owner's URL"
        case .failed(let server, let detail): "the state server \(server) failed: \(detail)"
        case .rejected(let server, let detail): "the state server \(server) cannot store this change: \(detail)"
        case .invalidIndex(let index): "item index \(index) is below zero"
        }
    }

    /// Whether the server could not be reached, or was busy (as opposed to a failed statement,
    /// or a refusal): try again later.
    public var isUnreachable: Bool {
        switch self {
        case .unreachable, .busy: true
        default: false
        }
    }

    /// Whether trying again cannot help: the login or the database was refused, or the server
    /// is not safe as configured. Retrying costs failed logins (a lock-out risk).
    public var isFinal: Bool {
        switch self {
        case .refused, .insecure, .badURL, .newerSchema, .schemaNeedsAdministrator: true
        default: false
        }
    }
}
