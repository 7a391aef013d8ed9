import Foundation
import Testing

/// Pictures survive resizes in every screen, in real kitty and xterm (issue 29.2): kitty frees
/// a picture whose placements a clear removed, so after a resize the tray lost its avatars and
/// the gallery 8 of 12 thumbnails. Each step waits for the screen to show its pictures again.
@Suite("Pictures survive resizes in real terminals (Xvfb)", .serialized, .timeLimit(.minutes(6)))
struct RealTerminalResizeTests {
    /// How much of the window pictures cover: the 12×12-pixel blocks with no background pixel
    /// (the window's background is magenta; text never fills a block, a picture does).
    static func pictureBlocks(_ screen: [UInt8], _ window: (width: Int, height: Int)) -> Int {
        let background = RealTerminal.background
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
        let command =
            [StoriesProcess.binary, "--source", "bundled", "--store", "memory", "--graphics", graphics]
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
        for (width, height, minimum) in [(1000, 740, 400), (640, 480, 200)] {
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
}
