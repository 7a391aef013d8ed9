import Foundation
import StoryBase
import StoryInterfaces
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to stdout and stderr; text from configuration or content is sanitised first.
///
/// Writes are `write(2)` loops, never `FileHandle.write` (which traps on a full disk or a
/// closed descriptor): stdout that cannot take the output is an ``OutputError`` (exit 74; a
/// pipe whose reader went away ends the command quietly, ``OutputError/isClosedPipe``);
/// stderr that cannot is given up silently (there is nowhere left to say it).
public enum StandardStreams {
    /// One line to stdout (sanitise content first).
    public static func printOutput(_ text: String) throws(OutputError) {
        try writeOutput(Array((text + "\n").utf8))
    }

    /// Raw bytes to stdout (cells, JSON).
    public static func writeOutput(_ bytes: [UInt8]) throws(OutputError) {
        if stdoutWasClosed.load(ordering: .relaxed) { throw OutputError(code: EBADF) }
        if let code = RawWrite.all(bytes, to: STDOUT_FILENO) { throw OutputError(code: code) }
    }

    /// Raw bytes to stdout, from memory the caller keeps (a picture written piece by piece).
    public static func writeOutput(_ raw: UnsafeRawBufferPointer) throws(OutputError) {
        if stdoutWasClosed.load(ordering: .relaxed) { throw OutputError(code: EBADF) }
        if let code = RawWrite.all(raw, to: STDOUT_FILENO) { throw OutputError(code: code) }
    }

    /// Whether the program started with stdout closed (`>&-`).
    static let stdoutWasClosed = Atomic(false)
    /// Whether the program started with stderr closed (`2>&-`).
    static let stderrWasClosed = Atomic(false)

    /// Standard descriptors the program started without are never written to: their numbers
    /// may already belong to something the runtime opened before `main` (Dispatch's eventfd
    /// takes a closed fd 1), and bytes meant for stdout would go there. A number still free
    /// gets /dev/null, so that no file opened later (the database!) takes it. Output to a
    /// stdout closed this way is an ``OutputError``. Call first thing.
    public static func reserveClosedStandardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            if fcntl(fd, F_GETFD) == -1 && errno == EBADF {
                let opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
                if opened >= 0, opened != fd {
                    dup2(opened, fd)
                    close(opened)
                }
            } else if !isAnonymousInode(fd) {
                continue
            }
            if fd == STDOUT_FILENO { stdoutWasClosed.store(true, ordering: .relaxed) }
            if fd == STDERR_FILENO { stderrWasClosed.store(true, ordering: .relaxed) }
        }
    }

    /// Whether `fd` is an eventfd, epoll or similar (`anon_inode:` in /proc): never a stream
    /// a user gave us. Darwin has no anonymous inodes (its kqueues are made after this runs).
    private static func isAnonymousInode(_ fd: Int32) -> Bool {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
            guard count > 0 else { return false }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .hasPrefix("anon_inode:")
        #else
            return false
        #endif
    }

    /// Writes ArgumentParser's own messages (usage, errors), sanitised but with their newlines.
    public static func writeError(_ text: String) {
        if stderrWasClosed.load(ordering: .relaxed) { return }
        _ = RawWrite.all(Array((sanitized(text, keepingNewlines: true) + "\n").utf8), to: STDERR_FILENO)
    }

    /// One line (already sanitised) to stderr, unless stderr was closed.
    public static func writeErrorLine(_ line: String) {
        if stderrWasClosed.load(ordering: .relaxed) { return }
        _ = RawWrite.all(Array((line + "\n").utf8), to: STDERR_FILENO)
    }

    /// `stories: ` and the text, credentials in URLs hidden and controls replaced, to stderr.
    public static func printError(_ text: String) {
        if stderrWasClosed.load(ordering: .relaxed) { return }
        let line = "stories: " + sanitized(Redaction.redacted(text), keepingNewlines: true) + "\n"
        _ = RawWrite.all(Array(line.utf8), to: STDERR_FILENO)
    }

    /// Content and configuration text made safe for a terminal or a script: controls (C0, C1,
    /// DEL, escape sequences) and bidi overrides replaced — the screen's rule
    /// (``TerminalText/sanitize(_:)``), with newlines kept when asked.
    public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        guard keepingNewlines else { return TerminalText.sanitize(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.sanitize(String($0)) }
            .joined(separator: "\n")
    }
}

/// Standard output could not take the output: a full disk, a closed descriptor or pipe (exit 74).
public struct OutputError: Error, CustomStringConvertible {
    /// The `errno` of the failed write.
    public var code: Int32

    /// Creates the error for `errno` `code`.
    public init(code: Int32) { self.code = code }

    /// The reader of a pipe went away (`stories doctor | head -3`): the end of the output the
    /// reader asked for, not a failure to say.
    public var isClosedPipe: Bool { code == EPIPE }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public var description: String {
        "cannot write the output: \(String(cString: strerror(code))); check the disk or the pipe it goes to"
    }
}
