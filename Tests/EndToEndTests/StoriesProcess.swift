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

    /// Runs `program` to its end on a thread of its own (waiting blocks; the cooperative pool
    /// must not), stdin from `stdin` (a path) or /dev/null.
    static func execute(
        _ program: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) async throws -> ProcessResult {
        try await onOwnThread { try executeBlocking(program, arguments, environment: environment, stdin: stdin) }
    }

    private static func executeBlocking(
        _ program: String, _ arguments: [String], environment: [String: String], stdin: String?
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        // Close-on-exec for every end: Foundation does not close them in other children, so a
        // server another test starts meanwhile (a stub living for its whole test) would hold the
        // output pipe open and the read to its end below would wait for that server to stop
        // (seen: two fault-matrix runs ended 15 s late, when a video test released its stub).
        // The child still gets its ends as 0, 1 and 2 (dup2 clears the flag).
        for pipe in [out, err] {
            for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
                _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput =
            try stdin.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
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
