import Foundation
import Testing

/// The text a real terminal shows is the text we meant: tmux measures text as we
/// do, so a width disagreement (emoji sequences, variation selectors) left debris only in real
/// terminals — "♂" on the viewer, "2110h" for "21h". The same keys go to kitty under Xvfb and
/// to tmux at the same size; kitty's screen (`kitty @ get-text`) must come to equal tmux's at
/// every step (half blocks in both, so pictures are text too).
@Suite(
    "Real terminals show the text tmux shows (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct RealTerminalTextTests {
    /// kitty's window size in cells (`kitty @ ls`).
    static func cells(_ terminal: RealTerminal) async throws -> (columns: Int, rows: Int) {
        let result = try await StoriesProcess.execute(
            "/usr/bin/kitty", ["@", "--to", "unix:" + terminal.folder + "/kitty.sock", "ls"],
            environment: terminal.environment)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let window = ((json?.first?["tabs"] as? [[String: Any]])?.first?["windows"] as? [[String: Any]])?.first
        let columns = try #require(window?["columns"] as? Int, "kitty @ ls: \(result.stdout.prefix(200))")
        let rows = try #require(window?["lines"] as? Int)
        return (columns, rows)
    }

    /// The screen's rows as compared: trailing spaces dropped; a row holding half blocks (a
    /// picture or an avatar) keeps only its other characters, spaces dropped too. Pictures take
    /// the terminal's real cell shape where it reports one (kitty does, tmux does not), so their
    /// outline differs with the font (Noto Sans Mono's cells made kitty's pictures a fifth wider
    /// than tmux's); the text beside them — a name, an age, emoji debris — must still agree.
    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines.map { line -> String in
            let blocks: Set<Character> = ["▀", "▄", "█"]
            guard line.contains(where: blocks.contains) else {
                return String(line.reversed().drop { $0 == " " }.reversed())
            }
            return String(line.filter { !blocks.contains($0) && $0 != " " })
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func kittyShowsWhatTmuxShowsAtEveryStep() async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let arguments = [StoriesProcess.binary, "--source", "bundled", "--store", "memory", "--graphics", "symbols"]
        let home = try TemporaryFolder.make()
        let terminal = try await RealTerminal(
            .kitty,
            running: "HOME='\(home)' STORIES_VIEWER_IMAGE_DURATION=60s "
                + arguments.map(RealTerminal.quoted).joined(separator: " "))
        terminal.start()
        let size = try await Self.cells(terminal)
        let tmux = try await TmuxSession(
            "exec " + arguments.map(InteractiveTests.quoted).joined(separator: " "),
            environment: ["HOME": try TemporaryFolder.make(), "STORIES_VIEWER_IMAGE_DURATION": "60s"],
            width: size.columns, height: size.rows)
        // Kai's name has a ZWJ emoji ("🏄‍♂️"); Mia's two emoji; the viewer's header adds an age.
        // Pictures stay 60 s, so both viewers are on the same item when compared.
        let steps: [(what: String, kitty: [String], tmux: [String])] = [
            ("the tray", [], []),
            ("Kai selected", ["Right", "Right", "Right", "Right"], ["Right", "Right", "Right", "Right"]),
            ("Kai's story", ["Return"], ["Enter"]),
            ("Kai's story, paused", ["space"], ["Space"]),
            ("the tray again", ["q"], ["q"]),
            ("Mia selected", ["Right"], ["Right"]),
            ("the gallery", ["g"], ["g"]),
            ("the tray after the gallery", ["q"], ["q"]),
        ]
        for step in steps {
            for key in step.kitty { try await terminal.keys(key) }
            if !step.tmux.isEmpty { try await tmux.send(step.tmux) }
            var kitty: [String] = []
            var expected: [String] = []
            let deadline = ContinuousClock.now + .seconds(30)
            repeat {
                try await LiveThreads.sleep(for: .milliseconds(300))
                kitty = Self.trimmed(try await terminal.kittyText())
                expected = Self.trimmed(
                    try await tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            } while kitty != expected && ContinuousClock.now < deadline
            let differing = zip(kitty, expected).enumerated().filter { $0.element.0 != $0.element.1 }
                .map { "row \($0.offset): kitty \"\($0.element.0)\" / tmux \"\($0.element.1)\"" }
            #expect(
                kitty == expected,
                "\(step.what): \(differing.prefix(4).joined(separator: "\n")) (kitty \(kitty.count) rows, tmux \(expected.count))"
            )
            #expect(!kitty.joined().contains("♂"), "\(step.what): no stray ♂")
        }
        // A narrow window, then a tiny one: the same text (the tray scrolls; too small says so).
        for (width, height) in [(420, 500), (200, 120)] {
            try await terminal.resize(width: width, height: height)
            var cells = try await Self.cells(terminal)
            let deadline = ContinuousClock.now + .seconds(30)
            var kitty: [String] = []
            var expected: [String] = []
            repeat {
                try await LiveThreads.sleep(for: .milliseconds(300))
                cells = try await Self.cells(terminal)
                try await tmux.resize(width: cells.columns, height: cells.rows)
                kitty = Self.trimmed(try await terminal.kittyText())
                expected = Self.trimmed(
                    try await tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            } while kitty != expected && ContinuousClock.now < deadline
            #expect(
                kitty == expected,
                "\(width)×\(height) px (\(cells.columns)×\(cells.rows)): kitty \(kitty) / tmux \(expected)")
        }
        try await terminal.keys("q")
        try await tmux.send("q")
        #expect(try await RealTerminal.poll(seconds: 60, { terminal.finished }), "q quits")
    }
}
