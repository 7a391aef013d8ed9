import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange with a body-size cap. URLSession on Linux has no `bytes(for:)`, so the
/// cap is a data delegate that cancels the task once too many bytes arrived.
final class HTTPTransport: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Exchange {
        var continuation: CheckedContinuation<(HTTPURLResponse, Data), any Error>
        var limit: Int
        var data = Data()
        var response: HTTPURLResponse?
        var overLimit = false
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private var session: URLSession!

    init(configuration: URLSessionConfiguration) {
        super.init()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// The response and its whole body; throws `HTTPTransportError.overLimit` past `limit` bytes.
    ///
    /// A watchdog cancels the exchange if URLSession has not finished it well after its own
    /// timeout: on Linux a connection closed mid-body under load has been seen to leave a
    /// task that never completes, and a request must never wait forever.
    func send(_ request: URLRequest, limit: Int) async throws -> (HTTPURLResponse, Data) {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let deadline = session.configuration.timeoutIntervalForRequest * 2 + 1
        let watchdog = Task { [weak self] in
            try await Task.sleep(for: .seconds(deadline))
            task.cancel()
            self?.finish(id, throwing: URLError(.timedOut))
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { exchanges[id] = Exchange(continuation: continuation, limit: limit) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
            finish(id, throwing: CancellationError())
        }
    }

    /// Ends an exchange that URLSession has not ended (watchdog, cancellation); a no-op once
    /// it has.
    private func finish(_ id: Int, throwing error: any Error) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: id) }) else { return }
        exchange.continuation.resume(throwing: error)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { exchanges[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cancel = lock.withLock { () -> Bool in
            guard var exchange = exchanges[dataTask.taskIdentifier] else { return false }
            exchange.data.append(data)
            if exchange.data.count > exchange.limit { exchange.overLimit = true }
            exchanges[dataTask.taskIdentifier] = exchange
            return exchange.overLimit
        }
        if cancel { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else { return }
        if exchange.overLimit {
            exchange.continuation.resume(throwing: HTTPTransportError.overLimit)
        } else if let error {
            exchange.continuation.resume(throwing: error)
        } else if let response = exchange.response {
            exchange.continuation.resume(returning: (response, exchange.data))
        } else {
            exchange.continuation.resume(throwing: HTTPTransportError.noResponse)
        }
    }
}

enum HTTPTransportError: Error {
    case overLimit
    case noResponse
}
