#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 bound, not listening, by this process: while kept, connections to it
/// are refused and no other test's server can take it; once closed, a server may use it.
public final class LoopbackPort: Sendable {
    /// The port's number.
    public let number: Int
    private let descriptor: Int32

    /// Binds a free port.
    public init() throws(LoopbackPortError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackPortError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            _ = close(fd)
            throw LoopbackPortError()
        }
        descriptor = fd
        number = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { _ = close(descriptor) }
}

/// No port on 127.0.0.1 could be bound.
public struct LoopbackPortError: Error, CustomStringConvertible {
    /// One line.
    public var description: String { "no free port on 127.0.0.1" }
}
