/// Why a request to Lorem Picsum failed.
public enum PicsumError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered with a non-2xx status; `message` is the status's meaning ("not
    /// found") or the first line of a plain-text body, never markup.
    case http(status: Int, message: String)
    /// The body was not what the API promises; `field` names where (`[3].width`).
    case decoding(field: String, detail: String)
    /// The connection failed (refused, reset, cut off, DNS…).
    case transport(String)
    /// No complete answer (headers and the whole body) within `network.timeout`.
    case timeout
    /// The body was larger than allowed and the download was stopped.
    case tooLarge(limit: Int)
    /// A response stories does not accept: a redirect loop, too many redirects, a redirect to
    /// a scheme other than http(s), a compression bomb. `detail` says which.
    case refused(String)
    /// The server answered `status` (429 or 5xx) asking to come back after longer than a
    /// request may take (`network.timeout`): the request ends at once instead of waiting.
    case retryLater(status: Int, after: Duration)
    /// A failure at a server that is not Picsum's (a stories document's own image host), so
    /// the message names that server.
    indirect case elsewhere(host: String, PicsumError)

    /// One line: what failed, and for transport problems how to retry.
    public var description: String { described(server: "Picsum") }

    private func described(server: String) -> String {
        switch self {
        case .http(let status, let message):
            "\(server) answered HTTP \(status)" + (message.isEmpty ? "" : ": \(message)")
        case .decoding(let field, let detail): "\(server) sent an unexpected body at \(field): \(detail)"
        case .transport(let detail): "cannot reach \(server): \(detail)"
        case .timeout: "\(server) did not send a complete answer within network.timeout"
        case .tooLarge(let limit): "the response is larger than \(limit) bytes and was not downloaded"
        case .refused(let detail): "\(server)'s response was refused: \(detail)"
        case .retryLater(let status, let after):
            "\(server) answered HTTP \(status) and asks to come back in \(after.components.seconds) s, longer than a request may wait (network.timeout); try again later"
        case .elsewhere(let host, let error): error.described(server: host)
        }
    }

    /// Whether the service could not be reached or did not work (the CLI's exit 69), as
    /// opposed to answering with something wrong (exit 65).
    public var isUnreachable: Bool {
        switch self {
        case .transport, .timeout, .retryLater: true
        case .http(let status, _): status >= 500 || status == 429
        case .decoding, .tooLarge, .refused: false
        case .elsewhere(_, let error): error.isUnreachable
        }
    }

    /// Whether a new attempt may succeed: 5xx, 429 and timeouts.
    public var isRetriable: Bool {
        switch self {
        case .http(let status, _): status >= 500 || status == 429
        case .timeout: true
        case .elsewhere(_, let error): error.isRetriable
        default: false
        }
    }
}
