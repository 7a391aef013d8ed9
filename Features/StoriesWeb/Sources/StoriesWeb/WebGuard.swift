import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Who may use the server when it listens beyond loopback: one pairing token, printed by
/// `stories serve`, good for one visit, which sets a session cookie.
public final class Pairing: Sendable {
    private let state: Mutex<(token: String?, sessions: Set<String>)>
    /// The cookie's name.
    static let cookie = "stories_session"

    /// A pairing with a fresh random token.
    public init() {
        state = Mutex((Self.random(), []))
    }

    /// The pairing path to print (`/pair/TOKEN`), nil once it has been used.
    public var path: String? { state.withLock { $0.token.map { "/pair/" + $0 } } }

    /// Spends `token`: a new session id when it is the token (once), nil otherwise.
    func pair(_ token: String) -> String? {
        state.withLock { state in
            guard let expected = state.token, Self.same(expected, token) else { return nil }
            state.token = nil
            let session = Self.random()
            state.sessions.insert(session)
            return session
        }
    }

    /// Whether `cookieHeader` carries a paired session.
    func isPaired(_ cookieHeader: String?) -> Bool {
        guard let cookieHeader else { return false }
        let values = cookieHeader.split(separator: ";").compactMap { part -> String? in
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return pair.count == 2 && pair[0] == Self.cookie ? pair[1] : nil
        }
        return state.withLock { state in values.contains { state.sessions.contains($0) } }
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
/// paired session beyond loopback, writes from our own pages only; every answer gets the
/// security headers, and every error becomes a page or `{"error":…}` with its status.
struct WebGuard<Context: RequestContext>: RouterMiddleware {
    /// Nil: any host (beyond loopback, where pairing guards); else the Host values accepted.
    let hosts: Set<String>?
    let pairing: Pairing?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            try check(request)
            if let pairing, request.uri.path.hasPrefix("/pair/") {
                response = pair(request, pairing)
            } else {
                if let pairing, !pairing.isPaired(request.headers[.cookie]) {
                    throw WebError(
                        .forbidden,
                        "This device is not paired. Open the pairing link that `stories serve` printed (or scan its code)."
                    )
                }
                response = try await next(request, context)
            }
        } catch {
            response = Self.errorResponse(error, api: request.uri.path.hasPrefix("/api/"))
        }
        if request.method == .get, response.status == .ok, let tag = response.headers[.eTag],
            request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == tag
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

    private func pair(_ request: Request, _ pairing: Pairing) -> Response {
        let token = String(request.uri.path.dropFirst("/pair/".count))
        guard let session = pairing.pair(token) else {
            return Self.errorResponse(
                WebError(
                    .forbidden,
                    "This pairing link was used already or is not ours. Restart `stories serve` for a new one."),
                api: false)
        }
        var headers = HTTPFields()
        headers[.location] = "/"
        headers[.setCookie] = "\(Pairing.cookie)=\(session); Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000"
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
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
