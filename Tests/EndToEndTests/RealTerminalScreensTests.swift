import Foundation
import Testing

/// The interactive screens in real terminals with pictures in kitty and sixel: the viewer's
/// media, a resize, the gallery's detail, each compared with its source scaled to the box it
/// was drawn in, as a user would see them. The bounds (5 kitty, 8 sixel, mean error per
/// channel against ImageMagick's scaling of the source; sixel adds its dither) are far from a
/// wrong picture's 40 and more; that the picture is in real pixels is the blockiness check.
@Suite("Interactive screens in real terminals (Xvfb)", .serialized, .timeLimit(.minutes(4)))
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

    /// The picture through the middle of the window (of the image area, `down` of the height).
    static func picture(_ terminal: RealTerminal, down: Double = 0.5) async throws -> (
        screen: [UInt8], box: (x: Int, y: Int, width: Int, height: Int)
    ) {
        let screen = try #require(try await terminal.settled(), "the screen settles")
        let window = try await terminal.windowSize()
        let found = RealTerminal.pictureBox(screen, through: (window.width / 2, Int(Double(window.height) * down)))
        let box = try #require(found, "a picture through the middle of the \(window.width)×\(window.height) window")
        return (screen, box)
    }

    static func screens(_ kind: RealTerminal.Kind, graphics: String, bound: Double) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        let folder = try TemporaryFolder.make()
        let command =
            [StoriesProcess.binary, "--source", "bundled", "--graphics", graphics].map(RealTerminal.quoted)
            .joined(separator: " ") + " 2>'\(folder)/err'"
        let terminal = try await RealTerminal(kind, running: command)
        terminal.start()
        _ = try #require(try await terminal.settled(), "the tray settles")
        // The viewer, paused so the screen stays still.
        try await terminal.keys("Return", "space")
        let viewer = try await picture(terminal)
        let match = try await bestMatch(terminal, viewer.screen, box: viewer.box)
        let blockiness = RealTerminal.blockiness(viewer.screen, box: viewer.box)
        let blocks = try #require(blockiness, "a picture with detail")
        print(
            "\(kind.rawValue) viewer: \(viewer.box) is \(match.sample), mean error \(match.error) (bound \(bound)), blockiness \(blocks)"
        )
        // Half blocks would put nearly every colour change on their cells' edges.
        #expect(blocks < 0.5, "drawn in real pixels, not in blocks (\(blocks) of the changes on one grid)")
        #expect(match.error < bound, "the viewer's picture in \(kind.rawValue)")
        #expect(viewer.box.height > 200, "a picture, not a line: \(viewer.box)")

        // A smaller window: the picture is drawn again, smaller, as sharp.
        try await terminal.resize(width: 640, height: 480)
        try await Task.sleep(for: .seconds(1))
        let resized = try await picture(terminal)
        let again = try await bestMatch(terminal, resized.screen, box: resized.box)
        print("\(kind.rawValue) after a resize: \(resized.box) is \(again.sample), mean error \(again.error)")
        #expect(resized.box.height < viewer.box.height, "drawn for the new size: \(resized.box)")
        #expect(again.sample == match.sample && again.error < bound, "the same picture after the resize")

        // Closing the viewer takes its picture away: the tray's empty middle is background again.
        try await terminal.keys("q")
        let tray = try #require(try await terminal.settled(), "the tray settles")
        let window = try await terminal.windowSize()
        let left = window.width / 2 - 40
        let top = window.height * 3 / 4 - 10
        var stale = 0
        for y in top..<(top + 20) {
            for x in left..<(left + 80) {
                let o = (y * RealTerminal.width + x) * 3
                let background = RealTerminal.background
                if tray[o] != background.r || tray[o + 1] != background.g || tray[o + 2] != background.b {
                    stale += 1
                }
            }
        }
        #expect(stale == 0, "\(stale) pixels of the closed viewer's picture left on the tray")

        // The gallery's first photo in detail: the bundled dawn portrait.
        try await terminal.keys("g")
        _ = try #require(try await terminal.settled(), "the gallery settles")
        try await terminal.keys("Return")
        let detail = try await picture(terminal, down: 0.4)
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
        #expect(try await RealTerminal.poll(seconds: 20, { terminal.finished }), "q quits")
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
