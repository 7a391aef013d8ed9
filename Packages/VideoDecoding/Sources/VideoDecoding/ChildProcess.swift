import Foundation
import Subprocess
import Synchronization

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// A tool run as a child process through swift-subprocess: no input or an open file as its
/// standard input (the descriptor stays the caller's to close), its output read as it
/// comes by the caller's `read`, its error output read beside it to the end (a child that
/// fills a pipe nobody reads — 64 KiB: a damaged clip makes ffmpeg write an error line per
/// packet — stops until it is read), the descriptors of this process closed in the child.
/// When `read` throws (the reader stopped, the task was cancelled, a deadline passed) the child
/// is killed (SIGKILL) and waited for before this returns: no child outlives it, and none is
/// signalled after it has been reaped.
enum ChildProcess {
    /// How the child ended, and what it wrote on its error output.
    struct Ending: Sendable {
        /// The exit code, nil when a signal ended it.
        var exitCode: Int32?
        /// Its error output (the first and last ``ErrorOutput/kept`` bytes).
        var errors: ErrorOutput
    }

    /// Runs `path` with `arguments` (and `input` as its standard input); `read` gets each
    /// chunk of its output as it comes.
    static func run(
        _ path: String, _ arguments: [String], input: Int32? = nil,
        read: @escaping @Sendable ([UInt8]) async throws -> Void
    ) async throws -> Ending {
        if let input {
            // Not closed by swift-subprocess: a spawn that fails must leave nothing it would
            // have to close (its check of an unclosed descriptor ends the process).
            return try await run(
                path, arguments, .fileDescriptor(FileDescriptor(rawValue: input), closeAfterSpawningProcess: false),
                read: read)
        }
        return try await run(path, arguments, .none, read: read)
    }

    private static func run<Input: InputProtocol>(
        _ path: String, _ arguments: [String], _ input: Input,
        read: @escaping @Sendable ([UInt8]) async throws -> Void
    ) async throws -> Ending {
        let errors = ErrorOutput()
        let result = try await Subprocess.run(
            .path(FilePath(path)), arguments: Arguments(arguments), input: input, output: .sequence,
            error: .sequence
        ) { execution in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await chunk in execution.standardError {
                        chunk.withUnsafeBytes { errors.append($0) }
                    }
                }
                group.addTask {
                    do {
                        for try await chunk in execution.standardOutput {
                            try await read(chunk.withUnsafeBytes { Array($0) })
                        }
                    } catch {
                        // The reader stopped: the child goes now (its error output then ends,
                        // and the group with it; waiting for the child to end by itself could
                        // be forever).
                        await execution.teardown(using: [TeardownStep]())
                        throw error
                    }
                }
                try await group.waitForAll()
            }
        }
        if case .exited(let code) = result.terminationStatus { return Ending(exitCode: Int32(code), errors: errors) }
        return Ending(exitCode: nil, errors: errors)
    }
}

/// A child's error output; the first and last bytes kept (the first line says what went wrong
/// first, the last what it came to).
final class ErrorOutput: Sendable {
    /// Bytes kept at each end.
    static let kept = 4096

    private struct State {
        var head = Data()
        var tail = Data()
        var total = 0
    }
    private let state = Mutex(State())

    /// Takes a chunk of what the child wrote.
    func append(_ chunk: UnsafeRawBufferPointer) {
        state.withLock { state in
            state.total += chunk.count
            if state.head.count < Self.kept {
                state.head.append(contentsOf: chunk.prefix(Self.kept - state.head.count))
            }
            state.tail.append(contentsOf: chunk.suffix(Self.kept))
            if state.tail.count > Self.kept { state.tail = Data(state.tail.suffix(Self.kept)) }
        }
    }

    /// The first line of what was written.
    func firstLine() -> String { Self.firstLine(state.withLock { $0.head }) }

    /// Bytes written in all.
    var total: Int { state.withLock { $0.total } }

    /// The first line of a tool's error output, without FFmpeg's `[h264 @ 0x55…] ` prefixes,
    /// the name of the input it is handed (`file:/dev/stdin: `, which says nothing to whoever
    /// named the file) and control characters, at most 200 characters (or a word for none).
    static func firstLine(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        guard
            let line = text.split(whereSeparator: \.isNewline).map({ cleaned($0) }).first(where: { !$0.isEmpty })
        else { return "the decoder stopped without saying why" }
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    private static func cleaned(_ line: Substring) -> String {
        var text = String(line).replacing(/\[[^\]\[]* @ 0x[0-9a-fA-F]+\] */, with: "")
            .replacing(/^ *file:\/dev\/stdin: */, with: "")
        text.unicodeScalars.removeAll { $0.properties.generalCategory == .control }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
