import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tool started as a child process with no input, its output on a pipe for the caller and
/// its error output drained as it comes, on a thread of its own: a child that fills a pipe
/// nobody reads (64 KiB: a damaged clip makes ffmpeg write an error line per packet) stops
/// until it is read, which would hang its reader for good. Only the first and the last
/// ``ErrorOutput/kept`` bytes are kept, for the message.
struct ChildProcess {
    let process: Process
    let output: FileHandle
    let errors: ErrorOutput

    /// Starts `path` with `arguments`.
    static func launch(_ path: String, _ arguments: [String]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()  // (closes the parent's copies of the write ends)
        let errors = ErrorOutput()
        errors.drain(errorPipe.fileHandleForReading)
        return ChildProcess(process: process, output: output.fileHandleForReading, errors: errors)
    }
}

/// A child's error output, read to its end on a thread of its own; the first and last bytes
/// kept (the first line says what went wrong first, the last what it came to).
final class ErrorOutput: Sendable {
    /// Bytes kept at each end.
    static let kept = 4096

    private struct State {
        var head = Data()
        var tail = Data()
        var total = 0
    }
    private let state = Mutex(State())
    private let ended = DispatchSemaphore(value: 0)

    func drain(_ handle: FileHandle) {
        Thread { [self] in
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                state.withLock { state in
                    state.total += chunk.count
                    if state.head.count < Self.kept { state.head.append(chunk.prefix(Self.kept - state.head.count)) }
                    state.tail.append(chunk.suffix(Self.kept))
                    if state.tail.count > Self.kept { state.tail = Data(state.tail.suffix(Self.kept)) }
                }
            }
            try? handle.close()
            ended.signal()
        }.start()
    }

    /// The first line of what was written (the child has exited: waits for the pipe's end,
    /// at most a second, in case a grandchild still holds it).
    func firstLine() -> String {
        if ended.wait(timeout: .now() + 1) == .success { ended.signal() }
        let head = state.withLock { $0.head }
        return Self.firstLine(head)
    }

    /// Bytes written in all.
    var total: Int { state.withLock { $0.total } }

    /// The first line of a tool's error output, without FFmpeg's `[h264 @ 0x55…] ` prefixes
    /// and control characters, at most 200 characters (or a word for none).
    static func firstLine(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        guard
            let line = text.split(whereSeparator: \.isNewline).map({ cleaned($0) }).first(where: { !$0.isEmpty })
        else { return "the decoder stopped without saying why" }
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    private static func cleaned(_ line: Substring) -> String {
        var text = String(line).replacing(/\[[^\]\[]* @ 0x[0-9a-fA-F]+\] */, with: "")
        text.unicodeScalars.removeAll { $0.properties.generalCategory == .control }
        return text.trimmingCharacters(in: .whitespaces)
    }
}
