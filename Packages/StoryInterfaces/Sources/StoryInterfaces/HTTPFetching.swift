public import Foundation

/// One HTTP GET: where, which headers, and the limits it must keep.
public struct HTTPFetchRequest: Hashable, Sendable {
    /// The URL, http or https.
    public var url: URL
    /// Extra request headers (`User-Agent` and the like).
    public var headers: [String: String]
    /// The most body bytes accepted, after any decompression: an announced `Content-Length`
    /// over it is refused before reading, a streamed body is stopped when it passes it.
    public var maximumBytes: Int
    /// The whole exchange — connecting, redirects, headers and the body — must end within this
    /// (a total deadline, not an idle timer).
    public var deadline: Duration

    /// Creates a request.
    public init(url: URL, headers: [String: String] = [:], maximumBytes: Int, deadline: Duration) {
        self.url = url
        self.headers = headers
        self.maximumBytes = maximumBytes
        self.deadline = deadline
    }
}

/// A response with its whole body (any status: the caller judges it).
public struct HTTPFetchResponse: Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The headers, by lower-case name (repeated headers joined with ", ").
    public var headers: [String: String]
    /// The body, decompressed.
    public var body: Data
    /// The URL that answered, after redirects.
    public var url: URL

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
        self.body = body
        self.url = url
    }

    /// A header's value, by any case of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why an exchange ended without a response. Each says what happened in words.
public enum HTTPFetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request's deadline passed (connecting, waiting or reading the body).
    case timeout(Duration)
    /// No connection: refused, unknown host, unreachable.
    case connect(String)
    /// The connection broke: reset, closed before the body's end.
    case transport(String)
    /// The body is larger than `limit` bytes: announced so (`announced`, refused before
    /// reading) or found so while streaming (`announced` nil).
    case tooLarge(limit: Int, announced: Int?)
    /// A compressed body expands past `limit` bytes (a compression bomb): stopped, never
    /// expanded in memory.
    case compressionBomb(limit: Int)
    /// A redirect that is not followed: more than the most allowed, a loop, or to a scheme
    /// other than http and https.
    case redirect(String)
    /// The caller cancelled it.
    case cancelled

    /// One line.
    public var description: String {
        switch self {
        case .timeout(let deadline): "no complete answer within \(deadline) (network.timeout)"
        case .connect(let detail): "cannot connect: \(detail)"
        case .transport(let detail): detail
        case .tooLarge(let limit, let announced?):
            "the response announces \(announced) bytes, more than the \(limit) allowed; not downloaded"
        case .tooLarge(let limit, nil): "the response is larger than \(limit) bytes; the download was stopped"
        case .compressionBomb(let limit):
            "the compressed response expands past \(limit) bytes (a compression bomb?); refused"
        case .redirect(let detail): detail
        case .cancelled: "cancelled"
        }
    }
}

/// The HTTP exchange role: one GET with its whole body, within the request's limits.
///
/// Live: AsyncHTTPClient on Linux (the `AsyncHTTPFetcher` package, which only the composition
/// root links) or URLSession on Apple platforms (in PicsumContent). Every implementation keeps
/// the same rules: at most ``maximumRedirects`` redirects, http and https only, never a loop;
/// the body cap while streaming; compressed bodies only within the cap; the total deadline;
/// cancellation ends the exchange at once.
public protocol HTTPFetching: Sendable {
    /// Performs `request`; returns the response of any status, or why there is none.
    func fetch(_ request: HTTPFetchRequest) async throws(HTTPFetchError) -> HTTPFetchResponse
}

/// The redirect rule every ``HTTPFetching`` implementation keeps.
public enum HTTPRedirects {
    /// The most redirects an exchange follows.
    public static let maximum = 5

    /// Whether `status` is a redirect to follow.
    public static func isRedirect(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }

    /// The next URL after a redirect from `url` to `location`, given the URLs visited so far
    /// (the first request's included): refused past ``maximum``, on a loop, or to a scheme other
    /// than http and https.
    public static func next(from url: URL, location: String?, visited: [URL]) throws(HTTPFetchError) -> URL {
        guard let location, let target = URL(string: location, relativeTo: url)?.absoluteURL else {
            throw .redirect("\(url.host ?? "the server") redirected without a usable Location")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw .redirect(
                "redirected to a \(scheme.isEmpty ? "relative" : scheme + ":") URL; only http and https are followed")
        }
        if visited.contains(where: { $0.absoluteString == target.absoluteString }) {
            throw .redirect("redirect loop: \(target.absoluteString) was already visited")
        }
        guard visited.count <= maximum else {
            throw .redirect("more than \(maximum) redirects")
        }
        return target
    }
}
