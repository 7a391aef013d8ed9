import FlyingFox
import FlyingSocks
import Foundation

// picsum-stub: a Lorem Picsum-compatible server on 127.0.0.1 for offline runs and tests.
//
// usage: picsum-stub [--port N] [--latency 50ms] [--fault KIND] [--videos DIR]   (KIND: see Fault.swift)
// Prints "picsum-stub listening on http://127.0.0.1:PORT" once ready (port 0: any free port).
// Per request: ?fault=KIND and ?latency=DURATION. Also /videos/NAME: a clip from --videos DIR,
// else a bundled clip.

var port: UInt16 = 0
var fault: Fault?
var latency: Duration = .zero
var videos: URL?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(
        Data(
            "picsum-stub: \(message)\nusage: picsum-stub [--port N] [--latency 50ms] [--fault \(Fault.allCases.map(\.rawValue).joined(separator: "|"))] [--videos DIR]\n"
                .utf8))
    exit(64)
}
while let argument = arguments.next() {
    switch argument {
    case "--port": port = UInt16(arguments.next() ?? "") ?? { fail("--port needs a number") }()
    case "--fault": fault = Fault(rawValue: arguments.next() ?? "") ?? { fail("unknown fault") }()
    case "--latency":
        latency =
            PicsumStubServer.duration(arguments.next() ?? "") ?? { fail("--latency needs a duration such as 50ms") }()
    case "--videos": videos = URL(fileURLWithPath: arguments.next() ?? { fail("--videos needs a folder") }())
    case "--help", "-h": fail("a Picsum-compatible server for offline runs")
    default: fail("unknown argument \(argument)")
    }
}

if fault == .gzipBomb { _ = GzipBomb.bytes }  // made before the first request, not during it
let stub = PicsumStubServer(defaultFault: fault, defaultLatency: latency, videos: videos)
let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 60, logger: .disabled)
let base = LockedBase()
await server.appendRoute("*") { request in
    await stub.respond(to: request, base: base.value)
}
let running = Task { try await server.run() }
try await server.waitUntilListening()
guard case .ip4(_, let boundPort)? = await server.listeningAddress else { fail("not listening") }
base.value = "http://127.0.0.1:\(boundPort)"
ListeningSocket.disableNagle(port: boundPort)
FileHandle.standardOutput.write(Data("picsum-stub listening on \(base.value)\n".utf8))
try await running.value

/// The base URL, known once the port is bound.
final class LockedBase: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""
    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// TCP_NODELAY on the listening socket, which Linux copies to every accepted connection.
/// FlyingFox writes a response's head and body separately; without it, the second request
/// on a kept-alive connection (the CDN fetch after a 302) waits ~40 ms on Nagle's algorithm
/// and a delayed ACK, a stall real servers do not have. FlyingFox does not expose its
/// socket, so it is found by its bound port.
enum ListeningSocket {
    static func disableNagle(port: UInt16) {
        for fd in Int32(3)..<Int32(1024) {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port
            else { continue }
            var on: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }
}
