import Logging
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PostgresNIO
import Synchronization

/// The connection to the server, made here rather than by postgres-nio, so that what the server
/// sends is checked before postgres-nio reads it: postgres-nio speaks TLS only
/// when told and sends a password to whoever asks, in clear if asked so, and buffers any
/// message whole, however large it says it is.
///
/// - TLS as libpq's `sslmode` says (``PostgresStoreConfiguration/SSLMode``): we send the
///   SSLRequest ourselves and put NIOSSL's handler first; `prefer` falls back to an
///   unencrypted connection only when the server answers "N", `require` and the `verify-`
///   modes never do, and the `verify-` modes check the certificate (against `sslrootcert`, or
///   the system's roots), `verify-full` its name too. Anything after the one-byte answer is
///   refused (CVE-2021-23222's buffer stuffing).
/// - ``MessageGuard`` reads the framing of every message the server sends (after TLS): one
///   announcing more than ``maximumMessageBytes`` ends the connection, and so does a request
///   for the password in clear or as MD5 over an unencrypted connection (unless
///   `sslmode=disable` says the user accepts that).
enum PostgresTransport {
    /// The largest message accepted from the server (rows are a few hundred bytes).
    static let maximumMessageBytes = 8 << 20

    /// Why the transport refused the server; recorded for the error's message.
    enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case noTLS
        case plainPassword(md5: Bool)
        case messageTooLarge(Int)
        case notPostgres
        case stuffedAnswer
        case tls(String)

        var description: String {
            switch self {
            case .noTLS:
                "the server does not offer TLS, which sslmode requires (set sslmode=prefer or disable in store.postgres.url to connect without it)"
            case .plainPassword(let md5):
                "the server asks for the password \(md5 ? "as MD5" : "in clear") over an unencrypted connection; refused (turn on ssl on the server, or set sslmode=disable in store.postgres.url to send it anyway)"
            case .messageTooLarge(let bytes):
                "the server announced a message of \(bytes) bytes, more than \(maximumMessageBytes) allowed; refused"
            case .notPostgres: "the server did not answer as PostgreSQL does"
            case .stuffedAnswer: "the server sent data before the TLS handshake; refused"
            case .tls(let detail): "TLS failed: \(detail); check sslmode and sslrootcert in store.postgres.url"
            }
        }
    }

    /// Where the guard leaves why it ended a connection.
    final class RefusalBox: Sendable {
        let value = Mutex<Refusal?>(nil)
    }

    /// Connects to the configuration's server: TLS as its mode says, the guard in place, then
    /// postgres-nio's startup and authentication. `refusal` receives why the guard ended it.
    static func connect(
        _ configuration: PostgresStoreConfiguration, context: NIOSSLContext?, refusal: RefusalBox, id: Int,
        logger: Logger
    ) async throws -> PostgresConnection {
        let group = MultiThreadedEventLoopGroup.singleton
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(PostgresSeenLikeStore.amount(configuration.timeout))
            .connect(host: configuration.host, port: configuration.port).get()
        do {
            var tls: NIOSSLContext? = nil
            if configuration.sslMode != .disable, let context {
                let answer = try await askForTLS(channel)
                switch answer {
                case UInt8(ascii: "S"): tls = context
                case UInt8(ascii: "N"):
                    if configuration.sslMode != .prefer { throw Refusal.noTLS }
                default:
                    throw Refusal.notPostgres
                }
            }
            let allowPlain = configuration.sslMode == .disable || configuration.password == nil
            let name = configuration.sslMode == .verifyFull ? configuration.host : nil
            // Both in one step on the event loop: the guard is in place before the server's
            // first TLS answer is read, so a handshake that fails is noted as a TLS failure.
            try await channel.eventLoop.submit { [tls] in
                if let tls {
                    let handler = try NIOSSLClientHandler(
                        context: tls, serverHostname: name.flatMap { isAddress($0) ? nil : $0 })
                    try channel.pipeline.syncOperations.addHandler(handler, position: .first)
                }
                try channel.pipeline.syncOperations.addHandler(
                    MessageGuard(encrypted: tls != nil, allowPlainPassword: allowPlain, refusal: refusal))
            }.get()
            var connection = PostgresConnection.Configuration(
                establishedChannel: channel, username: configuration.username, password: configuration.password,
                database: configuration.database)
            // A lock not had in this time fails the statement ("busy"), never a wait as long as
            // another session likes.
            connection.options.additionalStartupParameters = [
                ("lock_timeout", PostgresSeenLikeStore.lockWait)
            ]
            return try await PostgresConnection.connect(
                on: channel.eventLoop, configuration: connection, id: id, logger: logger)
        } catch {
            try? await channel.close()
            if let refused = refusal.value.withLock({ $0 }) { throw refused }
            throw error
        }
    }

    /// Sends the SSLRequest and reads the server's one-byte answer.
    private static func askForTLS(_ channel: any Channel) async throws -> UInt8 {
        let promise = channel.eventLoop.makePromise(of: UInt8.self)
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(SSLAnswer(promise), name: "stories-ssl-answer")
        }.get()
        var request = channel.allocator.buffer(capacity: 8)
        request.writeInteger(Int32(8))
        request.writeInteger(Int32(80_877_103))
        try await channel.writeAndFlush(request)
        let answer = try await promise.futureResult.get()
        try await channel.pipeline.removeHandler(name: "stories-ssl-answer").get()
        return answer
    }

    /// Whether `host` is an IP address (no name to check or send as SNI).
    static func isAddress(_ host: String) -> Bool {
        host.contains(":") || host.split(separator: ".").count == 4 && host.allSatisfy { $0.isNumber || $0 == "." }
    }
}

