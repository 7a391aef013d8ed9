/// Why a request to Lorem Picsum failed.
public enum PicsumError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered with a non-2xx status; `message` is the start of its plain-text body.
    case http(status: Int, message: String)
    /// The body was not what the API promises; `field` names where (`[3].width`).
    case decoding(field: String, detail: String)
    /// The connection failed (refused, reset, cut off, DNS…).
    case transport(String)
    /// No answer within `network.timeout`.
    case timeout
    /// The body was larger than allowed and the download was stopped.
    case tooLarge(limit: Int)

    /// One line: what failed, and for transport problems how to retry.
    public var description: String {
        switch self {
        case .http(let status, let message):
            message.isEmpty ? "Picsum answered HTTP \(status)" : "Picsum answered HTTP \(status): \(message)"
        case .decoding(let field, let detail): "Picsum sent an unexpected body at \(field): \(detail)"
        case .transport(let detail): "cannot reach Picsum: \(detail)"
        case .timeout: "Picsum did not answer in time (network.timeout)"
        case .tooLarge(let limit): "the response is larger than \(limit) bytes and was not downloaded"
        }
    }

    /// Whether the service could not be reached or did not work (the CLI's exit 69), as
    /// opposed to answering with something wrong (exit 65).
    public var isUnreachable: Bool {
        switch self {
        case .transport, .timeout: true
        case .http(let status, _): status >= 500 || status == 429
        case .decoding, .tooLarge: false
        }
    }

    /// Whether a new attempt may succeed: 5xx, 429 and timeouts.
    public var isRetriable: Bool {
        switch self {
        case .http(let status, _): status >= 500 || status == 429
        case .timeout: true
        default: false
        }
    }
}
