import Foundation
import StoryInterfacesTestSupport

/// A picsum-stub on 127.0.0.1 (any free port) for one test, stopped when released.
final class PicsumStubProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: URL

    init(arguments: [String] = []) async throws {
        let folder = URL(fileURLWithPath: StoriesProcess.binary).deletingLastPathComponent()
        process.executableURL = folder.appendingPathComponent("picsum-stub")
        process.arguments = arguments
        // The first line says where it listens.
        let line = try await startReadingFirstLine(process)
        let text = line
        guard let range = text.range(of: "listening on "),
            let url = URL(string: text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        baseURL = url
    }

    /// Stopped without waiting (a wait would block the thread releasing it; Foundation reaps
    /// the child).
    deinit { process.terminate() }
}

/// Starts `process` (stderr discarded) and returns the first line it writes on stdout, read on
/// a thread of its own: a server saying where it listens.
func startReadingFirstLine(_ process: Process) async throws -> String {
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let reader = out.fileHandleForReading
    return try await onOwnThread {
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        return String(decoding: line, as: UTF8.self)
    }
}
