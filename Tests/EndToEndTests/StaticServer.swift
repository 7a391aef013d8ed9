import Foundation

/// Python's `http.server` serving a folder on 127.0.0.1 (any free port), stopped when released:
/// for bodies picsum-stub does not make (a JPEG whose header claims 30000×30000 pixels).
final class StaticServer: @unchecked Sendable {
    let process = Process()
    let baseURL: String

    /// The server's stdin: it exits when this closes (when the test releases it, or when the
    /// test process ends however it ends), so no server outlives its test. A signal is not
    /// enough: a child started from a thread that blocks SIGTERM keeps it blocked.
    private let input = Pipe()

    static let script = """
        import functools, http.server, os, sys, threading
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        print("Serving HTTP on 127.0.0.1 port %d" % server.server_address[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        server.serve_forever()
        """

    init(folder: String) async throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Port 0: the kernel picks a free one; the server prints it on its first line.
        process.arguments = ["python3", "-u", "-c", Self.script, folder]
        process.standardInput = input
        let line = try await startReadingFirstLine(process)
        // "Serving HTTP on 127.0.0.1 port 41234"
        guard let range = line.range(of: #"port (\d+)"#, options: .regularExpression),
            let port = Int(line[range].split(separator: " ")[1])
        else {
            try? input.fileHandleForWriting.close()
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit { try? input.fileHandleForWriting.close() }

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
