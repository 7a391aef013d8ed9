import Foundation
public import StoryImages

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
    /// The terminal's background colour (OSC 11's answer), nil when it did not say: the
    /// screens pick colours that contrast with it (dark ones on a light background).
    public var background: RGB?
    /// The largest sixel picture the terminal shows, in pixels (XTSMGRAPHICS; xterm's default
    /// is 1000×1000 and a larger one is blank), nil when it did not say.
    public var sixelLimit: PixelLimit?
    /// Sixel colour registers (XTSMGRAPHICS), nil when the terminal did not say.
    public var colorRegisters: Int?
    /// Whether the terminal speaks kitty's keyboard protocol (it answered `CSI ? u`): then the
    /// app asks it for key releases (hold space to pause).
    public var keyboardProtocol = false
    /// The folder kitty reads pictures from (``KittyFiles``): set when the terminal read a probe
    /// file there and deleted it; nil sends pictures inline.
    public var kittyFiles: String?
    /// Whether the terminal keeps a 24-bit colour it is given (it answered DECRQSS for the
    /// colour just set with that colour, as timg and notcurses ask): Debian's xterm has TERM=xterm
    /// and no COLORTERM, yet shows direct colour.
    public var directColor = false

    /// `depth` as decided from the environment (`color` the setting), raised to 24-bit colour
    /// when the setting is `auto` and the terminal showed it keeps direct colour.
    public func depth(_ depth: ColorMode, color: ColorMode) -> ColorMode {
        color == .auto && directColor && depth != .none ? .truecolor : depth
    }

    /// A size in pixels.
    public struct PixelLimit: Hashable, Sendable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int
        /// A limit.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Creates a decision.
    public init(
        mode: GraphicsMode, reason: String, background: RGB? = nil, sixelLimit: PixelLimit? = nil,
        colorRegisters: Int? = nil
    ) {
        self.mode = mode
        self.reason = reason
        self.background = background
        self.sixelLimit = sixelLimit
        self.colorRegisters = colorRegisters
    }

    /// Whether the background is light (its luminance over half): the screens' palette.
    public var isLightBackground: Bool {
        guard let background else { return false }
        let luminance = 0.2126 * Double(background.r) + 0.7152 * Double(background.g) + 0.0722 * Double(background.b)
        return luminance > 140
    }

    /// The first questions, in one write: kitty's graphics query, XTVERSION, the background
    /// colour (OSC 11), kitty's keyboard protocol (`CSI ? u`), direct colour (a 24-bit
    /// background set, DECRQSS asks for it back, the attributes reset), DA1 (every terminal
    /// answers it, and last).
    public static let queries: [UInt8] = queries(filesProbe: nil)

    /// ``queries`` with kitty's probe of file transmission (``KittyFiles/probe(in:)``) after
    /// its graphics query.
    public static func queries(filesProbe: [UInt8]?) -> [UInt8] {
        KittyGraphics.query + (filesProbe ?? [])
            + Array("\u{1B}[>0q\u{1B}]11;?\u{1B}\\\u{1B}[?u\u{1B}[48:2:1:2:3m\u{1B}P$qm\u{1B}\\\u{1B}[0m\u{1B}[c".utf8)
    }

    /// Asked only of a terminal whose DA1 includes sixel (XTSMGRAPHICS is a private CSI ending
    /// in `S`, which a terminal that does not know it could take for "scroll up"): the sixel
    /// geometry now and at most, the colour registers, then DA1 again as the end mark.
    public static let sixelQueries: [UInt8] = Array("\u{1B}[?2;1;0S\u{1B}[?2;4;0S\u{1B}[?1;1;0S\u{1B}[c".utf8)

    /// How long the answers may take, all together. The wait ends at DA1's answer (every
    /// terminal sends it, and last), so this is only for a terminal that sends none, and for a
    /// slow link: 150 ms lost a loaded machine's kitty answers (it got half blocks and the dark
    /// palette), as it would an ssh link's.
    public static let deadline: Duration = .seconds(1)

    /// Decides for `configured`: asks the terminal on `input`/`output` only when it is `auto`,
    /// `output` is a terminal and no multiplexer is in the way.
    ///
    /// The terminal is asked for its background and, when it speaks sixel, its sixel limits
    /// whatever the mode (an explicit mode too: the colours and the limits still matter).
    public static func detect(
        configured: GraphicsMode, environment: [String: String], input: Int32, output: Int32,
        deadline: Duration = Self.deadline
    ) -> GraphicsDetection {
        let explicit = GraphicsDetection(mode: configured, reason: "set by terminal.graphics")
        guard isatty(output) == 1 else {
            return configured != .auto
                ? explicit : GraphicsDetection(mode: .symbols, reason: "output is not a terminal")
        }
        if TerminalCapabilities.isMultiplexed(environment) {
            return configured != .auto
                ? explicit
                : GraphicsDetection(
                    mode: .symbols, reason: "inside tmux or screen (set terminal.graphics to force a protocol)")
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || term == "linux" {
            // The Linux console and dumb terminals have no graphics, and the console would print
            // the kitty query's text instead of ignoring it.
            return configured != .auto
                ? explicit
                : GraphicsDetection(mode: .symbols, reason: "TERM=\(term.isEmpty ? "(unset)" : term) has no graphics")
        }
        // A background job does not ask: changing its controlling terminal's mode would stop it
        // (SIGTTOU), and the answers would go to whoever reads the terminal. (-1: not our
        // controlling terminal, which no job control guards.)
        let foreground = tcgetpgrp(input)
        guard isatty(input) == 1, foreground == -1 || foreground == getpgrp() else {
            return configured != .auto ? explicit : interpret([], environment: environment)
        }
        let folder = KittyFiles.directory(environment)
        let probe = KittyFiles.probe(in: folder)
        let asked = ask(queries(filesProbe: probe?.query), input: input, output: output, deadline: deadline)
        let filesRead = probe.map { KittyFiles.settle(probe: $0.path, answers: asked ?? []) } ?? false
        guard var answers = asked else {
            return configured != .auto ? explicit : interpret([], environment: environment)
        }
        if let attributes = deviceAttributes(in: String(decoding: answers, as: UTF8.self)), attributes.contains(4),
            let more = ask(sixelQueries, input: input, output: output, deadline: deadline)
        {
            answers += more
        }
        var decision = interpret(answers, environment: environment)
        decision.kittyFiles = filesRead ? folder : nil
        if configured != .auto {
            decision.mode = configured
            decision.reason = explicit.reason
        }
        return decision
    }

    /// The decision from the terminal's answers (and `TERM_PROGRAM` for iTerm2, which answers
    /// neither query with a protocol of its own).
    public static func interpret(_ answers: [UInt8], environment: [String: String]) -> GraphicsDetection {
        var decision = protocolFrom(answers, environment: environment)
        let text = String(decoding: answers, as: UTF8.self)
        decision.background = background(in: text)
        let sixel = graphicsAttributes(in: text)
        // The most the terminal can show (Pa=4) where it says, else what it shows now.
        // A limit under 64 pixels is no answer a real terminal gives (a picture would shrink to
        // nothing): ignored, as is anything past 2^20.
        if let limit = sixel[24] ?? sixel[21], limit.count == 2, limit.allSatisfy({ (64...(1 << 20)).contains($0) }) {
            decision.sixelLimit = PixelLimit(width: limit[0], height: limit[1])
        }
        if let registers = sixel[11]?.first, (2...65536).contains(registers) { decision.colorRegisters = registers }
        decision.keyboardProtocol = text.contains(/\x1B\[\?[0-9]{1,3}u/)
        // DECRQSS's answer `DCS 1 $ r … 48:2::1:2:3 m ST` (or `48;2;1;2;3`): the colour was kept.
        decision.directColor = text.contains(/\x1BP1\$r[0-9;:]*48[:;]2[:;]{1,2}1[:;]2[:;]3[;m]/)
        return decision
    }

    /// The protocol the answers name.
    static func protocolFrom(_ answers: [UInt8], environment: [String: String]) -> GraphicsDetection {
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

    /// Writes the queries and reads the answers in raw mode until DA1's answer (or the
    /// deadline); the terminal's mode is given back as it was. Nil when `input` cannot be put
    /// in raw mode.
    static func ask(_ queries: [UInt8], input: Int32, output: Int32, deadline: Duration) -> [UInt8]? {
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

extension GraphicsDetection {
    /// What the terminal said of itself besides its protocol, for `stories doctor`: its
    /// background, its sixel limits ("; background dark (0,0,0), 256 sixel colours"), or "".
    public var learned: String {
        var parts: [String] = []
        if let background {
            parts.append(
                "background \(isLightBackground ? "light" : "dark") (\(background.r),\(background.g),\(background.b))")
        }
        if let sixelLimit { parts.append("sixel pictures at most \(sixelLimit.width)×\(sixelLimit.height)") }
        if let colorRegisters { parts.append("\(colorRegisters) sixel colours") }
        if keyboardProtocol { parts.append("key releases (hold space to pause)") }
        if let kittyFiles { parts.append("kitty pictures by file in \(kittyFiles)") }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }
}
