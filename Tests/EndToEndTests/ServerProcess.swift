import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// A server for one test, run through swift-subprocess: started, the first line it writes read
/// (where it listens), its output drained after, and killed and reaped when stopped or
/// released. Its standard input is a pipe this process never writes nor closes: a server
/// that reads it to its end (StaticServer's) exits when this process ends, however it ends.
final class ServerProcess: Sendable {
    private let task: Task<Void, Never>
    /// The first line the server wrote (without its newline).
    let firstLine: String

    /// Starts `program`; throws when it ends before writing a line.
    init(_ program: String, _ arguments: [String]) async throws {
        let (lines, told) = AsyncStream<String>.makeStream()
        task = Task {
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
