import Foundation
import StoryTerminal
import Testing
import VideoDecoding

/// Every screen in kitty, xterm (VT340, sixel) and mlterm on a light background, and in kitty
/// on a dark theme, as a person sees them: the tray, a picture in the
/// viewer, a playing video, the gallery and a photo's detail, each resized, then a narrow
/// window. After each step every picture is present and the text contrasts with what is
/// behind it: grey text was 2.96:1 on white, the accent 3.6:1 on a dark theme. kitty's text is
/// read (`kitty @ get-text`) and each word's strongest pixel must reach 4:1 against its cells'
/// own background (WCAG asks 4.5:1 of a colour; kitty's antialiasing keeps a glyph's pixels a
/// little under their colour: grey of 5.5:1 measured 3.6 to 4.1 in "u" and "T"); in xterm and mlterm every line drawn must reach 3:1 at its strongest pixel
/// (xterm's thin antialiased font never reaches a colour's full contrast; the old grey stayed
/// under 2.2:1 there).
@Suite(
    "Every screen on light and dark backgrounds in real terminals (Xvfb)", .onLiveThreads, .serialized,
    .timeLimit(.minutes(12)))
struct RealTerminalMatrixTests {
    typealias Colour = (r: UInt8, g: UInt8, b: UInt8)

    /// WCAG's contrast ratio of two colours (1 to 21; body text needs 4.5).
    static func contrast(_ a: Colour, _ b: Colour) -> Double {
        func luminance(_ c: Colour) -> Double {
            let linear = [c.r, c.g, c.b].map { value -> Double in
                let v = Double(value) / 255
                return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    static func pixel(_ screen: [UInt8], _ x: Int, _ y: Int) -> Colour {
        let o = (y * RealTerminal.width + x) * 3
        return (screen[o], screen[o + 1], screen[o + 2])
    }

    /// Any terminal: the runs of pixel rows holding anything but the background (a line of
    /// text, a picture) whose strongest pixel contrasts less than `minimum` with the
    /// background — text nobody can read. Each as "y0–y1: ratio".
    static func faintLines(_ screen: [UInt8], _ window: (width: Int, height: Int), background: Colour, minimum: Double)
        -> [String]
    {
        var faint: [String] = []
        var run: (start: Int, best: Double)? = nil
        for y in 2..<(window.height - 2) {
            var best = 1.0
            var drawn = false
            for x in 4..<(window.width - 4) {
                let p = pixel(screen, x, y)
                guard p != background else { continue }
                drawn = true
                best = max(best, contrast(p, background))
            }
            if drawn {
                run = (run?.start ?? y, max(run?.best ?? 1, best))
            } else if let ended = run {
                // A run of one or two pixel rows is an underline or a stray dot, not text.
                if y - ended.start > 2, ended.best < minimum {
                    faint.append("\(ended.start)–\(y - 1): \(String(format: "%.2f", ended.best))")
                }
                run = nil
            }
        }
        return faint
    }

    /// kitty: the cells holding a letter or digit (per `kitty @ get-text`, placed by the app's
    /// width rule, which kitty's screen agrees with: RealTerminalTextTests) whose strongest pixel contrasts less than `minimum` with the cell's own
    /// background (its most common colour). Cells under a picture are left out.
    static func faintCells(
        _ terminal: RealTerminal, _ screen: [UInt8], _ window: (width: Int, height: Int), minimum: Double
    )
        async throws -> [String]
    {
        let cells = try await RealTerminalTextTests.cells(terminal)
        let text = try await terminal.kittyText()
        let cellWidth = window.width / max(1, cells.columns)
        let cellHeight = window.height / max(1, cells.rows)
        var faint: [String] = []
        for (row, line) in text.prefix(cells.rows).enumerated() {
            var columns: [(column: Int, character: Character)] = []
            var next = 0
            for character in line {
                columns.append((next, character))
                next += TerminalText.width(of: String(character))
            }
            guard next <= cells.columns else { continue }  // not the app's text: leave it out
            // A word's strongest pixel: thin glyphs ("u") never reach their colour's contrast.
            var word: (text: String, best: Double) = ("", 1)
            func endWord() {
                if !word.text.isEmpty, word.best < minimum {
                    faint.append("\"\(word.text)\" on row \(row) (\"\(line)\"): \(String(format: "%.2f", word.best))")
                }
                word = ("", 1)
            }
            for (column, character) in columns {
                guard character.isASCII && (character.isLetter || character.isNumber) else {
                    endWord()
                    continue
                }
                var counts: [Int: Int] = [:]
                var pixels: [Colour] = []
                for y in (row * cellHeight)..<((row + 1) * cellHeight) {
                    for x in (column * cellWidth)..<((column + 1) * cellWidth) {
                        let p = pixel(screen, x, y)
                        pixels.append(p)
                        counts[Int(p.r) << 16 | Int(p.g) << 8 | Int(p.b), default: 0] += 1
                    }
                }
                guard let (key, count) = counts.max(by: { $0.value < $1.value }), count * 10 >= pixels.count * 4 else {
                    endWord()
                    continue  // under a picture
                }
                let own: Colour = (UInt8(key >> 16), UInt8((key >> 8) & 255), UInt8(key & 255))
                word.text.append(character)
                word.best = max(word.best, pixels.map { contrast($0, own) }.max() ?? 1)
            }
            endWord()
        }
        return faint
    }

    /// Waits for `what`: pictures over at least `minimum` blocks and no faint text; a failure
    /// names what was faint on the last screen.
    static func shows(_ terminal: RealTerminal, _ kind: RealTerminal.Kind, _ what: String, minimum: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(90)
        var problem = ""
        while ContinuousClock.now < deadline {
            let window = try await terminal.windowSize()
            guard let screen = try await terminal.settled() else { continue }
            let blocks = RealTerminalResizeTests.pictureBlocks(screen, window, background: kind.background)
            let faint =
                kind.isKitty
                ? try await faintCells(terminal, screen, window, minimum: 4.0)
                : faintLines(screen, window, background: kind.background, minimum: 3.0)
            if blocks >= minimum, faint.isEmpty {
                print("\(kind.rawValue), \(what): \(blocks) picture blocks, no faint text")
                return
            }
            problem =
                "\(blocks) picture blocks (at least \(minimum)); faint: \(faint.prefix(6).joined(separator: "; "))"
            _ = FileManager.default.createFile(atPath: terminal.folder + "/last-screen.rgb", contents: Data(screen))
            try await LiveThreads.sleep(for: .milliseconds(300))
        }
        Issue.record(
            "\(kind.rawValue), \(what): \(problem) — the last screen: \(terminal.folder)/last-screen.rgb (\(RealTerminal.width)x\(RealTerminal.height) RGB)"
        )
    }

    @Test(arguments: [RealTerminal.Kind.kittyLight, .xtermLight, .mltermLight, .kittyDark])
    func everyScreenShowsItsPicturesAndReadableText(_ kind: RealTerminal.Kind) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let home = try TemporaryFolder.make()
        let command =
            "env HOME=\(RealTerminal.quoted(home)) STORIES_VIEWER_IMAGE_DURATION=60s "
            + [StoriesProcess.binary, "--source", "bundled", "--store", "memory"].map(RealTerminal.quoted)
            .joined(separator: " ") + " 2>\(RealTerminal.quoted(home + "/err"))"
        let terminal = try await RealTerminal(kind, running: command)
        terminal.start()
        // The bounds: about half of what each screen's pictures cover at that size (measured).
        try await Self.shows(terminal, kind, "the tray", minimum: 40)
        try await terminal.resize(width: 1000, height: 740)
        try await Self.shows(terminal, kind, "the tray at 1000×740", minimum: 40)
        // Kai (a ZWJ emoji in the name): a picture, then a video (Kai's second item).
        try await terminal.keys("Right", "Right", "Right", "Right", "Return")
        try await Self.shows(terminal, kind, "Kai's picture in the viewer", minimum: 150)
        try await terminal.resize(width: 900, height: 700)
        try await Self.shows(terminal, kind, "Kai's picture at 900×700", minimum: 150)
        try await terminal.keys("Right")
        try await Self.shows(terminal, kind, "Kai's video", minimum: 150)
        try await terminal.keys("space")
        try await terminal.resize(width: 1000, height: 740)
        try await Self.shows(terminal, kind, "Kai's video, paused, at 1000×740", minimum: 150)
        // The gallery and a photo's detail.
        try await terminal.keys("q", "g")
        try await Self.shows(terminal, kind, "the gallery", minimum: 250)
        try await terminal.resize(width: 800, height: 600)
        try await Self.shows(terminal, kind, "the gallery at 800×600", minimum: 150)
        try await terminal.keys("Return")
        try await Self.shows(terminal, kind, "a photo's detail", minimum: 150)
        // A narrow window: the detail, then the tray.
        try await terminal.resize(width: 420, height: 340)
        try await Self.shows(terminal, kind, "the detail at 420×340", minimum: 20)
        try await terminal.keys("Escape", "q")
        try await Self.shows(terminal, kind, "the tray at 420×340", minimum: 10)
        try await terminal.keys("q")
        #expect(try await RealTerminal.poll(seconds: 60, { terminal.finished }), "q quits")
        let errors = (try? String(contentsOfFile: home + "/err", encoding: .utf8)) ?? ""
        #expect(!errors.contains("rror"), "stderr: \(errors)")
    }
}
