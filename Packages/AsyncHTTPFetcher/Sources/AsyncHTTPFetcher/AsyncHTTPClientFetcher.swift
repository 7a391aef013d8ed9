import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
public import StoryInterfaces
import Synchronization

/// ``HTTPFetching`` on AsyncHTTPClient (SwiftNIO): the live HTTP exchange on Linux.
///
/// One instance serves the whole process (one connection pool, kept-alive connections, at
/// most ``Configuration/maximumConnectionsPerHost`` to a host); ``shutdown()`` closes it before
/// the program exits. Each exchange keeps the role's rules:
/// - a total deadline (`HTTPFetchRequest.deadline`) for connecting, redirects, headers and the
///   whole body, fired by a timer on SwiftNIO's event loop — never one that needs a free
///   thread of the cooperative pool;
/// - a connect timeout of its own (``Configuration/connectTimeout``, at most the deadline);
/// - redirects followed by ``HTTPRedirects`` only (at most 5, http and https, no loop);
/// - an announced `Content-Length` over the cap refused before reading, and the body counted
///   while it streams and stopped past the cap;
/// - gzip and deflate accepted, inflated by SwiftNIO with a size limit, so a compression bomb
///   ends with ``HTTPFetchError/compressionBomb(limit:)`` and never expands in memory;
/// - cancellation ends the exchange at once.
public final class AsyncHTTPClientFetcher: HTTPFetching {
    /// The client's settings, fixed for the process.
    public struct Configuration: Hashable, Sendable {
        /// The longest a new connection may take (a request's deadline cuts it shorter).
        public var connectTimeout: Duration
        /// Connections to one host at once (`network.maxConcurrent`).
        public var maximumConnectionsPerHost: Int
        /// The most bytes a compressed body may expand to (the largest body cap of any request).
        public var maximumDecompressedBytes: Int

        /// Creates a configuration.
        public init(
            connectTimeout: Duration = .seconds(10), maximumConnectionsPerHost: Int = 4,
            maximumDecompressedBytes: Int = 25 << 20
        ) {
            self.connectTimeout = connectTimeout
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.maximumDecompressedBytes = maximumDecompressedBytes
        }
    }

    private let client: HTTPClient
    private let decompressionLimit: Int

    /// A client with its own connection pool on SwiftNIO's shared event loops.
    public init(configuration: Configuration = Configuration()) {
        var settings = HTTPClient.Configuration(
            redirectConfiguration: .disallow,  // followed here, by HTTPRedirects' rule
            timeout: HTTPClient.Configuration.Timeout(connect: Self.amount(configuration.connectTimeout)),
            connectionPool: HTTPClient.Configuration.ConnectionPool(
                idleTimeout: .seconds(60),
                concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, configuration.maximumConnectionsPerHost)),
            decompression: .enabled(limit: .size(max(1, configuration.maximumDecompressedBytes))))
        settings.httpVersion = .http1Only
        // A refused connection is an answer: said at once, and retried by the caller's own
        // policy (PicsumClient's backoff), not silently until the connect timeout.
        settings.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        decompressionLimit = configuration.maximumDecompressedBytes
    }

    /// Closes the connections and ends the client; call once, before the process exits.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Performs `request` within its deadline and cap; any status is a response.
    public func fetch(_ request: HTTPFetchRequest) async throws(HTTPFetchError) -> HTTPFetchResponse {
        let deadline = NIODeadline.now() + Self.amount(request.deadline)
        let expired = Atomic(false)
        let work = Task { try await self.exchange(request, deadline: deadline) }
        // The deadline is a timer on SwiftNIO's event loop: it fires even when every thread
        // of the cooperative pool is busy, and cancels the whole exchange, body included.
        let timer = client.eventLoopGroup.any().scheduleTask(deadline: deadline) {
            expired.store(true, ordering: .sequentiallyConsistent)
            work.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
        } catch {
            if expired.load(ordering: .sequentiallyConsistent) { throw .timeout(request.deadline) }
            if let known = error as? HTTPFetchError { throw known }
            if Task.isCancelled { throw .cancelled }
            throw Self.classify(error, decompressionLimit: decompressionLimit, deadline: request.deadline)
        }
    }

    private func exchange(_ request: HTTPFetchRequest, deadline: NIODeadline) async throws -> HTTPFetchResponse {
        var url = request.url
        var visited = [url]
        while true {
            var outgoing = HTTPClientRequest(url: url.absoluteString)
            outgoing.method = .GET
            for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
            let response = try await client.execute(outgoing, deadline: deadline)
            let status = Int(response.status.code)
            if HTTPRedirects.isRedirect(status) {
                let next = try HTTPRedirects.next(
                    from: url, location: response.headers.first(name: "location"), visited: visited)
                // a redirect's small body, read so the connection is kept
                _ = try? await response.body.collect(upTo: 64 << 10)
                visited.append(next)
                url = next
                continue
            }
            let cap = request.maximumBytes
            let announced = response.headers.first(name: "content-length").flatMap { Int($0) }
            if let announced, announced > cap { throw HTTPFetchError.tooLarge(limit: cap, announced: announced) }
            // A compressed body counts what it expands to: past the cap it is a bomb, stopped.
            let compressed = !(response.headers.first(name: "content-encoding") ?? "identity").lowercased()
                .trimmingCharacters(in: .whitespaces).elementsEqual("identity")
            var body = Data()
            body.reserveCapacity(min(announced ?? 64 << 10, cap))
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= cap else {
                    throw compressed
                        ? HTTPFetchError.compressionBomb(limit: cap)
                        : HTTPFetchError.tooLarge(limit: cap, announced: nil)
                }
                body.append(contentsOf: buffer.readableBytesView)
            }
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { "\($0), \(value)" } ?? value
            }
            return HTTPFetchResponse(status: status, headers: headers, body: body, url: url)
        }
    }

    /// What AsyncHTTPClient and SwiftNIO's errors mean, in the role's words.
    static func classify(_ error: any Error, decompressionLimit: Int, deadline: Duration) -> HTTPFetchError {
        if let decompression = error as? NIOHTTPDecompression.DecompressionError {
            switch decompression {
            case .limit: return .compressionBomb(limit: decompressionLimit)
            default: return .transport("the compressed body is damaged (\(decompression))")
            }
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return .connect("no connection within the connect timeout")
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timeout(deadline)
            case .remoteConnectionClosed:
                return .transport("the server closed the connection before the response ended")
            case .cancelled: return .cancelled
            default: break
            }
        }
        let text = String(describing: error)
        let lower = text.lowercased()
        if lower.contains("refused") { return .connect("connection refused") }
        if lower.contains("reset") { return .transport("the connection was reset") }
        if lower.contains("eof") || lower.contains("closed") || lower.contains("ended at an unexpected time") {
            return .transport("the body was cut off (the connection closed before its end)")
        }
        if lower.contains("dns") || lower.contains("resolve") || lower.contains("getaddrinfo") {
            return .connect("unknown host")
        }
        return .transport(text)
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
