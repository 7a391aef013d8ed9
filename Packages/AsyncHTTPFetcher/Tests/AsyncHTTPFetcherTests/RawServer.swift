import Foundation
import StoryInterfacesTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 that answers each request with the raw bytes a test
/// writes, on threads of its own (never the cooperative pool): faults the client must survive
/// are written as they happen on the wire.
final class RawServer: Sendable {
    /// What a handler does with one request: write to the connection, maybe slowly, maybe not at all.
    struct Connection: Sendable {
        let fd: Int32
        /// Writes all of `bytes`; false once the peer is gone.
        @discardableResult func write(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes {
                    ProcessProbe.send(fd, $0.baseAddress, $0.count)
                }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
        @discardableResult func write(_ text: String) -> Bool { write(Array(text.utf8)) }
    }

    /// The request's path, and whether the connection stays open for another request.
    typealias Handler = @Sendable (_ path: String, _ connection: Connection) -> Bool

    let port: Int
    private let listener: Int32
    private final class Counters: Sendable {
        let accepted = Atomic(0)
        let requests = Mutex<[String]>([])
    }
    private let counters = Counters()

    /// Connections accepted so far.
    var connections: Int { counters.accepted.load(ordering: .sequentiallyConsistent) }
    /// Paths requested so far.
    var paths: [String] { counters.requests.withLock { $0 } }

    init(_ handler: @escaping Handler) throws {
        let (listener, port) = try LoopbackListener.open()
        self.port = port
        self.listener = listener
        let counters = self.counters
        Thread.detachNewThread {
            while true {
                let fd = accept(listener, nil, nil)
                if fd < 0 { return }
                counters.accepted.add(1, ordering: .sequentiallyConsistent)
                Thread.detachNewThread {
                    defer { close(fd) }
                    while let path = Self.readRequest(fd) {
                        counters.requests.withLock { $0.append(path) }
                        if !handler(path, Connection(fd: fd)) { return }
                    }
                }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The base URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Reads one request's head; its path, or nil when the peer closed.
    private static func readRequest(_ fd: Int32) -> String? {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !(head.count >= 4 && head.suffix(4) == [13, 10, 13, 10]) {
            guard recv(fd, &byte, 1, 0) == 1 else { return nil }
            head.append(byte)
        }
        let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        return parts.count > 1 ? String(parts[1]) : "/"
    }
}

/// A complete response's bytes.
func response(status: String = "200 OK", headers: [String] = [], body: [UInt8]) -> [UInt8] {
    let head = (["HTTP/1.1 \(status)", "Content-Length: \(body.count)"] + headers).joined(separator: "\r\n")
    return Array((head + "\r\n\r\n").utf8) + body
}
