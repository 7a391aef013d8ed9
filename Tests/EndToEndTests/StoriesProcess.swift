import Foundation
import StoryInterfacesTestSupport
import Subprocess
import Testing

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

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

    /// Runs `program` to its end through swift-subprocess, stdin from `stdin` (a path) or
    /// nothing, its output and error output read together as they come (a full pipe never
    /// blocks it), the descriptors of this process closed in it (a server another test
    /// started meanwhile never holds its pipes open).
    static func execute(
        _ program: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) async throws -> ProcessResult {
        let variables = Environment.custom(
            Dictionary(
                uniqueKeysWithValues: environment.compactMap { key, value in
                    Environment.Key(rawValue: key).map { ($0, value) }
                }))
        let limit = 1 << 26  // 64 MiB: a picture in a graphics protocol is a few
        let result: (status: TerminationStatus, stdout: String?, stderr: String?)
        if let stdin {
            let input = try FileDescriptor.open(FilePath(stdin), .readOnly)
            let ran = try await Subprocess.run(
                .path(FilePath(program)), arguments: Arguments(arguments), environment: variables,
                input: .fileDescriptor(input, closeAfterSpawningProcess: true), output: .string(limit: limit),
                error: .string(limit: limit))
            result = (ran.terminationStatus, ran.standardOutput, ran.standardError)
        } else {
            let ran = try await Subprocess.run(
                .path(FilePath(program)), arguments: Arguments(arguments), environment: variables, input: .none,
                output: .string(limit: limit), error: .string(limit: limit))
            result = (ran.terminationStatus, ran.standardOutput, ran.standardError)
        }
        let status: Int32
        switch result.status {
        case .exited(let code): status = Int32(code)
        case .signaled(let signal): status = Int32(signal)  // as Foundation's Process says it
        }
        return ProcessResult(status: status, stdout: result.stdout ?? "", stderr: result.stderr ?? "")
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
