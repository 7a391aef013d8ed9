import Foundation
import Testing

/// The interactive screens in real terminals with pictures in kitty and sixel: the viewer's
/// media, a resize, the gallery's detail, each compared with its source scaled to the box it
/// was drawn in, as a user would see them. The bounds (5 kitty, 8 sixel, mean error per
/// channel against ImageMagick's scaling of the source; sixel adds its dither) are far from a
/// wrong picture's 40 and more; that the picture is in real pixels is the blockiness check.
@Suite("Interactive screens in real terminals (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct RealTerminalScreensTests {
    static let samples = repositoryRoot + "/Packages/StoryModels/Sources/StoryModels/Resources/samples"

    /// The smallest mean error of the picture in `box` against each bundled sample, and its name.
    static func bestMatch(_ terminal: RealTerminal, _ screen: [UInt8], box: (x: Int, y: Int, width: Int, height: Int))
        async throws -> (error: Double, sample: String)
    {
        let names = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasSuffix(".jpg") }
        var best = (error: Double.infinity, sample: "")
        for name in names.sorted() {
            let error = try await terminal.meanError(screen, box: box, source: samples + "/" + name)
            if error < best.error { best = (error, name) }
        }
        return best
    }

    typealias Box = (x: Int, y: Int, width: Int, height: Int)

    /// The first settled screen for which `condition` holds (given the screen and the window's
    /// size), waiting as long as it takes a busy machine (90 s), else a failure naming `what`.
    /// Unsettled (`settling: false`), any screenshot counts: a playing viewer's bar never
    /// holds still.
    static func until(
        _ terminal: RealTerminal, _ what: String, settling: Bool = true,
        _ condition: ([UInt8], (width: Int, height: Int)) -> Bool
    ) async throws -> [UInt8] {
        let deadline = ContinuousClock.now + .seconds(90)
        var last: [UInt8]? = nil
        while ContinuousClock.now < deadline {
            let window = try await terminal.windowSize()
            last = settling ? try await terminal.settled() : try await terminal.screenshot()
            if let screen = last, condition(screen, window) { return screen }
            try await LiveThreads.sleep(for: .milliseconds(300))
        }
        // The last screen, to look at.
        let path = terminal.folder + "/last-screen.rgb"
        _ = FileManager.default.createFile(atPath: path, contents: last.map { Data($0) })
        throw RealTerminal.RealTerminalError.failed(
            "waited 90 s for \(what); the last screen: \(path) (\(RealTerminal.width)x\(RealTerminal.height) RGB)")
    }

    /// How many pixels in rows `rows` (fractions of the window's height) are not background.
    static func drawn(_ screen: [UInt8], _ window: (width: Int, height: Int), rows: ClosedRange<Double>) -> Int {
        let background = RealTerminal.background
        var count = 0
        for y in Int(Double(window.height) * rows.lowerBound)..<Int(Double(window.height) * rows.upperBound) {
            for x in 4..<(window.width - 4) {  // inside the window's border
                let o = (y * RealTerminal.width + x) * 3
                if screen[o] != background.r || screen[o + 1] != background.g || screen[o + 2] != background.b {
                    count += 1
                }
            }
        }
        return count
    }

    /// The picture through the window's middle column at `down` of its height, at least
    /// `minimumHeight` tall and passing `also`.
    static func picture(
        _ terminal: RealTerminal, _ what: String, down: Double = 0.5, minimumHeight: Int = 200,
        also: @escaping (Box) -> Bool = { _ in true }
    ) async throws -> (screen: [UInt8], box: Box) {
        func box(_ screen: [UInt8], _ window: (width: Int, height: Int)) -> Box? {
            RealTerminal.pictureBox(screen, through: (window.width / 2, Int(Double(window.height) * down)))
        }
        let screen = try await until(terminal, what) { screen, window in
            box(screen, window).map { $0.height >= minimumHeight && also($0) } ?? false
        }
        return (screen, box(screen, try await terminal.windowSize())!)
    }

    static func screens(_ kind: RealTerminal.Kind, graphics: String, bound: Double) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let folder = try TemporaryFolder.make()
        // Items of a minute: the pause after Return holds the first one however late it comes
        // (with 5 s items a busy run's screenshot found the viewer moving on to the next).
        let command =
            "env STORIES_VIEWER_IMAGE_DURATION=60s "
            + [StoriesProcess.binary, "--source", "bundled", "--graphics", graphics].map(RealTerminal.quoted)
            .joined(separator: " ") + " 2>'\(folder)/err'"
        let terminal = try await RealTerminal(kind, running: command)
        terminal.start()
        // The tray with its avatars (before them a key would go to the logo).
        _ = try await until(terminal, "the tray's avatars") { drawn($0, $1, rows: 0.05...0.3) > 4000 }
        // The viewer, paused so the screen stays still.
        try await terminal.keys("Return", "space")
        let viewer = try await picture(terminal, "the viewer's picture")
        let match = try await bestMatch(terminal, viewer.screen, box: viewer.box)
        let blockiness = RealTerminal.blockiness(viewer.screen, box: viewer.box)
        let blocks = try #require(blockiness, "a picture with detail")
        print(
            "\(kind.rawValue) viewer: \(viewer.box) is \(match.sample), mean error \(match.error) (bound \(bound)), blockiness \(blocks)"
        )
        // Half blocks would put nearly every colour change on their cells' edges.
        #expect(blocks < 0.5, "drawn in real pixels, not in blocks (\(blocks) of the changes on one grid)")
        #expect(match.error < bound, "the viewer's picture in \(kind.rawValue)")

        // A smaller window: the picture is drawn again, smaller, as sharp.
        try await terminal.resize(width: 640, height: 480)
        let resized = try await picture(terminal, "the picture drawn for the new size", minimumHeight: 100) {
            // Drawn again, whole: not the old picture cut by the smaller window.
            $0.height < viewer.box.height && $0.y > 8 && $0.y + $0.height < 470
        }
        let again = try await bestMatch(terminal, resized.screen, box: resized.box)
        print("\(kind.rawValue) after a resize: \(resized.box) is \(again.sample), mean error \(again.error)")
        #expect(again.sample == match.sample && again.error < bound, "the same picture after the resize")

        // Closing the viewer takes its picture away: the tray's empty middle is background again
        // (waited for; a picture left behind would never go and the wait would fail).
        try await terminal.keys("q")
        _ = try await until(terminal, "the tray without the viewer's picture") { screen, window in
            drawn(screen, window, rows: 0.05...0.3) > 4000 && drawn(screen, window, rows: 0.6...0.8) == 0
        }

        // The gallery (thumbnails down the window), then its first photo in detail.
        try await terminal.keys("g")
        _ = try await until(terminal, "the gallery's thumbnails") { drawn($0, $1, rows: 0.4...0.7) > 4000 }
        try await terminal.keys("Return")
        let detail = try await picture(terminal, "the detail's picture", down: 0.4)
        let error = try await terminal.meanError(
            detail.screen, box: detail.box, source: samples + "/astronaut-portrait.jpg")
        let detailBlockiness = RealTerminal.blockiness(detail.screen, box: detail.box)
        let detailBlocks = try #require(detailBlockiness, "a picture with detail")
        print(
            "\(kind.rawValue) detail: \(detail.box), mean error \(error) against astronaut-portrait.jpg, blockiness \(detailBlocks)"
        )
        #expect(detailBlocks < 0.5, "the detail in real pixels")
        #expect(error < bound, "the detail's picture in \(kind.rawValue)")

        try await terminal.keys("Escape", "q", "q")
        #expect(try await RealTerminal.poll(seconds: 60, { terminal.finished }), "q quits")
        let errors = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
        #expect(!errors.contains("rror"), "stderr: \(errors)")
    }

    @Test func kittyDrawsTheViewerAndTheDetailInPixels() async throws {
        try await Self.screens(.kitty, graphics: "kitty", bound: 5)
    }

    @Test func xtermDrawsTheViewerAndTheDetailInSixel() async throws {
        try await Self.screens(.xterm, graphics: "auto", bound: 8)
    }
}
