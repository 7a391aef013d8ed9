import Foundation
import Testing
import VideoDecoding

/// A video playing in kitty, xterm and mlterm under Xvfb, as a user sees it: its frames drawn
/// in real pixels (kitty's graphics protocol or sixel, not half blocks), changing while it
/// plays and holding still while paused (issues 22 and 29).
@Suite("A video in a real terminal (Xvfb)", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct RealTerminalVideoTests {
    /// kitty (its graphics protocol), xterm -ti vt340 and mlterm (sixel, found by asking).
    @Test(arguments: [(RealTerminal.Kind.kitty, "kitty"), (.xterm, "auto"), (.mlterm, "auto")])
    func aVideoPlaysInPixelsAndAPauseHoldsItsFrame(_ kind: RealTerminal.Kind, graphics: String) async throws {
        try #require(RealTerminal.unavailableReason == nil, "\(RealTerminal.unavailableReason ?? "")")
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let server = try await PicsumStubProcess()
        let home = try TemporaryFolder.make()
        // The image after the clip stays ten minutes: a late screenshot finds a picture in the
        // middle still (after 8 s of clip and 60 s of image, a loaded run's found the tray).
        let document = try VideoInteractiveTests.document(server, imageSeconds: 600, home: home)
        let log = home + "/log"
        let command =
            "env HOME=\(RealTerminal.quoted(home)) STORIES_VIEWER_IMAGE_DURATION=60s STORIES_LOG_LEVEL=info "
            + "STORIES_LOG_FILE=\(RealTerminal.quoted(log)) "
            + [
                StoriesProcess.binary, "--source", "file", "--stories-file", document, "--store", "memory",
                "--graphics", graphics,
            ].map(RealTerminal.quoted).joined(separator: " ") + " 2>\(RealTerminal.quoted(home + "/err"))"
        let terminal = try await RealTerminal(kind, running: command)
        terminal.start()
        _ = try await RealTerminalScreensTests.until(terminal, "the tray's avatar") {
            RealTerminalScreensTests.drawn($0, $1, rows: 0.05...0.3) > 2000
        }
        let said: @Sendable () -> String = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        // Return opens the viewer. Once in CI a loaded mlterm's Return never reached the app (the
        // tray stayed, nothing logged): Return again while nothing plays, as a person would (the
        // viewer binds no Enter, so an extra one does nothing there); said on stdout when needed.
        var started = false
        for attempt in 0..<4 where !started {
            if attempt > 0 { print("\(kind.rawValue): Return again (attempt \(attempt + 1)), nothing played yet") }
            try await terminal.keys("Return")
            started = try await RealTerminal.poll(seconds: 20) { said().contains("playback started") }
        }
        #expect(started, "\(said())")

        // Playing: two screenshots a second apart, each holding a frame in the middle (a sixel
        // terminal may be caught drawing one: up to 30 s of tries on a busy machine), the
        // picture in pixels and changed between them.
        let window = try await terminal.windowSize()
        func frame() async throws -> [UInt8]? {
            for _ in 0..<100 {
                let shot = try await terminal.screenshot()
                if let box = RealTerminal.pictureBox(shot, through: (window.width / 2, window.height / 2)),
                    box.height >= 200
                {
                    return shot
                }
                try await LiveThreads.sleep(for: .milliseconds(300))
            }
            return nil
        }
        // A later frame that differs: a second later, or (a busy machine draws sixel slowly)
        // up to 30 tries a second apart. A video that stopped never changes. When the clip ended
        // before the first look (a loaded run's did: the image after it never changed), ← plays
        // it again and the looks start over.
        @Sendable func count(_ line: String) -> Int { said().components(separatedBy: line).count - 1 }
        var endedBefore = 0
        var second: [UInt8] = []
        var changed: (x: Int, y: Int, width: Int, height: Int)? = nil
        for attempt in 1...3 where changed == nil {
            let first = try #require(try await frame(), "a frame in the middle")
            second = first
            for _ in 0..<30 where changed == nil {
                try await LiveThreads.sleep(for: .seconds(1))
                second = try #require(try await frame(), "a frame in the middle later")
                changed = RealTerminal.changedBox(first, second)
                if changed == nil, count("playback ended") > endedBefore { break }
            }
            guard changed == nil, count("playback ended") > endedBefore, attempt < 3 else { break }
            print("\(kind.rawValue): the clip ended before the looks (attempt \(attempt)); ← plays it again")
            let starts = count("playback started")
            endedBefore = count("playback ended")
            try await terminal.keys("Left")
            #expect(try await RealTerminal.poll(seconds: 60) { count("playback started") > starts }, "\(said())")
        }
        let box = try #require(
            RealTerminal.pictureBox(second, through: (window.width / 2, window.height / 2)), "a picture in the middle")
        let blockiness = try #require(RealTerminal.blockiness(second, box: box), "a frame with detail")
        print("\(kind.rawValue) video: frame \(box), blockiness \(blockiness), changed \(String(describing: changed))")
        #expect(box.height >= 200, "the frame fills the image area: \(box)")
        #expect(blockiness < 0.5, "frames in real pixels, not blocks (\(blockiness))")
        let moved = try #require(changed, "the frames moved")
        #expect(moved.width * moved.height >= box.width * box.height / 4, "across the picture: \(moved) in \(box)")

        // Paused: the frame holds (the screen settles).
        try await terminal.keys("space")
        let held = try await terminal.settled()
        #expect(held != nil, "a paused video holds its frame")

        try await terminal.keys("q", "q")
        let quit = try await RealTerminal.poll(seconds: 60, { terminal.finished })
        if !quit {
            let screen = try? await terminal.screenshot()
            let path = home + "/last-screen.rgb"
            if let screen { _ = FileManager.default.createFile(atPath: path, contents: Data(screen)) }
            let running = try? await StoriesProcess.execute(
                "/bin/sh",
                [
                    "-c",
                    "for p in $(pgrep -f \(RealTerminal.quoted(document))); do ps -Lo pid,tid,stat,wchan:30,args -p $p; done",
                ], environment: ["PATH": "/usr/bin:/bin"])
            print("q did not quit: \(said().suffix(3000)) \(running?.stdout ?? "?")")
            Issue.record(
                "q did not quit in 60 s; the log: \(said().suffix(3000)); the screen: \(path); processes: \(running?.stdout ?? "?")"
            )
        }
        let errors = (try? String(contentsOfFile: home + "/err", encoding: .utf8)) ?? ""
        #expect(!errors.contains("rror"), "stderr: \(errors)")
        // kitty freed the tray's avatars while the video filled its storage: sent again, not
        // warned about (four "refused a picture … ENOENT" lines reached the shell after a quit).
        #expect(!said().contains("refused a picture"), "\(said().suffix(2000))")
        _ = server
    }
}
