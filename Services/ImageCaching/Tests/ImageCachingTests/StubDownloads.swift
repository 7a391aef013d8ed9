import Foundation
import Synchronization

/// A download function that answers from handlers registered per host, so parallel tests (each
/// with its own `t-UUID.test` host) never share one, and nothing reaches the network.
enum StubDownloads {
    struct Reply {
        var body: Data = Data()
        /// Never answer: the download waits until it is cancelled.
        var hang = false
    }

    struct Failed: Error {}

    private struct State {
        var handlers: [String: @Sendable (URL) -> Reply] = [:]
        var log: [String: [URL]] = [:]
        var stopped: [String: Int] = [:]
    }
    private static let state = Mutex(State())

    /// Registers `handler` for a new host and returns the base URL to use.
    static func register(_ handler: @escaping @Sendable (URL) -> Reply) -> URL {
        let host = "t-\(UUID().uuidString.lowercased()).test"
        state.withLock { $0.handlers[host] = handler }
        return URL(string: "https://\(host)")!
    }

    /// The URLs asked of this host, in order.
    static func requests(_ base: URL) -> [URL] { state.withLock { $0.log[base.host ?? ""] ?? [] } }

    /// How many unanswered downloads from this host were stopped (cancelled).
    static func stopped(_ base: URL) -> Int { state.withLock { $0.stopped[base.host ?? ""] ?? 0 } }

    /// The pipeline's download: the registered handler's body.
    @Sendable static func download(_ url: URL) async throws -> Data {
        let host = url.host ?? ""
        let handler = state.withLock { state in
            state.log[host, default: []].append(url)
            return state.handlers[host]
        }
        guard let reply = handler?(url) else { throw Failed() }
        if reply.hang {
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            await withTaskCancellationHandler {
                for await _ in stream {}
            } onCancel: {
                continuation.finish()
            }
            state.withLock { $0.stopped[host, default: 0] += 1 }
            throw CancellationError()
        }
        return reply.body
    }
}