/// Reads the server's one-byte answer to the SSLRequest; more than that byte is refused.
private final class SSLAnswer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let promise: EventLoopPromise<UInt8>
    private var answered = false

    init(_ promise: EventLoopPromise<UInt8>) { self.promise = promise }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        guard !answered else { return }
        answered = true
        guard buffer.readableBytes == 1, let byte = buffer.readInteger(as: UInt8.self) else {
            promise.fail(buffer.readableBytes > 1 ? PostgresTransport.Refusal.stuffedAnswer : .notPostgres)
            context.close(promise: nil)
            return
        }
        promise.succeed(byte)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !answered { promise.fail(PostgresTransport.Refusal.notPostgres) }
        answered = true
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !answered { promise.fail(error) }
        answered = true
        context.fireErrorCaught(error)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if !answered { promise.fail(PostgresTransport.Refusal.notPostgres) }
        answered = true
    }
}

/// Follows the framing of the server's messages (a type byte, a 4-byte length) as they pass,
/// and ends the connection on one too large, or on a password request it must not answer.
final class MessageGuard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let encrypted: Bool
    private let allowPlainPassword: Bool
    private let refusal: PostgresTransport.RefusalBox
    /// The current message's header bytes collected so far (type, length, and for an
    /// authentication request its code).
    private var header: [UInt8] = []
    /// Body bytes of the current message still to pass.
    private var remaining = 0
    private var authenticated = false
    private var refused = false

    init(encrypted: Bool, allowPlainPassword: Bool, refusal: PostgresTransport.RefusalBox) {
        self.encrypted = encrypted
        self.allowPlainPassword = allowPlainPassword
        self.refusal = refusal
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let buffer = unwrapInboundIn(data)
        if let reason = check(buffer.readableBytesView) {
            refused = true
            refusal.value.withLock { $0 = reason }
            context.fireErrorCaught(reason)
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }

    /// A TLS failure is noted for the message (postgres-nio may see only the closed channel).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            refusal.value.withLock { if $0 == nil { $0 = .tls("\(error)") } }
        }
        context.fireErrorCaught(error)
    }

    /// NIOSSL's handshake events stay here: postgres-nio, told the channel has no TLS, takes
    /// one for a TLS of its own it never asked for.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is TLSUserEvent { return }
        context.fireUserInboundEventTriggered(event)
    }

    /// Follows `bytes`; the refusal when they break a rule.
    private func check(_ bytes: ByteBufferView) -> PostgresTransport.Refusal? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if remaining > 0 {
                let skipped = min(remaining, bytes.endIndex - index)
                remaining -= skipped
                index += skipped
                continue
            }
            header.append(bytes[index])
            index += 1
            guard header.count >= 5 else { continue }
            let length = Int(header[1]) << 24 | Int(header[2]) << 16 | Int(header[3]) << 8 | Int(header[4])
            guard length >= 4, length - 4 <= PostgresTransport.maximumMessageBytes else {
                return length < 4 ? .notPostgres : .messageTooLarge(length - 4)
            }
            let isAuthentication = header[0] == UInt8(ascii: "R") && !authenticated && length >= 8
            if isAuthentication {
                guard header.count == 9 else { continue }
                let code = Int(header[5]) << 24 | Int(header[6]) << 16 | Int(header[7]) << 8 | Int(header[8])
                if code == 0 { authenticated = true }
                if code == 3 || code == 5, !encrypted, !allowPlainPassword { return .plainPassword(md5: code == 5) }
                remaining = length - 8
            } else {
                remaining = length - 4
            }
            header.removeAll(keepingCapacity: true)
        }
        return nil
    }
}
