import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
    import Darwin
    private let streamSocket = SOCK_STREAM
    private let noSignal: Int32 = 0  // Darwin: SO_NOSIGPIPE on the socket instead
#endif

/// The raw sockets `ServeAttackTests` attacks the server with (slow heads, idle keep-alives,
/// HTTP/1.0, clients that never read).
extension ServeAttackTests {
    static let makeSocket = socket
    static let sendBytes = send

    /// A TCP connection to the server, with a receive timeout.
    final class Connection: Sendable {
        let socket: Int32

        init?(port: Int, timeout seconds: Int = 60) {
            socket = ServeAttackTests.makeSocket(AF_INET, streamSocket, 0)
            guard socket >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var time = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                close(socket)
                return nil
            }
        }

        deinit { close(socket) }

        func send(_ text: String) {
            _ = text.withCString { ServeAttackTests.sendBytes(socket, $0, strlen($0), noSignal) }
        }

        /// Everything until the server closes (or the timeout, or `limit` bytes); whether it closed.
        func readToEnd(limit: Int = 1 << 20) -> (text: String, closed: Bool) {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while bytes.count < limit {
                let got = recv(socket, &buffer, buffer.count, 0)
                if got == 0 { return (String(decoding: bytes, as: UTF8.self), true) }
                if got < 0 { return (String(decoding: bytes, as: UTF8.self), false) }
                bytes += buffer[..<got]
            }
            return (String(decoding: bytes, as: UTF8.self), false)
        }

        /// Reads until `marker` has come (or the timeout).
        func read(until marker: String) -> String {
            var text = ""
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !text.contains(marker) {
                let got = recv(socket, &buffer, buffer.count, 0)
                guard got > 0 else { break }
                text += String(decoding: buffer[..<got], as: UTF8.self)
            }
            return text
        }
    }
}
