@preconcurrency import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen terminal: raw mode, the alternate screen, a hidden cursor and mouse
/// reports while it runs, all given back on every way out — ``restore()`` (quit, errors,
/// `defer`), SIGTERM, SIGHUP, SIGINT, SIGQUIT, and crashes (SIGABRT, SIGILL, SIGTRAP,
/// SIGSEGV, SIGBUS: restored, then the signal's default action, so a crash still reports).
/// SIGTSTP (`kill -TSTP`, or ``suspend()`` for Ctrl-Z) gives the terminal back and stops the
/// process; when the shell continues it (`fg`, SIGCONT) raw mode is taken again and
/// ``continuations()`` says so, for the app to enter its screen and redraw everything.
public final class TerminalSession: @unchecked Sendable {
    /// The bytes that leave the full-screen mode: focus reports off, mouse off, cursor on, main
    /// screen, plain style.
    public static let leaveSequence =
        "\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l\u{1B}[0m"
    /// The bytes that enter it: alternate screen, cursor off, clear, mouse clicks and releases
    /// in SGR form, focus reports (the viewer pauses while the window is not focused).
    public static let enterSequence =
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[H\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?1004h"
    /// kitty's keyboard protocol with every key as an escape code, repeats and releases, and
    /// the text typed (flags 1 + 2 + 8 + 16), pushed on the terminal's stack: asked only of a
    /// terminal that answered the protocol's query. (Flags 1 + 2 alone are not enough: kitty
    /// then sends Enter's release as a second Enter.)
    public static let keyReleasesOn = "\u{1B}[>27u"
    /// Pops what ``keyReleasesOn`` pushed.
    public static let keyReleasesOff = "\u{1B}[<u"

    /// What enters the full screen, with key releases asked for or not.
    public static func enterSequence(keyReleases: Bool) -> String {
        enterSequence + (keyReleases ? keyReleasesOn : "")
    }

    /// What leaves it.
    public static func leaveSequence(keyReleases: Bool) -> String {
        (keyReleases ? keyReleasesOff : "") + leaveSequence
    }

    /// The terminal's file descriptor.
    public let fileDescriptor: Int32
    private let lock = NSLockish()
    private var restored = false

    /// Whether `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Takes over the terminal on `fd`: saves its mode, enters raw mode and (when
    /// `fullScreen`) the alternate screen with mouse and focus reports, and key releases when
    /// `keyReleases` (a terminal that speaks kitty's keyboard protocol), and installs the
    /// signal handlers that give it back. Without `fullScreen` (accessible mode) output stays
    /// on the main screen as plain lines; only the keys are read raw.
    public init(fileDescriptor fd: Int32, fullScreen: Bool = true, keyReleases: Bool = false) throws(TerminalError) {
        guard isatty(fd) == 1 else { throw .notATerminal }
        var original = termios()
        guard tcgetattr(fd, &original) == 0 else { throw .cannotControl(errno: errno) }
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)  // keep "\n" → "\r\n" for any stray line
        guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else { throw .cannotControl(errno: errno) }
        fileDescriptor = fd
        SavedTerminal.save(
            fd: fd, mode: original, raw: raw,
            leave: fullScreen ? Self.leaveSequence(keyReleases: keyReleases) : "\u{1B}[0m")
        SavedTerminal.installHandlers()
        if fullScreen { write(Array(Self.enterSequence(keyReleases: keyReleases).utf8)) }
    }

    deinit { restore() }

    /// Gives the terminal back as it was; safe to call more than once.
    public func restore() {
        let first = lock.withLock { () -> Bool in
            defer { restored = true }
            return !restored
        }
        guard first else { return }
        SavedTerminal.restoreNow(drainingAnswers: true)
    }

    /// The terminal's size in cells (80×24 if it cannot be read).
    public var size: (columns: Int, rows: Int) { Self.size(of: fileDescriptor) }

    /// The size of the terminal on `fd`, or nil when it is not a terminal.
    public static func size(of fd: Int32) -> (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes all of `bytes` (one frame: one call).
    public func write(_ bytes: [UInt8]) { _ = RawWrite.all(bytes, to: fileDescriptor) }

    /// Gives the terminal back and stops the process, as Ctrl-Z does in a shell (raw mode
    /// reads Ctrl-Z as a key); returns once the shell continued it, raw mode taken again.
    public func suspend() { kill(getpid(), SIGTSTP) }

    /// An element each time the process is continued after a stop (SIGCONT), until the stream
    /// is dropped: the screen was the shell's meanwhile, so enter it and draw everything.
    public func continuations() -> AsyncStream<Void> {
        AsyncStream { continuation in
            signal(SIGCONT, SIG_IGN)  // ignoring it never keeps a stopped process stopped
            let source = SignalSource(DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global()))
            source.source.setEventHandler { continuation.yield(()) }
            source.source.resume()
            continuation.onTermination = { _ in source.source.cancel() }
        }
    }

