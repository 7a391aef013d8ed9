import Foundation
import Testing
import VideoDecoding

/// GIF, APNG and WebP image items in the interactive viewer, in tmux: served over
/// HTTP, decoded by ffmpeg, an animation moving while its item's clock runs, a WebP still shown
/// as a picture — never the "not supported" placeholder.
@Suite(
    "Animated pictures in the viewer, in tmux", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct AnimationInteractiveTests {
    /// `name` made by ffmpeg from its test pattern (1 s at 10 frames a second) in `folder`.
    static func make(_ name: String, _ options: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x284:rate=10:duration=1"]
            + options + ["-y", folder + "/" + name]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "ffmpeg made \(name)")
    }

    @Test func anAnimationMovesOnItsItemsClockAndAWebPStillShows() async throws {
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let home = try TemporaryFolder.make()
        let folder = try TemporaryFolder.make()
        try Self.make("moving.gif", ["-f", "gif", "-loop", "0"], in: folder)
        try Self.make("moving.png", ["-f", "apng", "-plays", "0"], in: folder)
        try Self.make("still.webp", ["-c:v", "libwebp", "-frames:v", "1"], in: folder)
        let server = try await StaticServer(folder: folder)
        let file = home + "/stories.json"
        let base = server.baseURL
        try TemporaryFolder.write(
            """
            {"data":[{"id":"0","user":{"username":"neo"},"snaps":[
              {"media_type":"image","media_url":"\(base)/moving.gif","duration":60},
              {"media_type":"image","media_url":"\(base)/moving.png","duration":60},
              {"media_type":"image","media_url":"\(base)/still.webp","duration":60}]}]}
            """, to: file)
        // The scripted viewer never decodes them (as it never decodes videos): shown, not refused.
        let scripted = try await StoriesProcess.run(
            [
                "view", "0", "--source", "file", "--stories-file", file, "--store", "memory", "--keys",
                "next next close",
                "--json",
            ], home: home)
        #expect(scripted.status == 0 && !scripted.stdout.contains("mediaFailed"), "\(scripted.stdout)")
        #expect(scripted.stdout.components(separatedBy: #""event":"itemSeen""#).count == 4, "\(scripted.stdout)")
        try FileManager.default.createDirectory(atPath: home + "/tmp", withIntermediateDirectories: true)
        let app = try await TmuxSession(
            "exec \(InteractiveTests.quoted(StoriesProcess.binary)) --source file --stories-file \(InteractiveTests.quoted(file)) --store memory",
            environment: ["HOME": home, "TMPDIR": home + "/tmp", "STORIES_NETWORK_RETRIES": "0"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        for (index, name) in [(1, "the GIF"), (2, "the APNG")] {
            #expect(try await app.waitFor("\(index)/3"), "\(app.screen)")
            // Its picture changes while the bar follows the item's clock (60 s: a loaded machine took
            // most of 30 s to show both pictures, and the item moved on under the test).
            let first = try #require(
                try await Self.picture(app) { !$0.isEmpty }, "\(name)'s first picture: \(app.screen)")
            let moved = try await Self.picture(app) { $0 != first && !$0.isEmpty }
            #expect(moved != nil, "\(name) moves: \(app.screen)")
            #expect(!app.screen.contains("not supported"), "\(app.screen)")
            #expect(!app.screen.contains("0:0"), "an image's bar, not a video's label: \(app.screen)")
            try await app.send("Right")
        }
        #expect(try await app.waitFor("3/3"), "\(app.screen)")
        let still = try await Self.picture(app) { !$0.isEmpty }
        #expect(still != nil && !app.screen.contains("not supported"), "the WebP shows: \(app.screen)")
        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
        withExtendedLifetime(server) {}
    }

    /// The image area's half blocks (with their colours) once `condition` holds for them.
    static func picture(_ app: TmuxSession, _ condition: (String) -> Bool) async throws -> String? {
        var found: String? = nil
        _ = try await app.waitUntil(timeout: .seconds(60), escapes: true) { screen in
            let area = VideoInteractiveTests.imageArea(screen)
            guard area.contains("▀") || area.contains("▄"), condition(area) else { return false }
            found = area
            return true
        }
        return found
    }
}
