import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import Testing
import VideoDecoding

/// What `Scripts/install` installs runs on its own: the binary and the bundled
/// samples and clips under a temporary prefix, nothing found through the build folder.
@Suite("The installed binary runs on its own", .onLiveThreads, .serialized, .timeLimit(.minutes(10)))
struct InstalledBinaryTests {
    /// Installs the `stories` under test into a new prefix (`Scripts/install --from`, the
    /// script users run, without its release build); returns the prefix.
    static func install() async throws -> String {
        let prefix = try TemporaryFolder.make() + "/prefix"
        let built = URL(fileURLWithPath: StoriesProcess.binary).deletingLastPathComponent().path
        let result = try await StoriesProcess.execute(
            repositoryRoot + "/Scripts/install", ["--from", built],
            environment: ["PREFIX": prefix, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        return prefix
    }

    /// The build folder's copies of the bundled files (what `Bundle.module` would fall back on),
    /// under every name a build gives them.
    static var builtResources: [String] {
        BundledResources.bundleNames.map {
            URL(fileURLWithPath: StoriesProcess.binary).deletingLastPathComponent().appendingPathComponent($0).path
        }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// `program arguments` run where the build folder's resources are out of reach: in a mount
    /// namespace of its own with an empty folder mounted over them (as root, which CI is);
    /// elsewhere as it is.
    static func outOfReach(_ program: String, _ arguments: [String]) throws -> (String, [String]) {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            print("not root: the build folder's resources stay in reach of the installed binary")
            return (program, arguments)
        }
        let empty = try TemporaryFolder.make()
        let mounts = builtResources.map {
            "mount --bind \(InteractiveTests.quoted(empty)) \(InteractiveTests.quoted($0)) && "
        }
        let script = mounts.joined() + "exec \"$@\""
        return (
            "/usr/bin/unshare", ["--mount", "--propagation", "private", "sh", "-c", script, "sh", program] + arguments
        )
    }

    /// Runs the installed binary with a fresh HOME, the build folder's resources out of reach.
    static func run(_ prefix: String, _ arguments: [String]) async throws -> ProcessResult {
        let (program, arguments) = try outOfReach(prefix + "/bin/stories", arguments)
        return try await StoriesProcess.execute(
            program, arguments, environment: ["HOME": try TemporaryFolder.make(), "PATH": "/usr/bin:/bin"])
    }

    @Test func everyBundledSampleIsDrawnFromThePrefix() async throws {
        let prefix = try await Self.install()
        let doctor = try await Self.run(prefix, ["doctor", "--source", "bundled", "--store", "memory"])
        #expect(doctor.status == 0, "\(doctor.stderr)")
        #expect(
            doctor.stdout.contains("12 sample images and 5 clips installed in \(prefix)/share/stories"),
            "found in the prefix, not the build folder: \(doctor.stdout)")
        let samples = try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/stories/samples")
        #expect(samples.count == 12)
        for sample in samples.sorted() {
            let drawn = try await Self.run(
                prefix,
                [
                    "render", "bundled://samples/\(sample)", "--width", "20", "--height", "10", "--graphics", "symbols",
                    "--color", "truecolor",
                ])
            #expect(drawn.status == 0 && drawn.stdout.contains("▀"), "\(sample): \(drawn.stderr)")
        }
        // Offline, `auto` falls back to the bundled samples, and says they are installed.
        let auto = try await Self.run(
            prefix, ["doctor", "--source", "auto", "--picsum-url", "http://127.0.0.1:9", "--store", "memory"])
        #expect(auto.stdout.contains("shows the bundled samples (12 sample images and 5 clips"), "\(auto.stdout)")
    }

    @Test func everyBundledClipPlaysFromThePrefix() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)")
        try #require(FFmpegVideoDecoder().isAvailable, "ffmpeg is not installed (apt-get install ffmpeg; .ci/run does)")
        let prefix = try await Self.install()
        let home = try TemporaryFolder.make()
        // Where each clip first comes in the bundled catalog (the same catalog the binary
        // builds): the viewer walks there with ] (next user) and → (next item).
        let stories = BundledCatalog().stories
        var firsts: [URL: (user: Int, item: Int)] = [:]
        for (user, story) in stories.enumerated() {
            for (item, entry) in story.items.enumerated() {
                if case .video(let url, duration: _, poster: _) = entry.media, firsts[url] == nil {
                    firsts[url] = (user, item)
                }
            }
        }
        let clips = try FileManager.default.contentsOfDirectory(atPath: prefix + "/share/stories/videos")
        #expect(
            firsts.count == clips.count && clips.count == 5, "every installed clip is in the catalog: \(firsts.keys)")
        try FileManager.default.createDirectory(atPath: home + "/tmp", withIntermediateDirectories: true)
        let (program, arguments) = try Self.outOfReach(
            prefix + "/bin/stories", ["--source", "bundled", "--store", "memory"])
        let app = try await TmuxSession(
            "exec " + ([program] + arguments).map(InteractiveTests.quoted).joined(separator: " "),
            environment: ["HOME": home, "TMPDIR": home + "/tmp", "STORIES_VIEWER_IMAGE_DURATION": "60s"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        // From the tray: → to the clip's user (one at a time; later pages load on the way),
        // Enter, → to the clip, then q back to the tray, which keeps its place.
        var selected = 0
        for (url, place) in firsts.sorted(by: { ($0.value.user, $0.value.item) < ($1.value.user, $1.value.item) }) {
            while selected < place.user {
                try await app.send("Right")
                selected += 1
                let story = stories[selected]
                #expect(
                    // The name's first word: emoji are drawn as every terminal measures them.
                    try await app.waitUntil { screen in
                        screen.split(separator: "\n").contains { line in
                            line.contains("\(story.user.name.split(separator: " ")[0]) ")
                                && line.contains(" — \(story.items.count) item")
                        }
                    },
                    "on to \(story.user.id): \(app.screen)")
            }
            try await app.send("Enter")
            // The viewer is up (a key sent before it opens moves the tray's selection instead).
            #expect(
                try await app.waitFor("1/\(stories[place.user].items.count)"),
                "the viewer on \(stories[place.user].user.id): \(app.screen)")
            try await app.send(Array(repeating: "Right", count: place.item))
            let label = "\(place.item + 1)/\(stories[place.user].items.count)"
            // The clip plays: its label counts its seconds.
            #expect(
                try await app.waitUntil { screen in
                    // Any second played counts: a busy machine may poll past 0:01.
                    screen.contains(label) && (1...9).contains { screen.contains("▶ 0:0\($0) /") }
                },
                "\(url.lastPathComponent) plays (\(stories[place.user].user.id) \(label)): \(app.screen)")
            try await app.send("q")
            #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        }
        try await app.send("q")
        #expect(try await app.waitForExit())
    }

    @Test func withoutItsSharedFilesItSaysWhatIsMissingAndExits78() async throws {
        let prefix = try await Self.install()
        try FileManager.default.removeItem(atPath: prefix + "/share/stories")
        let drawn = try await Self.run(prefix, ["render", "bundled://samples/astronaut-portrait.jpg", "--width", "20"])
        #expect(drawn.status == 78, "\(drawn.stderr)")
        #expect(drawn.stderr.contains("missing from the installation: looked in \(prefix)/share/stories"))
        #expect(drawn.stderr.contains("reinstall with Scripts/install") && !drawn.stderr.contains("Fatal error"))
        let doctor = try await Self.run(prefix, ["doctor", "--source", "bundled", "--store", "memory"])
        #expect(doctor.status == 78 && doctor.stderr.contains("content: the bundled sample"), "\(doctor.stderr)")
    }

    @Test func itsManualAndShellCompletionsAreInstalled() async throws {
        let prefix = try await Self.install()
        let manual = try String(contentsOfFile: prefix + "/share/man/man1/stories.1", encoding: .utf8)
        #expect(manual.contains(".Nm stories") && manual.contains("view"), "\(manual.prefix(300))")
        for file in ["zsh/site-functions/_stories", "fish/vendor_completions.d/stories.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/share/" + file), "\(file)")
        }
        // bash completes the words a flag accepts, and view's user ids from the source.
        func complete(_ words: [String]) async throws -> [String] {
            let script = """
                source "$1"; shift
                COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _stories stories "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try await StoriesProcess.execute(
                "/bin/bash", ["-c", script, "bash", prefix + "/share/bash-completion/completions/stories"] + words,
                environment: ["HOME": try TemporaryFolder.make(), "PATH": prefix + "/bin:/usr/bin:/bin"])
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(
            try await complete(["stories", "view", "--source", ""]) == ["auto", "picsum", "bundled", "file", "folder"])
        #expect(try await complete(["stories", "tray", "--store", ""]).contains("postgres"))
        let users = try await complete(["stories", "view", "--source", "bundled", "k"])
        #expect(users.contains("kai") && users.allSatisfy { $0.hasPrefix("k") }, "\(users)")
    }
}
