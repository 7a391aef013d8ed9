import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Who may use the server: a browser gets nothing before it opens the link `stories serve`
/// prints, which sets a session cookie (as Jupyter's token does). Beyond loopback the link is a
/// phone's pairing, good for one visit; on loopback it is the owner's, good for every visit
/// and, when kept in a file, across restarts — another Unix user of the machine never sees it.
public final class Pairing: Sendable {
    private let state: Mutex<(token: String?, sessions: Set<String>)>
    /// Whether the link works for every visit (the owner's, on loopback).
    let reusable: Bool

    /// A phone's pairing: a fresh random token, good for one visit.
    public convenience init() {
        self.init(token: Self.random(), session: nil, reusable: false)
    }

    private init(token: String, session: String?, reusable: Bool) {
        state = Mutex((token, session.map { [$0] } ?? []))
        self.reusable = reusable
    }

    /// The owner's pairing on loopback: a token and its session, random, good for every visit
    /// of this server's life (`owner(keptIn:)` keeps them across restarts).
    public static func owner() -> Pairing {
        Pairing(token: random(), session: random(), reusable: true)
    }

    /// The owner's pairing with its token and session kept in `file` (mode 0600 in a 0700
    /// folder, made on first use), so links and open pages survive a restart. A file another
    /// user could read, or one that is damaged, is replaced by a new secret.
    public static func owner(keptIn file: String) throws -> Pairing {
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            let mode = attributes[.posixPermissions] as? NSNumber, mode.intValue & 0o077 == 0,
            let text = try? String(contentsOfFile: file, encoding: .utf8)
        {
            let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
            if words.count == 2, words.allSatisfy({ $0.count == 64 && $0.allSatisfy(\.isHexDigit) }) {
                return Pairing(token: words[0], session: words[1], reusable: true)
            }
        }
        let pairing = owner()
        let words = pairing.state.withLock { [$0.token ?? "", $0.sessions.first ?? ""] }
        try? FileManager.default.removeItem(atPath: file)
        guard
            FileManager.default.createFile(
                atPath: file, contents: Data((words.joined(separator: "\n") + "\n").utf8),
                attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file]) }
        return pairing
    }

    /// The link's path to print (`/pair/TOKEN`), nil once a one-visit link has been used.
    public var path: String? { state.withLock { $0.token.map { "/pair/" + $0 } } }

    /// The session cookie's name: it carries the port, as a cookie goes to every port of its
    /// host and two servers on one machine must not take each other's.
    static func cookie(port: Int) -> String { "stories_session_\(port)" }

    /// Spends `token`: the session it opens when it is the token, nil otherwise (a one-visit
    /// token is gone after its first use).
    func pair(_ token: String) -> String? {
        state.withLock { state in
            guard let expected = state.token, Self.same(expected, token) else { return nil }
            if reusable, let session = state.sessions.first { return session }
            state.token = nil
            let session = Self.random()
            state.sessions.insert(session)
            return session
        }
    }

    /// Whether `session` (the cookie's value) is a paired session.
    func isPaired(_ session: String?) -> Bool {
        guard let session else { return false }
        return state.withLock { state in state.sessions.contains { Self.same($0, session) } }
    }

    /// 32 random bytes as hex (the system's generator).
    private static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Compares in time that does not depend on where they differ.
    private static func same(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The security headers of every answer.
enum SecurityHeaders {
    /// The headers every answer carries (made once).
    static let fields: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Cross-Origin-Resource-Policy")!: "same-origin",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
    ]

}

