import Foundation
import Logging
import NIOSSL
import PostgresNIO
import Synchronization

/// The store's connection to the server: one, made on first use through
/// ``PostgresTransport`` and made again when it closed (the server restarted, the network
/// went). Its statements run one after another on it. A connection that could not be made
/// for a final reason (``PostgresStoreError/isFinal``: a refused login, an unsafe server) is
/// not tried again: every later call fails the same way, without a login.
final class PostgresConnections: Sendable {
    private let configuration: PostgresStoreConfiguration
    private let context: Result<NIOSSLContext?, PostgresStoreError>
    private struct State {
        var connection: PostgresConnection?
        var connecting: Task<PostgresConnection, any Error>?
        var final: PostgresStoreError?
        var next = 1
        var closed = false
    }
    private let state = Mutex(State())

    init(_ configuration: PostgresStoreConfiguration) {
        self.configuration = configuration
        context = Result { try Self.context(for: configuration) }.mapError {
            $0 as? PostgresStoreError ?? .insecure(server: configuration.server, detail: "\($0)")
        }
    }

    /// The TLS context the mode asks for (nil: `disable`).
    static func context(for configuration: PostgresStoreConfiguration) throws -> NIOSSLContext? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch configuration.sslMode {
        case .disable: return nil
        case .prefer, .require: tls.certificateVerification = .none
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        if let file = configuration.sslRootCertificate {
            guard FileManager.default.isReadableFile(atPath: file) else {
                throw PostgresStoreError.badURL("sslrootcert \(file) cannot be read")
            }
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(file))
            } catch {
                throw PostgresStoreError.badURL("sslrootcert \(file) holds no PEM certificate")
            }
        }
        return try NIOSSLContext(configuration: tls)
    }

    /// A connection still open when the store goes is closed, and kept until it is (postgres-nio
    /// requires a connection closed before it goes).
    deinit {
        guard let connection = state.withLock({ $0.connection }), !connection.isClosed else { return }
        connection.close().whenComplete { _ in _ = connection }
    }

    /// A live connection: the one there is, or a new one.
    func connection() async throws -> PostgresConnection {
        let context = try self.context.get()
        let configuration = self.configuration
        let task = try state.withLock { state -> Task<PostgresConnection, any Error> in
            if let final = state.final { throw final }
            if state.closed { throw PostgresStoreError.unreachable(server: configuration.server, detail: "closed") }
            if let connection = state.connection, !connection.isClosed {
                return Task { connection }
            }
            state.connection = nil
            if let connecting = state.connecting { return connecting }
            let id = state.next
            state.next += 1
            let made = Task {
                let refusal = PostgresTransport.RefusalBox()
                return try await PostgresTransport.connect(
                    configuration, context: context, refusal: refusal, id: id, logger: PostgresSeenLikeStore.logger)
            }
            state.connecting = made
            return made
        }
        do {
            let connection = try await task.value
            let late = state.withLock { state -> Bool in
                if state.connecting == task { state.connecting = nil }
                if state.closed { return true }
                state.connection = connection
                return false
            }
            if late { try? await connection.close() }
            return connection
        } catch {
            let classified = PostgresSeenLikeStore.classify(error, server: configuration.server)
            state.withLock { state in
                if state.connecting == task { state.connecting = nil }
                if classified.isFinal { state.final = classified }
            }
            throw classified
        }
    }

    /// Closes the connection; no other is made.
    func close() async {
        let (connection, connecting) = state.withLock { state in
            state.closed = true
            defer {
                state.connection = nil
                state.connecting = nil
            }
            return (state.connection, state.connecting)
        }
        connecting?.cancel()
        try? await connection?.close()
    }
}
