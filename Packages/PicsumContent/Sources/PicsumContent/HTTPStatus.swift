/// The meanings of HTTP statuses, in words (what an error page's markup is replaced by).
enum HTTPStatus {
    /// "not found" for 404, "service unavailable" for 503, …; "status N" for one not listed.
    static func meaning(_ status: Int) -> String {
        switch status {
        case 400: "bad request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 405: "method not allowed"
        case 408: "request timeout"
        case 410: "gone"
        case 413: "payload too large"
        case 414: "URI too long"
        case 429: "too many requests"
        case 500: "internal server error"
        case 501: "not implemented"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        default: "status \(status)"
        }
    }
}
