import Foundation
import StoryInterfacesTestSupport
import Testing
import VideoDecoding

/// Videos in the interactive viewer, in tmux: a stories document whose first item
/// is a bundled clip served by picsum-stub (downloaded, cached, decoded by ffmpeg).
@Suite(
    "Videos play in the viewer, in tmux", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct VideoInteractiveTests {
    /// A document for one user: `video` (8 s), then an image, on for `imageSeconds` when given
    /// (else the viewer's image duration, 60 s here): a test whose looks may come late on a
    /// busy machine gives it ten minutes, so the screen after the clip stays until it looks.
    static func document(
        _ server: PicsumStubProcess, video: String = "hubble-drift.mp4", imageSeconds: Int? = nil, home: String
    ) throws -> String {
        let base = server.baseURL.absoluteString
        let imageDuration = imageSeconds.map { #","duration":\#($0)"# } ?? ""
        let file = home + "/stories.json"
        try TemporaryFolder.write(
            """
            {"data":[{"id":"0","user":{"username":"neo","profile_picture":"\(base)/id/1/100/100"},"snap_count":2,
              "snaps":[{"media_type":"video","media_url":"\(base)/videos/\(video)","duration":8.0},
                       {"media_type":"image","media_url":"\(base)/id/2/360/640"\(imageDuration)}]}]}
            """, to: file)
        return file
    }

    /// The app on `file`; `path` replaces its PATH (tmux keeps its own for the session); temporary
    /// files go to `home/tmp`.
    static func start(
        _ file: String, home: String, path: String? = nil, environment: [String: String] = [:]
    ) async throws -> TmuxSession {
        try FileManager.default.createDirectory(atPath: home + "/tmp", withIntermediateDirectories: true)
        let command =
            "exec \(path.map { "/usr/bin/env PATH=" + InteractiveTests.quoted($0) + " " } ?? "")\(InteractiveTests.quoted(StoriesProcess.binary)) --source file --stories-file \(InteractiveTests.quoted(file)) --store memory"
        return try await TmuxSession(
            command,
            environment: [
                "HOME": home, "TMPDIR": home + "/tmp", "STORIES_VIEWER_IMAGE_DURATION": "60s",
                "STORIES_NETWORK_RETRIES": "0",
            ].merging(environment) { $1 })
    }

    /// A run on the document of ``document(_:video:home:)`` in tmux, at the tray: its home, the
    /// server it reads from (kept alive by the caller) and the session.
    struct Run {
        let home: String
        let server: PicsumStubProcess
        let app: TmuxSession
    }

    /// The app started on the video document and at its tray (ffmpeg required).
    static func atTheTray() async throws -> Run {
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let home = try TemporaryFolder.make()
        let server = try await PicsumStubProcess()
        let app = try await Self.start(try Self.document(server, imageSeconds: 600, home: home), home: home)
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        return Run(home: home, server: server, app: app)
    }

    @Test func aVideoPlaysItsBarFollowsPauseHoldsItAndLeavingStopsItsDecoder() async throws {
        let run = try await Self.atTheTray()
        let (home, server, app) = (run.home, run.server, run.app)
        var opened = ContinuousClock.now
        try await app.send("Enter")
        // Playing: the label shows the position once the first second has been played.
        // Any second played (a busy machine may poll past 0:01). A loaded run's polls can miss
        // the whole clip (CI's did: the viewer was on the image, then back in the tray, and every
        // later wait ran out); then ← plays it again from its start.
        // The screen that showed it playing is the first of the two compared below (a look after
        // it may already be on the image).
        func isPlaying(_ screen: String) -> Bool {
            let text = Self.plain(screen)
            return (1...7).contains { text.contains("▶ 0:0\($0) / 0:08") }
        }
        var playing = false
        for attempt in 1...3 where !playing {
            let seen = try await app.waitUntil(timeout: .seconds(60), escapes: true) {
                isPlaying($0) || Self.plain($0).contains("2/2")
            }
            playing = seen && isPlaying(app.screen)
            if seen && !playing {
                print("attempt \(attempt): the clip ended between two looks; ← plays it again")
                opened = ContinuousClock.now
                try await app.send("Left")
            }
        }
        try #require(playing, "the video plays: \(app.screen)")
        let pid = try #require(try await app.panePID())

        // The picture changes and the bar moves on, never ahead of the wall clock (how fast it
        // moves depends on how fast ffmpeg decodes on this machine: no lower bound).
        let first = app.screen
        let firstAt = ContinuousClock.now
        #expect(
            try await app.waitUntil(escapes: true) {
                Self.played($0) > Self.played(first) && Self.imageArea($0) != Self.imageArea(first)
            },
            "the frames and the bar moved: \(app.screen)")
        let second = try await app.capture(escapes: true)
        let between = ContinuousClock.now - firstAt
        let advanced = Self.played(second) - Self.played(first)
        let seconds = Double(between.components.seconds) + Double(between.components.attoseconds) / 1e18
        print("bar: \(Self.played(first)) s → \(Self.played(second)) s over \(seconds) s of wall time")
        // One segment cell is 8 s / width (≈ 0.3 s here).
        let cell = 8 / Double(Self.firstSegment(second).width)
        // Never ahead of the wall clock since the video was opened (the screen a capture shows
        // may be an older one on a busy machine, so two captures' difference can exceed the
        // time between them without the bar being ahead).
        let sinceOpened = ContinuousClock.now - opened
        let wall = Double(sinceOpened.components.seconds) + Double(sinceOpened.components.attoseconds) / 1e18
        #expect(advanced > 0 && Self.played(second) <= wall + 2 * cell, "at \(Self.played(second)) s after \(wall) s")
        // One ffmpeg decodes it, never two: once it has written its last frame it is gone, and
        // on a busy machine that can be before this look while the screen captured is older
        // (once: none left with the bar at 3.4 s of 8).
        let decoders = Self.decoders(of: pid).count
        #expect(decoders <= 1, "\(decoders) ffmpeg decoders at \(Self.played(second)) s")

        // Paused: nothing moves, however long.
        try await app.send("Space")
        #expect(try await app.waitFor("paused"), "\(app.screen)")
        let held = try await app.capture(escapes: true)
        try await LiveThreads.sleep(for: .seconds(1))
        let stillHeld = try await app.capture(escapes: true)
        #expect(Self.imageArea(held) == Self.imageArea(stillHeld), "the frame holds")
        #expect(Self.played(held) == Self.played(stillHeld), "the bar holds")
        try await app.send("Space")
        #expect(
            try await app.waitUntil(escapes: true) { Self.played($0) > Self.played(held) || $0.contains("2/2") },
            "resumed from where it stood: \(app.screen)")

        // Leaving the video (→ the image) ends its decoder at once, and closing the viewer
        // leaves the app idle: its CPU time stops growing. Paused first, so a busy machine's
        // clip cannot end (and move on by itself) between a look and the key.
        if !app.screen.contains("2/2") {
            try await app.send("Space")
            #expect(try await app.waitFor("paused"), "\(app.screen)")
            if !app.screen.contains("2/2") { try await app.send("Right") }
        }
        #expect(try await app.waitFor("2/2"), "\(app.screen)")
        #expect(
            try await app.waitUntil(timeout: .seconds(60)) { _ in Self.decoders(of: pid).isEmpty },
            "no ffmpeg left: \(Self.decoders(of: pid))")
        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await LiveThreads.sleep(for: .milliseconds(500))
        let before = try #require(Self.cpuSeconds(pid))
        try await LiveThreads.sleep(for: .seconds(2))
        let after = try #require(Self.cpuSeconds(pid))
        print("CPU after leaving: \(before) s → \(after) s over 2 s")
        #expect(after - before <= 0.05, "idle after leaving: \(after - before) s of CPU in 2 s")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
        // The clip came over HTTP whole and is kept in the clips' own cache.
        let cache = try await StoriesProcess.run(["cache", "stats"], home: home)
        #expect(cache.stdout.contains("1 video clip,"), "\(cache.stdout)")
        _ = server
    }

    /// Scripted runs keep the virtual clock for videos: Kai's second item (a bundled 5 s clip)
    /// says when it started playing and ends after its declared duration, not decoded.
    @Test func scriptedRunsPlayVideosOnTheVirtualClockAndSayWhenTheyStarted() async throws {
        func events(_ keys: String) async throws -> [String] {
            let result = try await StoriesProcess.run(
                ["view", "kai", "--keys", keys, "--json", "--source", "bundled", "--store", "memory"])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        let early = try await events("next wait:4900ms")
        let seen = try #require(early.firstIndex { $0.contains(#""itemSeen""#) && $0.contains("kai-1") }, "\(early)")
        #expect(early[seen + 1] == #"{"event":"playbackStarted","item":"kai-1"}"#, "\(early)")
        #expect(!early.contains { $0.contains("kai-2") }, "4.9 s in, still on the 5 s video: \(early)")
        let atItsEnd = try await events("next wait:5s")
        #expect(atItsEnd.contains { $0.contains(#""itemShown""#) && $0.contains("kai-2") }, "\(atItsEnd)")
    }

    /// A WebM (VP9) clip over HTTP plays too (it was once refused as "not a complete image"),
    /// temporary clip folders do not pile up, and this run's is private: made by
    /// mkdtemp under `$XDG_RUNTIME_DIR` (0700, an unguessable name), the clip in it 0600; a
    /// folder another user left with a stale-looking name, and a link, stay untouched.
    @Test func aWebMClipOverHTTPPlaysFromAPrivateFolder() async throws {
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let home = try TemporaryFolder.make()
        let run = home + "/run"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        let server = try await PicsumStubProcess()
        // A clip folder left by a run that ended without removing it (its process is gone).
        let stale = run + "/stories-clips-2147483646"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
        // Not ours to remove: a link with a stale name (to a folder of the user's), and, when
        // the test runs as root, a folder of another user's.
        let documents = home + "/Documents"
        try FileManager.default.createDirectory(atPath: documents + "/kept", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: run + "/stories-clips-2147483645", withDestinationPath: documents)
        let other = run + "/stories-clips-2147483644"
        let otherUser = await OtherUser.id()
        if let otherUser {
            try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
            #expect(chown(other, otherUser, OtherUser.group ?? 0) == 0)
        }
        let app = try await Self.start(
            try Self.document(server, video: "chelsea-zoom.webm", home: home), home: home,
            environment: ["XDG_RUNTIME_DIR": run])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(
            try await app.waitUntil { screen in (1...7).contains { screen.contains("▶ 0:0\($0) / 0:08") } },
            "playing: \(app.screen)")
        #expect(!FileManager.default.fileExists(atPath: stale), "the first download removed the stale folder")
        #expect(FileManager.default.fileExists(atPath: documents + "/kept"), "a link is not followed")
        if otherUser != nil { #expect(FileManager.default.fileExists(atPath: other), "another user's folder stays") }
        let mine = try FileManager.default.contentsOfDirectory(atPath: run).filter {
            $0.hasPrefix("stories-clips-") && !$0.hasPrefix("stories-clips-214748364")
        }
        #expect(mine.count == 1, "\(mine)")
        if let folder = mine.first {
            #expect(folder.split(separator: "-").last?.count == 6, "mkdtemp's six random letters: \(folder)")
            #expect(Self.mode(run + "/" + folder) == 0o700)
            let clips = try FileManager.default.contentsOfDirectory(atPath: run + "/" + folder)
            #expect(
                clips.count == 1 && clips.allSatisfy { Self.mode(run + "/" + folder + "/" + $0) == 0o600 }, "\(clips)")
        }
        try await app.send("q", "q")
        #expect(try await app.waitForExit(), "q quits")
        let left = try FileManager.default.contentsOfDirectory(atPath: run)
        #expect(
            !left.contains { $0.hasPrefix("stories-clips-") && !$0.hasPrefix("stories-clips-214748364") },
            "quitting removed its own: \(left)")
        _ = server
    }

    /// A file's permission bits.
    static func mode(_ path: String) -> mode_t? { OtherUsersTests.mode(path) }

    @Test func aClipThatCannotBeFetchedFailsInPlaceAndRRetries() async throws {
        let home = try TemporaryFolder.make()
        let server = try await PicsumStubProcess()
        let app = try await Self.start(try Self.document(server, video: "missing.mp4", home: home), home: home)
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("Couldn't load this item"), "\(app.screen)")
        #expect(app.screen.contains("r retry · → skip"), "\(app.screen)")
        try await app.send("r")
        #expect(try await app.waitFor("Couldn't load this item"), "tried again, fails again: \(app.screen)")
        try await app.send("Right")
        #expect(try await app.waitFor("2/2"), "→ skips: \(app.screen)")
        try await app.send("q", "q")
        #expect(try await app.waitForExit(), "q quits")
        _ = server
    }

    @Test func withoutFFmpegTheVideoShowsItsPosterAndSaysWhatToInstall() async throws {
        let home = try TemporaryFolder.make()
        let server = try await PicsumStubProcess()
        // A PATH without ffmpeg: the binary is started by its full path.
        let app = try await Self.start(try Self.document(server, home: home), home: home, path: home)
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("apt-get install ffmpeg"), "\(app.screen)")
        #expect(!app.screen.contains("Couldn't load"), "\(app.screen)")
        try await app.send("q", "q")
        #expect(try await app.waitForExit(), "q quits")
        _ = server
    }

    /// A document that marks a photo's URL as a video (as an app we follow does):
    /// the picture is shown, on the item's declared duration, never "not a video".
    @Test func aPhotoMarkedAsAVideoIsShownAsThePictureOnItsDuration() async throws {
        let home = try TemporaryFolder.make()
        let server = try await PicsumStubProcess()
        let base = server.baseURL.absoluteString
        let file = home + "/stories.json"
        try TemporaryFolder.write(
            """
            {"data":[{"id":"0","user":{"username":"neo"},"snap_count":2,
              "snaps":[{"media_type":"video","media_url":"\(base)/id/10/360/640","duration":2.0},
                       {"media_type":"image","media_url":"\(base)/id/2/360/640"}]}]}
            """, to: file)
        let app = try await Self.start(file, home: home, path: home)  // no ffmpeg needed either
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("1/2"), "\(app.screen)")
        // The picture: half blocks fill the image area, and no error or notice is said.
        #expect(
            try await app.waitUntil { Self.imageArea($0).filter { $0 == "▀" || $0 == "▄" }.count > 100 },
            "the picture shows: \(app.screen)")
        #expect(!app.screen.contains("Couldn't load") && !app.screen.contains("not a video"), "\(app.screen)")
        // Its declared 2 s run on the clock (STORIES_VIEWER_IMAGE_DURATION is 60 s here).
        #expect(try await app.waitFor("2/2", timeout: .seconds(45)), "moved on after 2 s, not 60: \(app.screen)")
        try await app.send("q", "q")
        #expect(try await app.waitForExit(), "q quits")
        _ = server
    }
}
