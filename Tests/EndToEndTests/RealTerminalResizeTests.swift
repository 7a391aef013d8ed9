import Foundation
import Testing

/// Pictures survive resizes in every screen, in real kitty and xterm: kitty frees
/// a picture whose placements a clear removed, so after a resize the tray lost its avatars and
/// the gallery 8 of 12 thumbnails. Each step waits for the screen to show its pictures again.
@Suite("Pictures survive resizes in real terminals (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct RealTerminalResizeTests {
    /// How much of the window pictures cover: the 12×12-pixel blocks with no background pixel
    /// (the window's background is magenta; text never fills a block, a picture does).
    static func pictureBlocks(
        _ screen: [UInt8], _ window: (width: Int, height: Int),
        background: (r: UInt8, g: UInt8, b: UInt8) = RealTerminal.background
    ) -> Int {
        var count = 0
        for top in stride(from: 4, to: window.height - 16, by: 12) {
            for left in stride(from: 4, to: window.width - 16, by: 12) {
                var full = true
                scan: for y in top..<(top + 12) {
                    for x in left..<(left + 12) {
                        let o = (y * RealTerminal.width + x) * 3
                        if (screen[o], screen[o + 1], screen[o + 2]) == background {
                            full = false
                            break scan
                        }
                    }
                }
                if full { count += 1 }
            }
        }
        return count
    }

    /// Waits until pictures cover at least `minimum` blocks: `what` is on screen.
    static func shows(_ terminal: RealTerminal, _ what: String, minimum: Int) async throws {
        let screen = try await RealTerminalScreensTests.until(terminal, what) { pictureBlocks($0, $1) >= minimum }
        print("\(what): \(pictureBlocks(screen, try await terminal.windowSize())) picture blocks (at least \(minimum))")
    }

    static func resizes(_ kind: RealTerminal.Kind, graphics: String) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let folder = try TemporaryFolder.make()
        // Items of a minute, so the paused viewer below is the first item however late the pause.
        let command =
            "env STORIES_VIEWER_IMAGE_DURATION=60s "
            + [StoriesProcess.binary, "--source", "bundled", "--store", "memory", "--graphics", graphics]
            .map(RealTerminal.quoted).joined(separator: " ") + " 2>'\(folder)/err'"
        let terminal = try await RealTerminal(kind, running: command)
        terminal.start()
        // The bounds: about 60% of what every picture covers (kitty and xterm measured); a
        // lost picture takes its blocks away (the tray lost all its avatars, the gallery 8 of 12).
        try await shows(terminal, "the tray's avatars", minimum: 60)
        for (width, height, minimum) in [(640, 480, 35), (1000, 740, 50), (700, 520, 35)] {
            try await terminal.resize(width: width, height: height)
            try await shows(terminal, "the tray's avatars at \(width)×\(height)", minimum: minimum)
        }
        // The gallery: thumbnails in rows; resized twice.
        try await terminal.keys("g")
        try await shows(terminal, "the gallery's thumbnails", minimum: 300)
        // The 12 bundled photos, each once (the gallery no longer repeats them to fill rows).
        for (width, height, minimum) in [(1000, 740, 250), (640, 480, 200)] {
            try await terminal.resize(width: width, height: height)
            try await shows(terminal, "the gallery's thumbnails at \(width)×\(height)", minimum: minimum)
        }
        // A photo's detail, resized.
        try await terminal.keys("Return")
        try await shows(terminal, "the detail's picture", minimum: 200)
        try await terminal.resize(width: 900, height: 700)
        try await shows(terminal, "the detail's picture at 900×700", minimum: 300)
        // Back to the tray (its avatars again after two screens and a resize), then the viewer.
        try await terminal.keys("Escape", "q")
        try await shows(terminal, "the tray's avatars after the gallery", minimum: 100)
        try await terminal.keys("Return", "space")
        try await terminal.resize(width: 640, height: 480)
        try await shows(terminal, "the viewer's picture at 640×480", minimum: 300)
        try await terminal.keys("q", "q")
        #expect(try await RealTerminal.poll(seconds: 60, { terminal.finished }), "q quits")
        let errors = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
        #expect(!errors.contains("rror"), "stderr: \(errors)")
    }

    @Test func kittyKeepsEveryPictureThroughResizes() async throws {
        try await Self.resizes(.kitty, graphics: "kitty")
    }

    @Test func xtermKeepsEveryPictureThroughResizes() async throws {
        try await Self.resizes(.xterm, graphics: "sixel")
    }

    @Test func mltermKeepsEveryPictureThroughResizes() async throws {
        try await Self.resizes(.mlterm, graphics: "auto")
    }
}

