import Foundation
import Testing

@Suite("stories render, as a process", .onLiveThreads)
struct RenderCommandTests {
    static let fixtures = repositoryRoot + "/Services/StoryImages/Tests/Fixtures/"

    /// The `stories render` processes running and where each thread waits: said beside a
    /// render that did not end (seen once, on a loaded machine), to tell a hang from a crawl.
    static func renders() -> String {
        let task = Process()
        task.executableURL = URL(fileURLWithPath: "/bin/sh")
        task.arguments = [
            "-c", "for p in $(pgrep -f ' render '); do ps -Lo pid,tid,stat,wchan:32,etime,args -p $p; done",
        ]
        let pipe = Pipe()
        task.standardOutput = pipe
        guard (try? task.run()) != nil else { return "" }
        task.waitUntilExit()
        return "\nrender processes:\n"
            + String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func cellsAreWrittenToAPipeInTheDepthTheEnvironmentSays() async throws {
        let truecolor = try await StoriesProcess.run(
            ["render", Self.fixtures + "portrait-1080x1920.jpg", "--width", "20", "--height", "10"],
            environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"])
        #expect(truecolor.status == 0, "\(truecolor.stderr)")
        let lines = truecolor.stdout.split(separator: "\n")
        #expect(lines.count == 10, "a portrait fits the height: 10 rows")
        #expect(truecolor.stdout.contains("\u{1B}[0;38;2;"))
        #expect(truecolor.stdout.contains("▀"))

        let palette = try await StoriesProcess.run(
            ["render", Self.fixtures + "baseline-64x48.jpg", "--width", "16", "--height", "16"],
            environment: ["TERM": "xterm-256color"])
        #expect(palette.stdout.contains("38;5;") && !palette.stdout.contains("38;2;"))
        #expect(palette.stdout.split(separator: "\n").count == 6, "a 4:3 image at 16 columns takes 6 rows")

        let flag = try await StoriesProcess.run(
            ["render", Self.fixtures + "baseline-64x48.jpg", "--width", "16", "--color", "16"],
            environment: ["COLORTERM": "truecolor"])
        #expect(!flag.stdout.contains("38;2;") && !flag.stdout.contains("38;5;"))
    }

    /// chafa's and timg's habits: `-` for standard input (it said "no such file"), several
    /// files in a row (one that fails said, the rest drawn), `-s/--size WxH` (it said "Did you
    /// mean '--store'?").
    @Test func standardInputSeveralFilesAndSize() async throws {
        let picture = Self.fixtures + "portrait-1080x1920.jpg"
        let piped = try await StoriesProcess.execute(
            "/bin/bash", ["-c", "\"$0\" render - -s 20x10 < \"$1\"", StoriesProcess.binary, picture],
            environment: ["HOME": try TemporaryFolder.make(), "TERM": "xterm-256color"])
        #expect(piped.status == 0 && piped.stdout.split(separator: "\n").count == 10, "\(piped.stderr)")
        let many = try await StoriesProcess.run(
            ["render", picture, "/no/such.jpg", Self.fixtures + "baseline-64x48.jpg", "--size", "16x8"])
        #expect(many.status == 65, "the first failure's status")
        #expect(many.stderr.split(separator: "\n").count == 1 && many.stderr.contains("/no/such.jpg"), "\(many.stderr)")
        #expect(many.stdout.split(separator: "\n").count == 8 + 6, "both drawn: \(many.stdout.count)")
        let height = try await StoriesProcess.run(["render", picture, "-s", "x4"])
        #expect(height.stdout.split(separator: "\n").count == 4)
        #expect(try await StoriesProcess.run(["render", picture, "-s", "wide"]).status == 64)
        let empty = try await StoriesProcess.execute(
            "/bin/bash", ["-c", "\"$0\" render - < /dev/null", StoriesProcess.binary],
            environment: ["HOME": try TemporaryFolder.make()])
        #expect(empty.status == 65 && empty.stderr.contains("standard input: it is empty"), "\(empty.stderr)")
        // --center: the margin before each row; --stretch: the whole box, aspect not kept.
        let plain = { (text: String) in text.replacing(/\x1B\[[0-9;]*m/, with: "") }
        let centred = try await StoriesProcess.run(["render", picture, "-s", "40x10", "--center"])
        let row = plain(String(centred.stdout.split(separator: "\n")[0]))
        #expect(row.hasPrefix(String(repeating: " ", count: 10)) && row.count > 20, "\(row)")
        let stretched = try await StoriesProcess.run(["render", picture, "-s", "20x5", "--stretch"])
        #expect(stretched.stdout.split(separator: "\n").map { plain(String($0)).count } == [20, 20, 20, 20, 20])
        #expect(try await StoriesProcess.run(["render", picture, "--fit", "--stretch"]).status == 64)
    }

    /// GIF, WebP, APNG and videos: their first picture, through the viewer's decoder (they
    /// were "gif images are not supported", exit 65).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")))
    func animationsAndVideosShowTheirFirstPicture() async throws {
        let gif = try await StoriesProcess.run(["render", Self.fixtures + "tiny.gif", "-s", "10x5"])
        #expect(gif.status == 0 && !gif.stdout.isEmpty, "\(gif.stderr)")
        let videos = repositoryRoot + "/Packages/StoryModels/Sources/StoryModels/Resources/videos/"
        let clip = try await StoriesProcess.run(["render", videos + "coffee-pan.mp4", "-s", "20x8"])
        #expect(clip.status == 0 && clip.stdout.split(separator: "\n").count == 8, "\(clip.stderr)")
        let webm = try await StoriesProcess.execute(
            "/bin/bash",
            ["-c", "\"$0\" render - -s 20x8 < \"$1\"", StoriesProcess.binary, videos + "chelsea-zoom.webm"],
            environment: ["HOME": try TemporaryFolder.make(), "PATH": "/usr/bin:/bin"])
        #expect(webm.status == 0 && webm.stdout.split(separator: "\n").count > 3, "\(webm.stderr)")
        // A GIF cut after its header: exit 65, FFmpeg's reason, and not the name of the input
        // the decoder was handed (it said "file:/dev/stdin: Invalid data…").
        let folder = try TemporaryFolder.make()
        try Data(Array("GIF89a".utf8) + [0x10, 0x00]).write(to: URL(fileURLWithPath: folder + "/cut.gif"))
        let cut = try await StoriesProcess.run(["render", folder + "/cut.gif"])
        #expect(cut.status == 65 && cut.stderr.contains("cannot render \(folder)/cut.gif: "), "\(cut.stderr)")
        #expect(!cut.stderr.contains("/dev/stdin"), "\(cut.stderr)")
    }

    /// In a terminal, in half blocks, a clip plays frame over frame (`--loops`), then stays as
    /// its last picture: one picture's rows on screen, never a stack of them.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") && TmuxSession.isAvailable))
    func aClipPlaysInPlaceInATerminal() async throws {
        let clip = repositoryRoot + "/Packages/StoryModels/Sources/StoryModels/Resources/videos/coffee-pan.mp4"
        let app = try await TmuxSession(
            "\(InteractiveTests.quoted(StoriesProcess.binary)) render \(InteractiveTests.quoted(clip)) -s 40x10 --loops 1; echo END-$?; sleep 600",
            environment: ["HOME": try TemporaryFolder.make(), "COLORTERM": "truecolor"])
        #expect(try await app.waitUntil(escapes: true) { $0.contains("▀") }, "\(app.screen)\(Self.renders())")
        let early = try await app.capture(escapes: true)
        #expect(
            try await app.waitUntil(escapes: true) { $0.contains("END-0") || $0 != early },
            "the frames change: \(app.screen)")
        #expect(try await app.waitFor("END-0"), "\(app.screen)")
        let rows = try await app.capture().split(separator: "\n").filter { $0.contains("▀") || $0.contains("▄") }
        #expect(rows.count <= 10, "one picture's rows, drawn over each other: \(rows.count)")
        #expect(try await StoriesProcess.run(["render", clip, "--loops", "-1"]).status == 64)
    }

    /// Almost every GIF (and animated WebP) says "loop forever": `render` plays it once (a
    /// pass), not until the decoder's 60 s cap; `--loops 2` twice. An animated WebP plays (FFmpeg
    /// 5.1 called it "image data not found"; libwebp decodes it).
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") && TmuxSession.isAvailable))
    func aGIFThatLoopsForeverPlaysOncePerPass() async throws {
        let gif = Self.fixtures + "looping-forever.gif"  // 4 frames, 0.4 s, NETSCAPE2.0 loop 0
        let app = try await TmuxSession(
            "\(InteractiveTests.quoted(StoriesProcess.binary)) render \(InteractiveTests.quoted(gif)) -s 8x4; echo END-$?; "
                + "\(InteractiveTests.quoted(StoriesProcess.binary)) render \(InteractiveTests.quoted(gif)) -s 8x4 --loops 2; echo TWICE-$?; sleep 600",
            environment: ["HOME": try TemporaryFolder.make(), "COLORTERM": "truecolor"])
        // The cap would play it for 60 s; a pass of 0.4 s ends long before the wait gives up
        // (it ends whatever the wait; the bound tells ending from hanging on a loaded machine).
        #expect(try await app.waitFor("END-0", timeout: .seconds(120)), "\(app.screen)\(Self.renders())")
        #expect(try await app.waitFor("TWICE-0", timeout: .seconds(120)), "\(app.screen)\(Self.renders())")
        let webp = Self.fixtures + "looping-forever.webp"  // 4 frames, 0.4 s, loop 0
        let animated = try await TmuxSession(
            "\(InteractiveTests.quoted(StoriesProcess.binary)) render \(InteractiveTests.quoted(webp)) -s 8x4 2>&1; echo WEBP-$?; sleep 600",
            environment: ["HOME": try TemporaryFolder.make(), "COLORTERM": "truecolor"])
        #expect(try await animated.waitFor("WEBP-0", timeout: .seconds(120)), "\(animated.screen)")
        #expect(!animated.screen.contains("cannot"), "\(animated.screen)")
    }

    @Test func noColorDrawsLuminanceWithCharacters() async throws {
        let result = try await StoriesProcess.run(
            ["render", Self.fixtures + "baseline-64x48.jpg", "--width", "16"],
            environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("@"))
    }

    @Test(arguments: [
        "truncated.jpg", "corrupt.jpg", "not-an-image.txt", "header-only.webp", "huge-dimensions.jpg", "missing.jpg",
    ])
    func badFilesExit65WithOneLine(name: String) async throws {
        let result = try await StoriesProcess.run(["render", Self.fixtures + name])
        #expect(result.status == 65, "\(name): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("stories: "))
    }

    /// The gallery names bundled samples `bundled://samples/…`; render draws them (it said
    /// "no such file").
    @Test func bundledSamplesRenderByTheURLTheGalleryShows() async throws {
        let ok = try await StoriesProcess.run(["render", "bundled://samples/astronaut-portrait.jpg", "--width", "20"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.split(separator: "\n").count > 5, "\(ok.stdout)")
        let missing = try await StoriesProcess.run(["render", "bundled://samples/nothing.jpg", "--width", "20"])
        #expect(missing.status == 65, "\(missing.status) \(missing.stderr)")
        #expect(missing.stderr.contains("nothing"), "\(missing.stderr)")
    }

    @Test func badSizesAreUsageErrors() async throws {
        #expect(
            try await StoriesProcess.run(["render", Self.fixtures + "baseline-64x48.jpg", "--width", "0"]).status == 64)
        #expect(try await StoriesProcess.run(["render"]).status == 64)
    }
}

@Suite("stories cache, as a process")
struct CacheCommandTests {
    @Test func statsClearAndVerifyWorkOnTheConfiguredFolder() async throws {
        let home = try TemporaryFolder.make()
        let folder = home + "/.cache/stories/images"
        let empty = try await StoriesProcess.run(["cache", "stats"], home: home)
        #expect(empty.status == 0)
        #expect(empty.stdout.contains("0 images, 0 bytes of 256 MiB in \(folder)"))
        // A damaged entry: a body with a meta file that records another hash.
        let key = String(repeating: "a", count: 64)
        try TemporaryFolder.write("\u{FF}\u{D8}\u{FF}", to: folder + "/" + key)
        try TemporaryFolder.write("https://picsum.photos/id/1/10/10\n00\n", to: folder + "/" + key + ".meta")
        let verify = try await StoriesProcess.run(["cache", "verify"], home: home)
        #expect(verify.stdout.contains("checked 1 image, removed 1 damaged"))
        let clear = try await StoriesProcess.run(["cache", "clear"], home: home)
        #expect(clear.status == 0 && clear.stdout.hasPrefix("removed 0 images"))
        #expect(try await StoriesProcess.run(["cache", "bogus"], home: home).status == 64)
        // Bare `stories cache` shows the stats (it was "Missing expected argument '<action>'", 64).
        let bare = try await StoriesProcess.run(["cache"], home: home)
        #expect(bare.status == 0 && bare.stdout.hasPrefix("0 images, 0 bytes of 256 MiB"), "\(bare.stderr)")
    }
}
