import Foundation
import StoryInterfacesTestSupport
import Testing

/// The repository's root, from this file's location.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The result of running a program.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built `stories` (next to the test bundle, or `$STORIES_BINARY`) and other programs.
enum StoriesProcess {
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["STORIES_BINARY"] { return override }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [bundle.appendingPathComponent("stories").path]
        // On some layouts the test bundle is a folder one level deeper.
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("stories").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// Runs `stories` with a fresh HOME (so no real config, state or cache is touched).
    static func run(
        _ arguments: [String], environment: [String: String] = [:], home: String? = nil, stdin: String? = nil
    ) async throws -> ProcessResult {
        let home = try home ?? TemporaryFolder.make()
        var base = ["HOME": home, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        base.merge(environment) { $1 }
        return try await execute(binary, arguments, environment: base, stdin: stdin)
    }

    /// Runs `program` to its end (``ChildProcesses``), stdin from `stdin` (a path) or none.
    static func execute(
        _ program: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) async throws -> ProcessResult {
        try await ChildProcesses.run(program, arguments, environment: environment, stdin: stdin)
    }
}

enum TemporaryFolder {
    static func make() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("EndToEndTests-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
