import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which graphics protocol to draw with for `terminal.graphics = auto`, and why: the terminal
/// is asked (the kitty graphics query, XTVERSION, and primary device attributes, whose answer
/// every terminal sends and, asked last, arrives last), with one short deadline for all answers.
///
/// Half blocks when stdout is not a terminal, inside tmux or screen (they pass neither protocol
/// through unless told to), and when nothing answers in time. An explicit mode is used as given.
public struct GraphicsDetection: Hashable, Sendable {
    /// The mode to draw with (never `.auto`).
    public var mode: GraphicsMode
    /// Why, in a few words, for `stories doctor`.
    public var reason: String

    /// Creates a decision.
    public init(mode: GraphicsMode, reason: String) {
        self.mode = mode
        self.reason = reason
    }

    /// The three questions, in one write: kitty's graphics query, XTVERSION, DA1.
    public static let queries: [UInt8] = KittyGraphics.query + Array("\u{1B}[>0q\u{1B}[c".utf8)

    /// How long the answers may take, all together.
    public static let deadline: Duration = .milliseconds(150)

    /// Decides for `configured`: asks the terminal on `input`/`output` only when it is `auto`,
    /// `output` is a terminal and no multiplexer is in the way.
    public static func detect(
        configured: GraphicsMode, environment: [String: String], input: Int32, output: Int32,
        deadline: Duration = Self.deadline
    ) -> GraphicsDetection {
        if configured != .auto { return GraphicsDetection(mode: configured, reason: "set by terminal.graphics") }
        guard isatty(output) == 1 else { return GraphicsDetection(mode: .symbols, reason: "output is not a terminal") }
        if TerminalCapabilities.isMultiplexed(environment) {
            return GraphicsDetection(
                mode: .symbols, reason: "inside tmux or screen (set terminal.graphics to force a protocol)")
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || term == "linux" {
            // The Linux console and dumb terminals have no graphics, and the console would print
            // the kitty query's text instead of ignoring it.
            return GraphicsDetection(mode: .symbols, reason: "TERM=\(term.isEmpty ? "(unset)" : term) has no graphics")
        }
        // A background job does not ask: changing its controlling terminal's mode would stop it
        // (SIGTTOU), and the answers would go to whoever reads the terminal. (-1: not our
        // controlling terminal, which no job control guards.)
        let foreground = tcgetpgrp(input)
        guard isatty(input) == 1, foreground == -1 || foreground == getpgrp(),
            let answers = ask(input: input, output: output, deadline: deadline)
        else {
            return interpret([], environment: environment)
        }
        return interpret(answers, environment: environment)
    }

    /// The decision from the terminal's answers (and `TERM_PROGRAM` for iTerm2, which answers
    /// neither query with a protocol of its own).
    public static func interpret(_ answers: [UInt8], environment: [String: String]) -> GraphicsDetection {
        let text = String(decoding: answers, as: UTF8.self)
        let version = Self.version(in: text)
        let named = version.map { " (\($0))" } ?? ""
        if text.contains("\u{1B}_Gi=31;OK") {
            return GraphicsDetection(mode: .kitty, reason: "the terminal answered the kitty graphics query\(named)")
        }
        if let attributes = Self.deviceAttributes(in: text), attributes.contains(4) {
            return GraphicsDetection(mode: .sixel, reason: "the terminal's device attributes include sixel\(named)")
        }
        if environment["TERM_PROGRAM"] == "iTerm.app" || version?.contains("iTerm2") == true {
            return GraphicsDetection(mode: .iterm2, reason: "iTerm2\(named)")
        }
        if answers.isEmpty {
            return GraphicsDetection(mode: .symbols, reason: "the terminal did not answer within \(deadline)")
        }
        return GraphicsDetection(mode: .symbols, reason: "the terminal answered with no graphics protocol\(named)")
    }

    /// The parameters of a DA1 answer `ESC [ ? P ; P … c`.
    static func deviceAttributes(in text: String) -> [Int]? {
        guard let start = text.range(of: "\u{1B}[?") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "c") else { return nil }
        return rest[..<end].split(separator: ";").compactMap { Int($0) }
    }

    /// The terminal's name and version from an XTVERSION answer `ESC P > | TEXT ESC \`.
    static func version(in text: String) -> String? {
        guard let start = text.range(of: "\u{1B}P>|") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.range(of: "\u{1B}\\") else { return nil }
        let name = String(rest[..<end.lowerBound]).filter { $0.isASCII && !$0.isNewline && $0 >= " " }
        return name.isEmpty ? nil : String(name.prefix(60))
    }

    /// Writes the queries and reads the answers in raw mode until DA1's answer (or the
    /// deadline); the terminal's mode is given back as it was. Nil when `input` cannot be put
    /// in raw mode.
    static func ask(input: Int32, output: Int32, deadline: Duration) -> [UInt8]? {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { return nil }
        var raw = original
        cfmakeraw(&raw)
        raw.c_oflag = original.c_oflag  // output as it was: only the input is raw
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(input, TCSANOW, &original) }
        guard RawWrite.all(queries, to: output) == nil else { return nil }
        var answers: [UInt8] = []
        let end = ContinuousClock.now + deadline
        var buffer = [UInt8](repeating: 0, count: 1024)
        while ContinuousClock.now < end {
            let left = end - ContinuousClock.now
            let milliseconds = Int32(
                max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            let count = read(input, &buffer, buffer.count)
            if count <= 0 { break }
            answers += buffer[0..<count]
            // DA1's answer ends the exchange: every terminal sends it, and after the others.
            if deviceAttributes(in: String(decoding: answers, as: UTF8.self)) != nil { break }
        }
        return answers
    }
}
