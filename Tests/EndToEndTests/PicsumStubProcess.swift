import Foundation

/// A picsum-stub on 127.0.0.1 (any free port) for one test, killed when released.
final class PicsumStubProcess: Sendable {
    let server: ServerProcess
    let baseURL: URL

    init(arguments: [String] = []) async throws {
        let folder = URL(fileURLWithPath: StoriesProcess.binary).deletingLastPathComponent()
        // The first line says where it listens.
        server = try await ServerProcess(folder.appendingPathComponent("picsum-stub").path, arguments)
        guard let range = server.firstLine.range(of: "listening on "),
            let url = URL(string: server.firstLine[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            server.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = url
    }
}
