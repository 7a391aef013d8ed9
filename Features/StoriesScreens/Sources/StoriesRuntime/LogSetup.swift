import Foundation
public import Logging
import StoryBase
import StoryInterfaces
import StoryTerminal
import Synchronization

/// `log.level` and `log.file`: where the program's log messages go (swift-log).
///
/// Messages go to stderr, or are appended to `log.file`; while the interactive screen is up
/// they are never written to the terminal: without a file they are held and written to
/// stderr once the screen is gone. No global `LoggingSystem.bootstrap`: each logger is made
/// with its handler, so tests can build many roots in one process.
public struct LogSetup: Sendable {
    /// The accepted `log.level` words, least severe first.
    public static let levels = Logger.Level.allCases.map(\.rawValue)

    /// The least severe level written.
    public let level: Logger.Level
    /// The file messages are appended to, if any.
    public let file: String?

    /// Creates a setup from validated words (an unknown level is `warning`).
    public init(level: String, file: String?) {
        self.level = Logger.Level(rawValue: level) ?? .warning
        self.file = file
    }

    /// A logger for a command that writes plain lines: to the file, else to stderr.
    public func makeLogger(label: String = "stories") -> Logger {
        makeLogger(label: label, sink: file.map { LogSink.file($0) } ?? .standardError)
    }

    /// A logger for the interactive screen: to the file, else held in `held` until the
    /// screen is left.
    public func makeLogger(label: String = "stories", holdingIn held: LogSink) -> Logger {
        makeLogger(label: label, sink: file.map { LogSink.file($0) } ?? held)
    }

    func makeLogger(label: String, sink: LogSink) -> Logger {
        var logger = Logger(label: label) { label in LineLogHandler(label: label, sink: sink) }
        logger.logLevel = level
        return logger
    }
}

/// Where log lines end up. Reference type: one sink is shared by every copy of a logger.
public final class LogSink: Sendable {
    private enum Target {
        case standardError
        case file(path: String, fd: Int32)
        case held([String])
    }

    private let target: Mutex<Target>

    private init(_ target: Target) { self.target = Mutex(target) }

    /// Lines to stderr.
    public static var standardError: LogSink { LogSink(.standardError) }

    /// Lines appended to `path` (created if missing); stderr, with a warning, if it cannot be opened.
    public static func file(_ path: String) -> LogSink {
        // The owner's only (0600): failing URLs and server names are logged.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            StandardStreams.printError("warning: cannot open the log file \(path) (\(reason)); logging to stderr")
            return .standardError
        }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
            status.st_mode & 0o077 != 0
        {
            fchmod(fd, status.st_mode & 0o700)
        }
        return LogSink(.file(path: path, fd: fd))
    }

    deinit {
        if case .file(_, let fd) = target.withLock({ $0 }) { close(fd) }
    }

    /// Lines held in memory until ``flushHeld()``.
    public static func holding() -> LogSink { LogSink(.held([])) }

    /// The most lines held; older ones are dropped (and counted in the last line).
    static let maximumHeld = 500

    func write(_ line: String) {
        target.withLock { target in
            switch target {
            case .standardError: StandardStreams.writeErrorLine(line)
            case .file(let path, let fd):
                guard let code = RawWrite.all(Array((line + "\n").utf8), to: fd) else { return }
                // A log file that cannot be written (a full disk): stderr from now on, said once.
                close(fd)
                target = .standardError
                StandardStreams.printError(
                    "warning: cannot write the log file \(path) (\(String(cString: strerror(code)))); logging to stderr"
                )
                StandardStreams.writeErrorLine(line)
            case .held(var lines):
                lines.append(line)
                if lines.count > Self.maximumHeld { lines.removeFirst(lines.count - Self.maximumHeld) }
                target = .held(lines)
            }
        }
    }

    /// Writes the held lines to stderr and from then on writes straight there.
    public func flushHeld() {
        let lines = target.withLock { target -> [String] in
            guard case .held(let lines) = target else { return [] }
            target = .standardError
            return lines
        }
        guard !lines.isEmpty else { return }
        for line in lines { StandardStreams.writeErrorLine(line) }
    }
}

/// One line per message: time, level, label, message and metadata, control characters escaped.
struct LineLogHandler: LogHandler {
    let label: String
    let sink: LogSink
    var logLevel: Logger.Level = .warning
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        let fields = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let time = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        // Credentials and query strings of any URL are hidden (a failing URL is logged whole otherwise).
        sink.write(
            StandardStreams.sanitized(Redaction.redacted("\(time) \(event.level) \(label): \(event.message)\(fields)")))
    }
}