/// Every request passes here: the Host is one of ours on loopback (no DNS rebinding), a
/// session opened by the printed link (loopback included: another Unix user reaches nothing),
/// writes from our own pages only; every answer gets the security headers, and every error
/// becomes a page or `{"error":…}` with its status.
struct WebGuard<Context: RequestContext>: RouterMiddleware {
    /// Nil: any host (beyond loopback, where pairing guards); else the Host values accepted.
    let hosts: Set<String>?
    let pairing: Pairing
    /// The port bound (the session cookie's name carries it).
    let port: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            try check(request)
            if request.uri.path.hasPrefix("/pair/") {
                response = pair(request)
            } else if !pairing.isPaired(request.cookies[Pairing.cookie(port: port)]?.value) {
                // Closed after the answer: an unpaired client holds no connection.
                response = Self.errorResponse(
                    WebError(
                        .forbidden,
                        pairing.reusable
                            ? "This browser has no session yet. Open the link that `stories serve` printed (http://…/pair/…): it lets this browser in."
                            : "This device is not paired. Open the pairing link that `stories serve` printed (or scan its code)."
                    ), api: request.uri.path.hasPrefix("/api/"))
                response.headers[.connection] = "close"
            } else {
                response = try await next(request, context)
            }
        } catch {
            response = Self.errorResponse(error, api: request.uri.path.hasPrefix("/api/"))
        }
        if request.method == .get || request.method == .head, response.status == .ok,
            let tag = response.headers[.eTag],
            request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
                // A gzipped answer's tag is weak (WebCompression): the same bytes before it.
                let given = $0.trimmingCharacters(in: .whitespaces)
                return given == tag || "W/" + given == tag || given == "W/" + tag
            }) == true
        {
            var headers = response.headers
            headers[.contentLength] = nil
            headers[.contentType] = nil
            response = Response(status: .notModified, headers: headers)
        }
        for field in SecurityHeaders.fields where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }

    /// Refuses a foreign Host and a cross-site write.
    private func check(_ request: Request) throws {
        if let hosts, !hosts.contains((request.head.authority ?? "").lowercased()) {
            throw WebError(
                .misdirectedRequest, "This server answers only as \(hosts.sorted().joined(separator: " or ")).")
        }
        guard ![.get, .head, .options].contains(request.method) else { return }
        if !Self.isSameOrigin(request) {
            throw WebError(.forbidden, "Cross-site writes are refused: change state from this site's own pages.")
        }
    }

    /// Whether a request came from one of our pages: `Sec-Fetch-Site: same-origin`, or an
    /// `Origin` naming our host; a request with neither is no browser's cross-site request
    /// (every browser that lacks Sec-Fetch-Site sends Origin on a write), so a script's curl works.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!] { return site == "same-origin" }
        guard let origin = request.headers[HTTPField.Name("Origin")!] else { return true }
        let host = request.head.authority ?? ""
        return origin == "http://" + host || origin == "https://" + host
    }

    private func pair(_ request: Request) -> Response {
        let token = String(request.uri.path.dropFirst("/pair/".count))
        guard let session = pairing.pair(token) else {
            var response = Self.errorResponse(
                WebError(
                    .forbidden,
                    pairing.reusable
                        ? "This link is not this server's. Open the one that `stories serve` printed."
                        : "This pairing link was used already or is not ours. Restart `stories serve` for a new one."),
                api: false)
            response.headers[.connection] = "close"
            return response
        }
        var response = Response(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"])
        response.setCookie(
            Cookie(
                name: Pairing.cookie(port: port), value: session, maxAge: 31_536_000, path: "/", httpOnly: true,
                sameSite: .lax))
        return response
    }

    /// An error as a page, or as `{"error":…}` for the API.
    static func errorResponse(_ error: any Error, api: Bool) -> Response {
        let web: WebError
        if !(error is WebError), let error = error as? any HTTPResponseError {
            web = WebError(
                error.status,
                error.status == .notFound ? "There is no such page." : error.status.reasonPhrase)
        } else {
            web = WebError.from(error)
        }
        if api {
            let body = (try? JSONEncoder().encode(["error": web.message])) ?? Data("{}".utf8)
            return Response(
                status: web.status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        return WebPages.html(WebPages.errorPage(web), status: web.status, cache: "no-store")
    }
}
