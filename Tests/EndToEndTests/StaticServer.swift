import Foundation

/// Python's `http.server` serving a folder on 127.0.0.1 (any free port), stopped when released:
/// for bodies picsum-stub does not make (a JPEG whose header claims 30000×30000 pixels).
final class StaticServer: Sendable {
    /// Killed when released; it also exits when its stdin closes (the test process ended,
    /// however it ended), so no server outlives its test.
    let server: ServerProcess
    let baseURL: String

    static let script = """
        import functools, http.server, os, sys, threading
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        print("Serving HTTP on 127.0.0.1 port %d" % server.server_address[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        server.serve_forever()
        """

    init(folder: String) async throws {
        // Port 0: the kernel picks a free one; the server prints it on its first line.
        server = try await ServerProcess("/usr/bin/env", ["python3", "-u", "-c", Self.script, folder])
        let line = server.firstLine
        // "Serving HTTP on 127.0.0.1 port 41234"
        guard let range = line.range(of: #"port (\d+)"#, options: .regularExpression),
            let port = Int(line[range].split(separator: " ")[1])
        else {
            server.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    /// A real JPEG whose frame header is patched to claim `width`×`height` pixels.
    static func jpegClaiming(width: Int, height: Int) throws -> Data {
        let sample = URL(fileURLWithPath: repositoryRoot)
            .appendingPathComponent("Packages/StoryModels/Sources/StoryModels/Resources/samples/astronaut-portrait.jpg")
        var bytes = [UInt8](try Data(contentsOf: sample))
        for index in 0..<(bytes.count - 9) where bytes[index] == 0xFF && [0xC0, 0xC2].contains(bytes[index + 1]) {
            bytes[index + 5] = UInt8(height >> 8)
            bytes[index + 6] = UInt8(height & 0xFF)
            bytes[index + 7] = UInt8(width >> 8)
            bytes[index + 8] = UInt8(width & 0xFF)
            return Data(bytes)
        }
        throw CocoaError(.fileReadCorruptFile)
    }
}
