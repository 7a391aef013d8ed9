import Foundation
import StoryBase
import StoryInterfaces
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// The tests' child processes (`stories`, scripts, tmux, Xvfb and the terminals, the servers)
/// through swift-subprocess: output and error output read together as they come (a full pipe
/// never blocks a child), the descriptors of this process closed in the child (a server
/// another test starts meanwhile never holds a pipe of ours open), and the child waited for
/// without blocking a thread.
///
/// Everything runs on threads of the tests' own (``ChildProcessThreads``): swift-subprocess's
/// reads and waits resume on the executor their task prefers, and this process runs hundreds
/// of tests on a cooperative pool of two threads — on it, a full run under load timed out in a
/// dozen places.
enum ChildProcesses {
    /// The most output kept per stream (a picture in a graphics protocol is a few MiB).
    static let limit = 1 << 26

    /// Runs `program` to its end, stdin from the file at `stdin` or none.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) async throws -> ProcessResult {
        try await withTaskExecutorPreference(ChildProcessThreads.shared) {
            let variables = Environment.custom(
                Dictionary(
                    uniqueKeysWithValues: environment.compactMap { key, value in
                        Environment.Key(rawValue: key).map { ($0, value) }
                    }))
            let executable = Executable.path(FilePath(program))
            let ran: (status: TerminationStatus, stdout: String?, stderr: String?)
            if let stdin {
                let input = try FileDescriptor.open(FilePath(stdin), .readOnly)
                let result = try await Subprocess.run(
                    executable, arguments: Arguments(arguments), environment: variables,
                    input: .fileDescriptor(input, closeAfterSpawningProcess: true), output: .string(limit: limit),
                    error: .string(limit: limit))
                ran = (result.terminationStatus, result.standardOutput, result.standardError)
            } else {
                let result = try await Subprocess.run(
                    executable, arguments: Arguments(arguments), environment: variables, input: .none,
                    output: .string(limit: limit), error: .string(limit: limit))
                ran = (result.terminationStatus, result.standardOutput, result.standardError)
            }
            return ProcessResult(status: status(ran.status), stdout: ran.stdout ?? "", stderr: ran.stderr ?? "")
        }
    }

    /// An exit code, or the signal's number for a child a signal ended (as Foundation's
    /// `Process` says it).
    static func status(_ termination: TerminationStatus) -> Int32 {
        switch termination {
        case .exited(let code): Int32(code)
        case .signaled(let signal): Int32(signal)
        }
    }
}

/// Threads of the tests' own for their child processes. Nothing there blocks: swift-subprocess
/// waits for output and exits with epoll.
enum ChildProcessThreads {
    /// Two threads: their work is copying a few pipes' bytes.
    static let shared = OwnThreads(name: "tests.child", count: 2)
}

/// A server for one test, run through swift-subprocess on ``ChildProcessThreads``: started,
/// the first line it writes read (where it listens), its output drained after, and killed and
/// reaped when stopped or released. Its standard input is a pipe this process never writes
/// nor closes: a server that reads it to its end (StaticServer's) exits when this process
/// ends, however it ends.
final class ServerProcess: Sendable {
    private let task: Task<Void, Never>
    /// The first line the server wrote (without its newline).
    let firstLine: String

    /// Starts `program`; throws when it ends before writing a line.
    init(_ program: String, _ arguments: [String]) async throws {
        let (lines, told) = AsyncStream<String>.makeStream()
        task = Task(executorPreference: ChildProcessThreads.shared) {
            _ = try? await Subprocess.run(
                .path(FilePath(program)), arguments: Arguments(arguments), input: .inputWriter, output: .sequence,
                error: .discarded
            ) { execution in
                // Read to its end (a server that logs never blocks on a full pipe), or until the
                // task is cancelled, which kills it; the first line is told.
                var line: [UInt8] = []
                var waiting = true
                for try await chunk in execution.standardOutput where waiting {
                    line += chunk.withUnsafeBytes { Array($0) }
                    if let newline = line.firstIndex(of: 0x0A) {
                        told.yield(String(decoding: line[..<newline], as: UTF8.self))
                        told.finish()
                        waiting = false
                    }
                }
            }
            told.finish()
        }
        var iterator = lines.makeAsyncIterator()
        guard let line = await iterator.next() else {
            task.cancel()
            throw ServerError.endedSilently(program)
        }
        firstLine = line
    }

    /// Stops the server (killed and reaped in the background).
    func stop() { task.cancel() }

    deinit { task.cancel() }

    enum ServerError: Error { case endedSilently(String) }
}
