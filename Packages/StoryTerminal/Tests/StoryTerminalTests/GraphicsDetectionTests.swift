import Foundation
import StoryImages
import StoryInterfacesTestSupport
import Testing

@testable import StoryTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal pair: the code under test uses the slave side, the test plays the terminal
/// on the master side (closed when the pair is released).
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32

    init() throws {
        // posix_openpt and friends are not in the Glibc module: open /dev/ptmx, unlock the
        // slave (TIOCSPTLCK) and ask its number (TIOCGPTN), as glibc does (x86_64/arm64 values).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw CocoaError(.fileNoSuchFile)
        }
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileNoSuchFile) }
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Reads what the program wrote until `count` bytes came (or 10 s passed).
    func read(count: Int) -> [UInt8] {
        var got: [UInt8] = []
        // Generous: with both cores busy the detection's thread may start seconds late.
        let deadline = Date().addingTimeInterval(120)
        var buffer = [UInt8](repeating: 0, count: 1024)
        while got.count < count, Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            #if canImport(Glibc)
                let n = Glibc.read(master, &buffer, buffer.count)
            #else
                let n = Darwin.read(master, &buffer, buffer.count)
            #endif
            if n <= 0 { break }
            got += buffer[0..<n]
        }
        return got
    }

    /// Reads what the program wrote until it ends with `end` (or 120 s passed).
    func read(until end: [UInt8]) -> [UInt8] {
        var got: [UInt8] = []
        while !got.ends(with: end) {
            let more = read(count: 1)
            if more.isEmpty { break }
            got += more
        }
        return got
    }

    func answer(_ text: String) { _ = text.withCString { write(master, $0, strlen($0)) } }
}

extension Array where Element == UInt8 {
    func ends(with suffix: some Collection<UInt8>) -> Bool {
        count >= suffix.count && suffix.elementsEqual(self.suffix(suffix.count))
    }
}

@Suite("Graphics detection")
struct GraphicsDetectionTests {
    @Test(arguments: [
        ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c", GraphicsMode.kitty, "kitty(0.26.5)"),
        ("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c", .sixel, "XTerm(379)"),
        ("\u{1B}[?65;4;1;2;6;21;22c", .sixel, "sixel"),
        ("\u{1B}_Gi=31;ENOTSUPPORTED:\u{1B}\\\u{1B}[?62;22c", .symbols, "no graphics protocol"),
        ("\u{1B}[?1;2c", .symbols, "no graphics protocol"),
        ("", .symbols, "did not answer"),
    ])
    func answersDecideTheMode(answers: String, mode: GraphicsMode, reason: String) {
        let decision = GraphicsDetection.interpret(Array(answers.utf8), environment: [:])
        #expect(decision.mode == mode)
        #expect(decision.reason.contains(reason), "\(decision.reason)")
    }

    /// What xterm -ti vt340 and mlterm answered under Xvfb.
    @Test func theBackgroundAndTheSixelLimitsAreRead() {
        let xterm = GraphicsDetection.interpret(
            Array(
                ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c"
                    + "\u{1B}[?2;0;480;312S\u{1B}[?2;0;1000;1000S\u{1B}[?1;0;1024S\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
                    .utf8),
            environment: [:])
        #expect(xterm.mode == .sixel && xterm.isLightBackground)
        #expect(
            xterm.sixelLimit == GraphicsDetection.PixelLimit(width: 1000, height: 1000) && xterm.colorRegisters == 1024)
        // mlterm refuses the geometry query (status 3): no limit; kitty's black is dark.
        let mlterm = GraphicsDetection.interpret(
            Array("\u{1B}[?1;3;0S\u{1B}[?1;3;0S\u{1B}[?1;0;1024S\u{1B}[?63;1;2;3;4;6;7;15;18;22;29c".utf8),
            environment: [:])
        #expect(mlterm.mode == .sixel && mlterm.sixelLimit == nil && mlterm.colorRegisters == 1024)
        let kitty = GraphicsDetection.interpret(
            Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;c".utf8), environment: [:])
        #expect(kitty.background == RGB(0, 0, 0) && !kitty.isLightBackground)
        #expect(GraphicsDetection.background(in: "\u{1B}]11;rgb:f/8/0\u{07}") == RGB(255, 136, 0))
        #expect(GraphicsDetection.background(in: "\u{1B}]11;rgb:zz/00/00\u{07}") == nil)
        // A lying terminal: a 1×1 limit, one colour, numbers past Int: ignored.
        let liar = GraphicsDetection.interpret(
            Array(
                ("\u{1B}[?2;0;1;1S\u{1B}[?2;0;1;1S\u{1B}[?1;0;1S\u{1B}[?2;0;99999999999999999999999;5S"
                    + "\u{1B}[?63;4c").utf8), environment: [:])
        #expect(liar.sixelLimit == nil && liar.colorRegisters == nil)
    }

    @Test func iTerm2IsKnownByItsProgramName() {
        let decision = GraphicsDetection.interpret(
            Array("\u{1B}[?62;c".utf8), environment: ["TERM_PROGRAM": "iTerm.app"])
        #expect(decision.mode == .iterm2)
    }

