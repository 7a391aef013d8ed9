#if canImport(Darwin)
    public import Foundation
    public import StoryInterfaces

    /// ``HTTPFetching`` on URLSession, for Apple platforms (an iOS app embeds PicsumContent without
    /// SwiftNIO). Compiled only there: on Linux the composition root gives the client the
    /// AsyncHTTPClient fetcher (the `AsyncHTTPFetcher` package).
    ///
    /// The same rules as every fetcher: the body streamed with its cap (an announced
    /// `Content-Length` over it refused first), redirects followed by ``HTTPRedirects`` only, the
    /// request's total deadline, cancellation at once. URLSession decompresses gzip itself; the
    /// cap counts the decompressed bytes, so a bomb stops at the cap.
    public final class URLSessionHTTPFetcher: NSObject, HTTPFetching, URLSessionTaskDelegate, @unchecked Sendable {
        private var session: URLSession!
        private let visited = NSLock()
        private var chains: [Int: [URL]] = [:]

        /// A fetcher on an ephemeral session with `configuration`'s connection limit.
        public init(configuration: PicsumConfiguration) {
            super.init()
            let sessionConfiguration = URLSessionConfiguration.ephemeral
            sessionConfiguration.urlCache = nil
            sessionConfiguration.httpMaximumConnectionsPerHost = max(1, configuration.network.maxConcurrent)
            session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: nil)
        }

        /// Performs `request` within its deadline and cap; any status is a response.
        public func fetch(_ request: HTTPFetchRequest) async throws(HTTPFetchError) -> HTTPFetchResponse {
            let work = Task { () throws -> HTTPFetchResponse in
                var urlRequest = URLRequest(url: request.url)
                for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
                let (bytes, response) = try await session.bytes(for: urlRequest)
                guard let http = response as? HTTPURLResponse else { throw HTTPFetchError.transport("not HTTP") }
                if http.expectedContentLength > Int64(request.maximumBytes) {
                    throw HTTPFetchError.tooLarge(
                        limit: request.maximumBytes, announced: Int(http.expectedContentLength))
                }
                var body = Data()
                for try await byte in bytes {
                    body.append(byte)
                    if body.count > request.maximumBytes {
                        throw HTTPFetchError.tooLarge(limit: request.maximumBytes, announced: nil)
                    }
                }
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
                return HTTPFetchResponse(
                    status: http.statusCode, headers: headers, body: body, url: http.url ?? request.url)
            }
            let deadline = Task {
                try await Task.sleep(for: request.deadline)
                work.cancel()
            }
            defer { deadline.cancel() }
            do {
                return try await withTaskCancellationHandler {
                    try await work.value
                } onCancel: {
                    work.cancel()
                }
            } catch let error as HTTPFetchError {
                throw error
            } catch {
                if Task.isCancelled { throw .cancelled }
                if deadline.isCancelled == false, work.isCancelled { throw .timeout(request.deadline) }
                throw .transport(error.localizedDescription)
            }
        }

        /// Follows a redirect only as ``HTTPRedirects`` allows; otherwise ends the task.
        public func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest
        ) async -> URLRequest? {
            let id = task.taskIdentifier
            let chain = visited.withLock { () -> [URL] in
                let start = task.originalRequest?.url.map { [$0] } ?? []
                let current = chains[id] ?? start
                return current
            }
            guard let from = response.url,
                let next = try? HTTPRedirects.next(
                    from: from, location: response.value(forHTTPHeaderField: "Location"), visited: chain)
            else {
                task.cancel()
                return nil
            }
            visited.withLock { chains[id] = chain + [next] }
            return URLRequest(url: next)
        }
    }
#endif
