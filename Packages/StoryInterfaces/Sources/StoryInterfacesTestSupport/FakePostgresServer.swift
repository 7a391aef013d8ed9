import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server on 127.0.0.1 that speaks just enough of PostgreSQL's protocol to be hostile:
/// it answers "N" to the SSLRequest, then, to the startup message, asks for
/// the password in clear or as MD5, refuses the login, says the database does not exist, or
/// announces a message of a gigabyte. It counts connections and the password messages it
/// received (what a client must never send it).
public final class FakePostgresServer: Sendable {
    /// What it does after the startup message.
    public enum Behaviour: Sendable {
        /// AuthenticationCleartextPassword.
        case cleartext
        /// AuthenticationMD5Password.
        case md5
        /// An ErrorResponse with this SQLSTATE and message (28P01: a wrong password; 3D000: no
        /// such database).
        case error(code: String, message: String)
        /// A message announcing `bytes` of body, then a few bytes a second for two minutes.
        case huge(bytes: Int)
    }

    /// The port on 127.0.0.1.
    public let port: Int
    private let behaviour: Behaviour
    private let listener: Int32
    private struct Counts {
        var connections = 0
        var passwords = 0
        var stopped = false
    }
    private let counts = Mutex(Counts())

    /// Connections accepted so far.
    public var connections: Int { counts.withLock { $0.connections } }
    /// Password messages ('p') received so far.
    public var passwordsReceived: Int { counts.withLock { $0.passwords } }

    /// A server listening now.
    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try LoopbackListener.open(backlog: 16)
        Thread { [self] in acceptLoop() }.start()
    }

    /// `postgres://USER[:PASSWORD]@127.0.0.1:PORT/DB` for this server.
    public func url(user: String = "me", password: String? = "hunter2", database: String = "state") -> String {
        "postgres://\(user)\(password.map { ":" + $0 } ?? "")@127.0.0.1:\(port)/\(database)"
    }

    /// Stops listening (connections open stay until their client goes).
    public func stop() {
        // Once: a descriptor closed twice may close another's that took its number.
        guard
            counts.withLock({ counts in
                defer { counts.stopped = true }
                return !counts.stopped
            })
        else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while !counts.withLock({ $0.stopped }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            counts.withLock { $0.connections += 1 }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard var first = read(client, 8) else { return }
        if first.count == 8, Array(first[4..<8]) == [0x04, 0xD2, 0x16, 0x2F] {  // SSLRequest
            guard write(client, [UInt8(ascii: "N")]) else { return }
            guard let next = read(client, 4) else { return }
            first = next
        }
        let length = Int(first[0]) << 24 | Int(first[1]) << 16 | Int(first[2]) << 8 | Int(first[3])
        guard length >= 8, length < 10_000, read(client, length - first.count) != nil else { return }
        switch behaviour {
        case .cleartext: _ = write(client, Self.message("R", Self.int32(3)))
        case .md5: _ = write(client, Self.message("R", Self.int32(5) + [1, 2, 3, 4]))
        case .error(let code, let message):
            let fields =
                [UInt8(ascii: "S")] + Array("FATAL".utf8) + [0] + [UInt8(ascii: "C")] + Array(code.utf8)
                + [0] + [UInt8(ascii: "M")] + Array(message.utf8) + [0, 0]
            _ = write(client, Self.message("E", fields))
            return
        case .huge(let bytes):
            _ = write(client, [UInt8(ascii: "R")] + Self.int32(bytes + 4) + Self.int32(0))
            for _ in 0..<240 {
                guard write(client, [UInt8](repeating: 0x41, count: 16)) else { return }
                Thread.sleep(forTimeInterval: 0.5)
            }
            return
        }
        // Whatever the client sends now: a password message is counted.
        while let header = read(client, 5) {
            if header[0] == UInt8(ascii: "p") { counts.withLock { $0.passwords += 1 } }
            let size = Int(header[1]) << 24 | Int(header[2]) << 16 | Int(header[3]) << 8 | Int(header[4])
            guard size >= 4, size < 100_000, read(client, size - 4) != nil else { return }
            _ = write(client, Self.message("R", Self.int32(3)))  // and ask again
        }
    }

    static func int32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func message(_ type: Character, _ body: [UInt8]) -> [UInt8] {
        [type.asciiValue!] + int32(body.count + 4) + body
    }

    private func read(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = bytes.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress! + got, count - got) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return nil }
            got += n
        }
        return bytes
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { ProcessProbe.send(fd, $0.baseAddress! + sent, bytes.count - sent) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}

/// The C library's `read` (the server has a `read` of its own).
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #else
        Darwin.read(fd, buffer, count)
    #endif
}
