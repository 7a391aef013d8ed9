import Foundation
import StoryInterfaces
import Synchronization

/// An ``HTTPFetching`` that answers from handlers registered per host, so parallel tests (each
/// with its own `t-UUID.test` host) never share one, and nothing reaches the network. The real
/// exchange's rules (deadlines, caps, redirects) are the AsyncHTTPFetcher package's and are
/// tested there and against picsum-stub; here only what the client does with answers.
final class StubHTTP: HTTPFetching {
    struct Reply {
        var status: Int = 200
        var headers: [String: String] = [:]
        var body: Data = Data()
        var error: HTTPFetchError? = nil
        /// Never answer: the request stays open until the client cancels it.
        var hang = false
    }

    private struct State {
        var handlers: [String: @Sendable (HTTPFetchRequest) -> Reply] = [:]
        var log: [String: [URL]] = [:]
        var stopped: [String: Int] = [:]
    }
    private static let state = Mutex(State())

    /// The one stub; what it answers depends on the request's host.
    static let shared = StubHTTP()

    /// Registers `handler` for a new host and returns the base URL to use.
    static func register(_ handler: @escaping @Sendable (HTTPFetchRequest) -> Reply) -> URL {
        let host = "t-\(UUID().uuidString.lowercased()).test"
        state.withLock { $0.handlers[host] = handler }
        return URL(string: "https://\(host)")!
    }

    static func requests(_ base: URL) -> [URL] { state.withLock { $0.log[base.host ?? ""] ?? [] } }

    /// How many unanswered requests to this host were stopped (cancelled) by the client.
    static func stopped(_ base: URL) -> Int { state.withLock { $0.stopped[base.host ?? ""] ?? 0 } }

    func fetch(_ request: HTTPFetchRequest) async throws(HTTPFetchError) -> HTTPFetchResponse {
        let host = request.url.host ?? ""
        let handler = Self.state.withLock { state in
            state.log[host, default: []].append(request.url)
            return state.handlers[host]
        }
        let reply = handler?(request) ?? Reply(status: 599, body: Data("no handler".utf8))
        if reply.hang {
            // Waits until cancelled, then counts the stop.
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            await withTaskCancellationHandler {
                for await _ in stream {}
            } onCancel: {
                continuation.finish()
            }
            Self.state.withLock { $0.stopped[host, default: 0] += 1 }
            throw .cancelled
        }
        if let error = reply.error { throw error }
        if reply.body.count > request.maximumBytes {
            throw .tooLarge(limit: request.maximumBytes, announced: reply.body.count)
        }
        return HTTPFetchResponse(status: reply.status, headers: reply.headers, body: reply.body, url: request.url)
    }
}

/// Records backoff waits instead of sleeping.
actor SleepLog {
    private(set) var waits: [Duration] = []
    func record(_ wait: Duration) { waits.append(wait) }
}