    @Test func anExplicitModeAMultiplexerAndTheLinuxConsoleAreNotAsked() throws {
        let pty = try PseudoTerminal()
        let forced = GraphicsDetection.detect(
            configured: .sixel, environment: ["TMUX": "/tmp/t"], input: pty.slave, output: pty.slave)
        #expect(forced.mode == .sixel)
        let tmux = GraphicsDetection.detect(
            configured: .auto, environment: ["TMUX": "/tmp/t", "TERM": "tmux-256color"], input: pty.slave,
            output: pty.slave)
        #expect(tmux.mode == .symbols && tmux.reason.contains("tmux"))
        for term in ["linux", "dumb", ""] {
            let console = GraphicsDetection.detect(
                configured: .auto, environment: ["TERM": term], input: pty.slave, output: pty.slave)
            #expect(console.mode == .symbols && console.reason.contains("has no graphics"), "\(console.reason)")
        }
        let pipe = GraphicsDetection.detect(configured: .auto, environment: [:], input: 0, output: -1)
        #expect(pipe.mode == .symbols && pipe.reason.contains("not a terminal"))
        // The calls have returned: anything they wrote would be waiting on the master side.
        var poller = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 0) == 0, "nothing was asked")
    }

    /// The terminal gets the three queries in one write and its answers are read, none left
    /// in the input, the mode given back.
    @Test func theTerminalIsAskedAndItsAnswersAreConsumed() async throws {
        let pty = try PseudoTerminal()
        let slave = pty.slave
        var before = termios()
        tcgetattr(slave, &before)
        let detection = Task {
            try await onOwnThread {
                GraphicsDetection.detect(
                    configured: .auto, environment: ["TERM": "xterm-256color"], input: slave, output: slave,
                    deadline: .seconds(120))
            }
        }
        // The questions, kitty's probe of file transmission among them (KittyFilesTests).
        let asked = try await onOwnThread { pty.read(until: Array("\u{1B}[c".utf8)) }
        #expect(asked.starts(with: KittyGraphics.query))
        #expect(asked.ends(with: GraphicsDetection.queries.dropFirst(KittyGraphics.query.count)))
        #expect(String(decoding: asked, as: UTF8.self).contains("\u{1B}_Gi=32,"))
        pty.answer(
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}]11;rgb:ffff/fafa/f0f0\u{1B}\\"
                + "\u{1B}[?65;4;6;18;22c")
        // DA1 says sixel: the sixel limits are asked next, DA1 again as the end mark.
        let more = try await onOwnThread { pty.read(count: GraphicsDetection.sixelQueries.count) }
        #expect(more == GraphicsDetection.sixelQueries)
        pty.answer("\u{1B}[?2;0;480;312S\u{1B}[?2;0;1000;1000S\u{1B}[?1;0;1024S\u{1B}[?65;4;6;18;22c")
        let decision = try await detection.value
        #expect(decision.mode == .kitty && decision.reason.contains("WezTerm"), "\(decision.reason)")
        #expect(decision.background == RGB(255, 250, 240) && decision.isLightBackground)
        #expect(decision.sixelLimit == GraphicsDetection.PixelLimit(width: 1000, height: 1000))
        #expect(decision.colorRegisters == 1024)
        var after = termios()
        tcgetattr(slave, &after)
        #expect(after.c_lflag == before.c_lflag, "the terminal's mode is given back")
        var poller = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 0) == 0, "no answer is left in the input")
    }

    @Test func aSilentTerminalIsHalfBlocksAfterTheDeadline() async throws {
        let pty = try PseudoTerminal()
        let slave = pty.slave
        let decision = try await onOwnThread {
            GraphicsDetection.detect(
                configured: .auto, environment: ["TERM": "xterm"], input: slave, output: slave,
                deadline: .milliseconds(150))
        }
        #expect(decision.mode == .symbols && decision.reason.contains("did not answer"))
    }

    /// DECRQSS answered with the 24-bit colour just set: direct colour, whatever TERM says;
    /// an answer with a palette colour, or none, keeps the environment's depth.
    @Test func aTerminalThatKeepsA24BitColourGetsDirectColour() {
        let kept = GraphicsDetection.interpret(
            Array("\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?64;4c".utf8), environment: ["TERM": "xterm"])
        #expect(kept.directColor)
        #expect(kept.depth(.palette16, color: .auto) == .truecolor)
        #expect(kept.depth(.palette16, color: .palette16) == .palette16, "an explicit --color wins")
        #expect(kept.depth(.none, color: .auto) == .none, "NO_COLOR wins")
        let semicolons = GraphicsDetection.interpret(
            Array("\u{1B}P1$r48;2;1;2;3m\u{1B}\\\u{1B}[?64c".utf8), environment: [:])
        #expect(semicolons.directColor)
        for answer in ["\u{1B}P1$r0;48;5;16m\u{1B}\\\u{1B}[?64c", "\u{1B}P0$r\u{1B}\\\u{1B}[?64c", "\u{1B}[?64c"] {
            let other = GraphicsDetection.interpret(Array(answer.utf8), environment: [:])
            #expect(!other.directColor, "\(answer.debugDescription)")
            #expect(other.depth(.palette256, color: .auto) == .palette256)
        }
    }
}
