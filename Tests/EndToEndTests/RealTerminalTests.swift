import Foundation
import Testing

/// `stories render` in real terminals, looked at as a user would: the screen's image region
/// against the source scaled to it.
@Suite("Graphics in real terminals (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct RealTerminalTests {
    static let photo = repositoryRoot + "/Services/StoryImages/Tests/Fixtures/portrait-1080x1920.jpg"

    /// Renders the photo in `kind` with `graphics` and measures the drawn region; a test that
    /// cannot start the display or the terminal says why and fails.
    static func render(_ kind: RealTerminal.Kind, graphics: String, bound: Double) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        // "piped": the photo on standard input (`cat photo | stories render -`), the terminal
        // asked through /dev/tty (it drew half blocks, stdin being taken).
        let piped = graphics == "piped"
        let command =
            (piped ? "cat \(RealTerminal.quoted(photo)) | " : "")
            + [
                StoriesProcess.binary, "render", piped ? "-" : photo, "--graphics", piped ? "auto" : graphics,
                "--width",
                "40", "--height", "20",
            ]
            .map(RealTerminal.quoted).joined(separator: " ")
        let terminal = try await RealTerminal(kind, running: command + " 2>'\(try TemporaryFolder.make())/err'")
        let before = try #require(try await terminal.settled(), "the empty terminal settles")
        #expect(try await terminal.go(), "the render finished and the screen settled")
        let after = try #require(try await terminal.settled())
        let box = try #require(RealTerminal.changedBox(before, after), "nothing was drawn")
        // The portrait's shape: 9:16, within the cell rounding.
        let aspect = Double(box.width) / Double(box.height)
        #expect(abs(aspect - 1080.0 / 1920.0) < 0.06, "drawn \(box.width)×\(box.height)")
        let error = try await terminal.meanError(after, box: box, source: photo)
        print(
            "\(kind.rawValue) --graphics \(graphics): \(box.width)×\(box.height) px at \(box.x),\(box.y), mean error \(error) per channel (bound \(bound))"
        )
        #expect(error < bound, "mean error \(error) per channel in \(kind.rawValue)")
    }

    /// Each protocol forced, and `auto`, which asks the terminal and must find the same, also
    /// when the picture comes on standard input.
    @Test(arguments: ["kitty", "auto", "piped"])
    func kittyShowsTheRealPixels(graphics: String) async throws {
        // Real pixels come within 0.6 a channel; half blocks (what a terminal not asked gets) 2.3.
        try await Self.render(.kitty, graphics: graphics, bound: 1.5)
    }

    @Test(arguments: ["sixel", "auto"])
    func xtermShowsTheSixelImage(graphics: String) async throws {
        try await Self.render(.xterm, graphics: graphics, bound: 6)
    }
}

/// Debian's xterm runs with TERM=xterm and no COLORTERM, yet keeps a 24-bit colour it is given:
/// asked (DECRQSS), it gets pictures in direct colour, not 16 colours.
@Suite("Colours a terminal says it keeps (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(5)))
struct RealTerminalColourTests {
    @Test func xtermWithItsDefaultTermGetsDirectColour() async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let home = try TemporaryFolder.make()
        let log = home + "/log"
        let command =
            "env -u COLORTERM HOME=\(RealTerminal.quoted(home)) STORIES_LOG_LEVEL=info STORIES_LOG_FILE=\(RealTerminal.quoted(log)) "
            + [StoriesProcess.binary, "--source", "bundled", "--store", "memory"].map(RealTerminal.quoted)
            .joined(separator: " ")
        let terminal = try await RealTerminal(.xterm, running: command)
        terminal.start()
        let said: @Sendable () -> String = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(try await RealTerminal.poll(seconds: 60) { said().contains("depth=") }, "\(said())")
        #expect(said().contains("depth=truecolor"), "\(said().suffix(1500))")
        try await terminal.keys("q")
        #expect(try await RealTerminal.poll(seconds: 60) { terminal.finished })
    }
}