    /// The terminal's new size after each SIGWINCH, until the stream is dropped.
    public func resizes() -> AsyncStream<(columns: Int, rows: Int)> {
        let fd = fileDescriptor
        return AsyncStream { continuation in
            signal(SIGWINCH, SIG_IGN)
            let source = SignalSource(DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global()))
            source.source.setEventHandler { continuation.yield(Self.size(of: fd)) }
            source.source.resume()
            continuation.onTermination = { _ in source.source.cancel() }
        }
    }
}

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `tcgetattr`/`tcsetattr` failed.
    case cannotControl(errno: Int32)

    /// One line.
    public var description: String {
        switch self {
        case .notATerminal: "not a terminal: the interactive screens need one (use a subcommand with --json instead)"
        case .cannotControl(let code): "cannot set the terminal's mode (errno \(code))"
        }
    }
}

/// The saved mode, kept in plain globals so that a signal handler can restore it with
/// async-signal-safe calls only (tcsetattr, write, signal, raise).
private enum SavedTerminal {
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var mode = termios()
    nonisolated(unsafe) static var raw = termios()
    nonisolated(unsafe) static var active = false
    nonisolated(unsafe) static var leave: [UInt8] = Array(TerminalSession.leaveSequence.utf8)
    static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS]

    static func save(fd newFD: Int32, mode newMode: termios, raw newRaw: termios, leave sequence: String) {
        leave = Array(sequence.utf8)  // set before any handler can run
        fd = newFD
        mode = newMode
        raw = newRaw
        active = true
    }

    /// SIGTSTP's handler (async-signal-safe calls only): the terminal given back, the process
    /// stopped by the default action, and on continuing raw mode taken again.
    static func stop() {
        let wasActive = active
        if wasActive {
            leave.withUnsafeBufferPointer { buffer in _ = posixWrite(fd, buffer.baseAddress, buffer.count) }
            _ = tcsetattr(fd, TCSANOW, &mode)
        }
        signal(SIGTSTP, SIG_DFL)
        var stopSignal = sigset_t()
        sigemptyset(&stopSignal)
        sigaddset(&stopSignal, SIGTSTP)
        // Blocked while its handler runs: unblocked, the raise stops the process here.
        pthread_sigmask(SIG_UNBLOCK, &stopSignal, nil)
        raise(SIGTSTP)
        // Continued.
        signal(SIGTSTP) { _ in SavedTerminal.stop() }
        if wasActive, active { _ = tcsetattr(fd, TCSANOW, &raw) }
    }

    static func installHandlers() {
        // A parent may have spawned us with these signals blocked (a dispatch worker's mask
        // is inherited through posix_spawn); unblock them here, or SIGTERM would never arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        sigaddset(&unblock, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        signal(SIGTSTP) { _ in SavedTerminal.stop() }
        for number in signals {
            signal(number) { received in
                SavedTerminal.restoreNow()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Gives the terminal back. `drainingAnswers` (a quit, not a signal handler: it waits):
    /// after leaving, the terminal is asked for its attributes (DA1) and what it sends is
    /// read and dropped until that answer comes, at most 300 ms — kitty's answers to pictures
    /// and a key's release report still on their way went to the shell's prompt (`3;1:3u`).
    /// Answers come in order, so the DA1 answer is the last of them.
    static func restoreNow(drainingAnswers: Bool = false) {
        guard active else { return }
        active = false
        let ask: [UInt8] = drainingAnswers ? Array("\u{1B}[c".utf8) : []
        (leave + ask).withUnsafeBufferPointer { buffer in _ = posixWrite(fd, buffer.baseAddress, buffer.count) }
        if drainingAnswers { drainUntilAttributes() }
        _ = tcsetattr(fd, TCSANOW, &mode)  // not TCSAFLUSH: it waits for output to drain, which may never happen
        // An answer of the terminal's still in the input (kitty refusing a picture as the app
        // ends) goes with the app, never to the shell's prompt.
        _ = tcflush(fd, TCIFLUSH)
        for number in signals { signal(number, SIG_DFL) }
        signal(SIGTSTP, SIG_DFL)
    }

    /// Reads the terminal's input (raw mode still on) until a DA1 answer (`ESC [ ? … c`) has
    /// come, or 300 ms have passed; everything read is dropped.
    private static func drainUntilAttributes() {
        var seen: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var waited = 0
        while waited < 300 {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let started = monotonicMilliseconds()
            let ready = poll(&poller, 1, Int32(300 - waited))
            waited += max(1, monotonicMilliseconds() - started)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return }
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return }
            seen = Array((seen + chunk[0..<count]).suffix(256))
            if TerminalAnswers.containsAttributesAnswer(seen) { return }
        }
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}

/// The terminal's answers as the program ends.
enum TerminalAnswers {
    /// Whether `bytes` hold a DA1 answer: `ESC [ ?`, digits and `;`, then `c`.
    static func containsAttributesAnswer(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 3 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var end = index + 3
                while end < bytes.count,
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) || bytes[end] == UInt8(ascii: ";")
                {
                    end += 1
                }
                if end < bytes.count, bytes[end] == UInt8(ascii: "c") { return true }
            }
            index += 1
        }
        return false
    }

}

/// A tiny mutex (Foundation-free, so the terminal layer loads nothing it does not need).
private final class NSLockish: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

/// A dispatch signal source handed to the stream's termination handler.
private final class SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
}

/// write(2), reachable from inside types that have a `write` of their own.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}