/// Light backgrounds: on xterm's and kitty's white, the bar's filled part, the
/// selected name and the heart were white on white. The terminal's background is asked
/// (OSC 11) and the screens pick colours that contrast with it.
@Suite("Light backgrounds in real terminals (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct RealTerminalLightBackgroundTests {
    static func luminance(_ screen: [UInt8], _ x: Int, _ y: Int) -> Int {
        let o = (y * RealTerminal.width + x) * 3
        return (299 * Int(screen[o]) + 587 * Int(screen[o + 1]) + 114 * Int(screen[o + 2])) / 1000
    }

    /// Pixels darker than luminance 90 (white is 255) on the progress bar's line: the pixel row
    /// near the top with the most marks (its segments, filled or not), and two rows either side.
    static func darkPixels(_ screen: [UInt8], _ window: (width: Int, height: Int)) -> Int {
        let columns = 4..<(window.width - 4)
        let line =
            (2..<min(40, window.height)).max { a, b in
                columns.filter { luminance(screen, $0, a) < 200 }.count
                    < columns.filter { luminance(screen, $0, b) < 200 }.count
            } ?? 0
        var count = 0
        for y in max(0, line - 2)...(line + 2) {
            for x in columns where luminance(screen, x, y) < 90 { count += 1 }
        }
        return count
    }

    static func barIsDark(_ kind: RealTerminal.Kind) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let folder = try TemporaryFolder.make()
        let log = folder + "/log"
        let command =
            "env STORIES_LOG_LEVEL=debug STORIES_LOG_FILE=\(RealTerminal.quoted(log)) "
            + [StoriesProcess.binary, "--source", "bundled", "--store", "memory"].map(RealTerminal.quoted)
            .joined(separator: " ") + " 2>'\(folder)/err'"
        let terminal = try await RealTerminal(kind, running: command)
        terminal.start()
        _ = try await RealTerminalScreensTests.until(terminal, "the tray") { screen, window in
            RealTerminalResizeTests.pictureBlocks(screen, window) > 20
        }
        // The viewer: once its picture is shown the first segment fills; screenshots while it
        // plays (a fixed wait then a pause could pause a loaded machine's viewer before its
        // picture came, at 0).
        try await terminal.keys("Return")
        let screen: [UInt8]
        do {
            screen = try await RealTerminalScreensTests.until(terminal, "the bar's filled part, dark", settling: false)
            {
                screen, window in
                darkPixels(screen, window) > 40
            }
        } catch {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            print("the app's log: \(said.split(separator: "\n").filter { !$0.contains(" debug ") }.suffix(30))")
            throw error
        }
        print(
            "\(kind.rawValue): \(darkPixels(screen, try await terminal.windowSize())) dark pixels in the bar's row"
        )
        try await terminal.keys("q", "q")
        #expect(try await RealTerminal.poll(seconds: 60, { terminal.finished }), "q quits")
    }

    @Test func xtermOnWhiteDrawsTheBarDark() async throws {
        try await Self.barIsDark(.xtermLight)
    }

    @Test func kittyOnWhiteDrawsTheBarDark() async throws {
        try await Self.barIsDark(.kittyLight)
    }
}

/// A picture wider than xterm's sixel limit: xterm leaves a sixel picture over
/// its maximum graphic size (1000×1000 by default) blank; the app asks the limit
/// (XTSMGRAPHICS) and draws the picture within it.
@Suite("Sixel pictures within the terminal's limit (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct RealTerminalSixelLimitTests {
    @Test func aWideWindowsDetailIsDrawnWithinXtermsLimit() async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let command = [StoriesProcess.binary, "--source", "bundled", "--store", "memory"].map(RealTerminal.quoted)
            .joined(separator: " ")
        let terminal = try await RealTerminal(.xterm, running: command)
        terminal.start()
        try await terminal.resize(width: 1390, height: 880)
        _ = try await RealTerminalScreensTests.until(terminal, "the tray") { screen, window in
            RealTerminalResizeTests.pictureBlocks(screen, window) > 20 && window.width > 1300
        }
        // The gallery's fourth photo, a 900×600 landscape: fitted to the wide window it would be
        // about 1300 pixels across.
        try await terminal.keys("g")
        try await LiveThreads.sleep(for: .seconds(1))
        try await terminal.keys("Right", "Right", "Right", "Return")
        let screen = try await RealTerminalScreensTests.until(terminal, "the landscape in detail") { screen, window in
            RealTerminalResizeTests.pictureBlocks(screen, window) > 2500
        }
        let window = try await terminal.windowSize()
        let box = RealTerminal.pictureBox(screen, through: (window.width / 2, window.height / 3))
        print("xterm detail at \(window.width)×\(window.height): \(box.map { "\($0)" } ?? "no picture")")
        #expect(
            (box?.width ?? 0) >= 900 && (box?.width ?? 2000) <= 1000,
            "within the 1000-pixel limit: \(String(describing: box))")
        try await terminal.keys("Escape", "q", "q")
        #expect(try await RealTerminal.poll(seconds: 60, { terminal.finished }), "q quits")
    }
}
