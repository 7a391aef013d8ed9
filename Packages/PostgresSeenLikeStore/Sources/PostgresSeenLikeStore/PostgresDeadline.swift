import Logging
import NIOSSL
import PostgresNIO
import Synchronization

/// Every operation within the configured timeout, on a timer of SwiftNIO's event loop.
extension PostgresSeenLikeStore {
    static let logger = Logger(label: "stories.postgres")

    /// Runs `operation` on the client within the configured timeout; failures in the store's
    /// words. The deadline answers the caller at once: it does not wait for the operation to
    /// wind down (a client waiting for a connection to a server that is not there may not).
    func run<Result: Sendable>(
        _ operation: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws(PostgresStoreError) -> Result {
        counter.add()
        let connections = self.connections
        let server = configuration.server
        let timeout = configuration.timeout
        let outcome = Once<Result>()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    outcome.attach(continuation)
                    let work = Task {
                        do {
                            outcome.resume(.success(try await operation(try await connections.connection())))
                        } catch {
                            outcome.resume(.failure(error))
                        }
                    }
                    outcome.onEnd { work.cancel() }
                    let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: Self.amount(timeout)) {
                        outcome.resume(
                            .failure(
                                PostgresStoreError.unreachable(server: server, detail: "no answer within \(timeout)")))
                    }
                    outcome.onEnd { timer.cancel() }
                }
            } onCancel: {
                outcome.resume(.failure(CancellationError()))
            }
        } catch {
            if let known = error as? PostgresStoreError { throw known }
            throw Self.classify(error, server: server)
        }
    }

    /// A failure of postgres-nio's in the store's words.
    static func classify(_ error: any Error, server: String) -> PostgresStoreError {
        if let known = error as? PostgresStoreError { return known }
        if let refusal = error as? PostgresTransport.Refusal { return .insecure(server: server, detail: "\(refusal)") }
        // A transaction's failure is its statement's: postgres-nio wraps it. (Unwrapped, a
        // refused migration or a value the server cannot store read as "the connection failed".)
        if let transaction = error as? PostgresTransactionError,
            let cause = transaction.closureError ?? transaction.beginError ?? transaction.commitError
        {
            return classify(cause, server: server)
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .insecure(
                server: server, detail: "TLS failed: \(error); check sslmode and sslrootcert in store.postgres.url")
        }
        if let error = error as? PSQLError {
            if let underlying = error.underlying, !(underlying is PSQLError) {
                let inner = classify(underlying, server: server)
                if inner.isFinal { return inner }
            }
            if error.code == .authMechanismRequiresPassword {
                return .refused(server: server, detail: "the server asks for a password and none is configured")
            }
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState] ?? ""
                // 28xxx: authentication; 3D000: no such database.
                if state.hasPrefix("28") || state == "3D000" { return .refused(server: server, detail: message) }
                // 55P03: a lock not had within lock_timeout (someone holds a table or the row).
                if state == "55P03" { return .busy(server: server) }
                // 22: data exception (a NUL, bad UTF-8), 23: integrity, 54: a program limit (an
                // index row too large): this value can never be stored, however often it is sent.
                if ["22", "23", "54"].contains(String(state.prefix(2))) {
                    return .rejected(server: server, detail: message)
                }
                return .failed(server: server, detail: message)
            }
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection:
                let underlying = error.underlying.map { String(describing: $0).lowercased() } ?? ""
                let detail = underlying.contains("refused") ? "connection refused" : "the connection failed"
                return .unreachable(server: server, detail: detail)
            default: break
            }
        }
        if error is CancellationError { return .unreachable(server: server, detail: "cancelled") }
        logger.debug("unclassified failure", metadata: ["error": "\(String(reflecting: error))"])
        let text = String(describing: error).lowercased()
        if text.contains("refused") { return .unreachable(server: server, detail: "connection refused") }
        return .unreachable(server: server, detail: "the connection failed")
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// A continuation resumed once, by whichever comes first (the answer, the deadline, the
/// caller's cancellation); what must happen then (cancel the work, the timer) runs once too.
private final class Once<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var early: Result<Value, any Error>?
        var ended = false
        var endings: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())

    func attach(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func onEnd(_ ending: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.ended { return true }
            state.endings.append(ending)
            return false
        }
        if now { ending() }
    }

    func resume(_ result: Result<Value, any Error>) {
        let (continuation, endings) = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, [@Sendable () -> Void]) in
            guard !state.ended else { return (nil, []) }
            state.ended = true
            let endings = state.endings
            state.endings = []
            if let continuation = state.continuation {
                state.continuation = nil
                return (continuation, endings)
            }
            state.early = result
            return (nil, endings)
        }
        continuation?.resume(with: result)
        for ending in endings { ending() }
    }
}

extension PostgresConnection {
    /// A statement with the store's logger.
    func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await self.query(query, logger: PostgresSeenLikeStore.logger)
    }
}
