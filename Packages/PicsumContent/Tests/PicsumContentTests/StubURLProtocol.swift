import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLProtocol that answers from handlers registered per host, so parallel tests (each
/// with its own `t-UUID.test` host) never share one, and nothing reaches the network.
final class StubURLProtocol: URLProtocol {
    struct Reply {
        var status: Int = 200
        var headers: [String: String] = [:]
        var body: Data = Data()
        var error: URLError? = nil
        /// Never answer: the request stays open until the client cancels it.
        var hang = false
    }

    nonisolated(unsafe) private static var handlers: [String: @Sendable (URLRequest) -> Reply] = [:]
    nonisolated(unsafe) private static var log: [String: [URL]] = [:]
    nonisolated(unsafe) private static var stoppedLog: [String: Int] = [:]
    private var answered = false
    private static let lock = NSLock()

    /// Registers `handler` for a new host and returns the base URL to use.
    static func register(_ handler: @escaping @Sendable (URLRequest) -> Reply) -> URL {
        let host = "t-\(UUID().uuidString.lowercased()).test"
        lock.withLock { handlers[host] = handler }
        return URL(string: "https://\(host)")!
    }

    static func requests(_ base: URL) -> [URL] { lock.withLock { log[base.host ?? ""] ?? [] } }

    /// How many unanswered requests to this host were stopped (cancelled) by the client.
    static func stopped(_ base: URL) -> Int { lock.withLock { stoppedLog[base.host ?? ""] ?? 0 } }

    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let host = request.url?.host ?? ""
        let handler = Self.lock.withLock { () -> (@Sendable (URLRequest) -> Reply)? in
            Self.log[host, default: []].append(request.url!)
            return Self.handlers[host]
        }
        let reply = handler?(request) ?? Reply(status: 599, body: Data("no handler".utf8))
        if reply.hang { return }
        answered = true
        if let error = reply.error {
            client?.urlProtocol(self, didFailWithError: error)
            return
        }
        let response = HTTPURLResponse(
            url: request.url!, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: reply.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {
        guard !answered else { return }
        let host = request.url?.host ?? ""
        Self.lock.withLock { Self.stoppedLog[host, default: 0] += 1 }
    }
}

/// Records backoff waits instead of sleeping.
actor SleepLog {
    private(set) var waits: [Duration] = []
    func record(_ wait: Duration) { waits.append(wait) }
}
