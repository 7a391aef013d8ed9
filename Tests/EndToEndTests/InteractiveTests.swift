import Foundation
import Testing

@Suite(
    "The interactive tray and viewer, in tmux", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct InteractiveTests {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func storiesCommand(home: String, _ extra: String = "") -> String {
        "exec \(quoted(StoriesProcess.binary)) --source bundled --store-path \(quoted(home + "/state.sqlite")) \(extra)"
    }

    static func environment(home: String, itemDuration: String = "500ms") -> [String: String] {
        ["HOME": home, "STORIES_VIEWER_IMAGE_DURATION": itemDuration, "STORIES_TRAY_ORDER": "source"]
    }

    static let gray = "120;120;120"

    /// The escape-coded rows of the tray's first slot (Ada's avatar).
    static func firstSlot(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix(5).map {
            String($0.prefix(400))
        }
        .joined(separator: "\n")
    }

    /// The item the viewer shows ("3/5" → 3), from a screen.
    static func shownItem(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"(\d+)/5"#, options: .regularExpression) else { return nil }
        return Int(screen[range].split(separator: "/")[0])
    }

    @Test func viewAStoryToItsEndLikeQuitAndFindTheRingGrayAndTheLikeKept() async throws {
        let home = try TemporaryFolder.make()
        var likedItem = 1
        do {
            // Items of a minute, stepped through with →: every look finds the state it waits
            // for however late it comes (at 2 s an item, a look that waited its turn on a loaded
            // machine found the viewer users further on).
            let app = try await TmuxSession(
                Self.storiesCommand(home: home), environment: Self.environment(home: home, itemDuration: "60s"))
            #expect(try await app.waitFor("Ada Lovelace — 5 items, 0 seen"), "\(app.screen)")
            #expect(
                !Self.firstSlot(try await app.capture(escapes: true)).contains(Self.gray), "unseen: the gradient ring")
            // Open, pause on the item shown, like it, then step past the story's end.
            try await app.send("Enter")
            #expect(try await app.waitUntil { Self.shownItem($0) != nil }, "\(app.screen)")
            try await app.send("Space")
            #expect(try await app.waitFor("paused"), "\(app.screen)")
            #expect(app.screen.contains("Ada Lovelace"), "\(app.screen)")
            likedItem = try #require(Self.shownItem(app.screen), "\(app.screen)")
            try await app.send("l")
            #expect(try await app.waitFor("♥"), "\(app.screen)")
            // An item counts as seen once its picture shows: each is waited for before →.
            for item in likedItem...5 {
                #expect(
                    try await app.waitUntil { screen in
                        screen.contains("\(item)/5")
                            && VideoInteractiveTests.imageArea(screen).filter { $0 == "▀" || $0 == "▄" }.count > 100
                    }, "item \(item)'s picture: \(app.screen)")
                try await app.send("Right")
            }
            #expect(try await app.waitUntil { $0.contains("Grace Hopper") && $0.contains("1/5") }, "\(app.screen)")
            try await app.send("q")
            #expect(try await app.waitFor("Enter to view"), "back in the tray")
            try await app.send("q")
            #expect(try await app.waitForExit(), "q in the tray quits")
        }
        let state = try await StoriesProcess.run(
            ["state", "--json", "--store-path", home + "/state.sqlite"], home: home)
        let report = try #require(JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        let seen = Set(report["seenItemIds"] as? [String] ?? [])
        #expect(seen.isSuperset(of: ["ada-0", "ada-1", "ada-2", "ada-3", "ada-4"]), "\(seen)")
        // The item the pause held, kept.
        let liked = report["likedItemIds"] as? [String] ?? []
        #expect(liked == ["ada-\(likedItem - 1)"], "\(liked), item \(likedItem)")

        // Items of a minute: stepping to the liked item ends the pause (a move resumes), and at
        // 500 ms an item a loaded machine's screen capture missed it and the viewer ran on.
        let again = try await TmuxSession(
            Self.storiesCommand(home: home), environment: Self.environment(home: home, itemDuration: "60s"))
        #expect(try await again.waitFor("Ada Lovelace — 5 items, 5 seen"), "\(again.screen)")
        #expect(Self.firstSlot(try await again.capture(escapes: true)).contains(Self.gray), "all seen: the gray ring")
        try await again.send("Enter")
        #expect(try await again.waitUntil { Self.shownItem($0) != nil }, "\(again.screen)")
        try await again.send("Space")
        #expect(try await again.waitFor("paused"), "\(again.screen)")
        // Paused where the story opened: step to the liked one.
        let shown = try #require(Self.shownItem(again.screen), "\(again.screen)")
        for _ in 0..<max(0, likedItem - shown) { try await again.send("Right") }
        for _ in 0..<max(0, shown - likedItem) { try await again.send("Left") }
        #expect(
            try await again.waitUntil { $0.contains("\(likedItem)/5") && $0.contains("♥") },
            "the like was kept: \(again.screen)")
        try await again.send("q")
        #expect(try await again.waitFor("Enter to view"), "back in the tray: \(again.screen)")
        try await again.send("q")
        #expect(try await again.waitForExit(), "q in the tray quits: \(again.screen)")
    }

    /// Tiny windows never end the app: the viewer, the gallery and a photo's detail survive
    /// 1×1, 4×2, 10×1 and 1×10 and draw again when the window grows back.
    @Test func tinyWindowsNeitherKillTheAppNorLoseTheScreen() async throws {
        let home = try TemporaryFolder.make()
        let app = try await TmuxSession(
            Self.storiesCommand(home: home, "--store memory"),
            // Items of a minute: the first is still up when a loaded machine's look comes.
            environment: Self.environment(home: home, itemDuration: "60s"))
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        func shrinkAndGrow(expecting text: String) async throws {
            for (columns, rows) in [(1, 1), (4, 2), (10, 1), (1, 10), (20, 8), (40, 12)] {
                try await app.resize(width: columns, height: rows)
                try await LiveThreads.sleep(for: .milliseconds(150))
                #expect(try await app.isRunning(), "ended at \(columns)×\(rows)")
            }
            try await app.resize(width: 120, height: 40)
            #expect(try await app.waitFor(text), "\(app.screen)")
        }
        try await app.send("Enter")
        #expect(try await app.waitFor("1/5"), "\(app.screen)")
        try await app.send("Space")  // paused: the story stays on screen however long the resizes take
        #expect(try await app.waitFor("paused"), "\(app.screen)")
        try await shrinkAndGrow(expecting: "paused")
        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("g")
        #expect(try await app.waitFor("▸ "), "\(app.screen)")
        try await shrinkAndGrow(expecting: "▸ ")
        try await app.send("Enter")
        #expect(try await app.waitFor("download:"), "\(app.screen)")
        try await shrinkAndGrow(expecting: "download:")
        try await app.send("q", "q", "q")
        #expect(try await app.waitForExit())
    }

    /// Images that fail log warnings at the default level; none reaches the full-screen view
    /// (the image loader logged through the root's stderr logger, not the screen-safe one).
    /// They are written to stderr once the screen is gone.
    @Test func logMessagesNeverReachTheScreen() async throws {
        let home = try TemporaryFolder.make()
        let file = home + "/stories.json"
        try TemporaryFolder.write(
            #"""
            {"data":[{"id":"0","user":{"username":"neo","profile_picture":"http://127.0.0.1:9/avatar.jpg"},
              "snap_count":1,"snaps":[{"media_type":"image","media_url":"http://127.0.0.1:9/1.jpg"}]}]}
            """#, to: file)
        let command =
            "\(Self.quoted(StoriesProcess.binary)) --source file --stories-file \(Self.quoted(file)) --store memory; sleep 600"
        let app = try await TmuxSession(command, environment: ["HOME": home, "STORIES_NETWORK_RETRIES": "0"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("Couldn't load this item"), "\(app.screen)")
        #expect(!app.screen.contains("image failed"), "\(app.screen)")
        try await app.send("q", "q")
        #expect(try await app.waitFor("image failed"), "written after the screen is gone: \(app.screen)")
    }

    /// Against a Picsum that accepts connections and never answers, the logo shows at once and
    /// q quits within a moment, for `picsum` and for `auto` (whose probe runs behind the logo).
    @Test(arguments: ["picsum", "auto"])
    func aHangingNetworkNeverFreezesTheStart(source: String) async throws {
        let server = try SilentServer()
        let home = try TemporaryFolder.make()
        let app = try await TmuxSession(
            "exec \(Self.quoted(StoriesProcess.binary)) --source \(source) --store memory",
            environment: ["HOME": home, "STORIES_PICSUM_BASE_URL": server.baseURL])
        #expect(try await app.waitFor("loading…"), "the logo at once: \(app.screen)")
        #expect(app.screen.contains("Stories"))
        try await app.send("q")
        // The network's timeout is 15 s with 3 retries: a q that waited for it outlasts this wait.
        #expect(try await app.waitForExit(), "q quits: \(app.screen)")
        withExtendedLifetime(server) {}
    }

    @Test func sigtermRestoresTheTerminal() async throws {
        let home = try TemporaryFolder.make()
        let pidFile = home + "/pid"
        let sttyFile = home + "/stty"
        // The app in the background with the terminal as its input; afterwards the shell
        // records the terminal's mode.
        let command =
            "sh -c \(Self.quoted("\(Self.quoted(StoriesProcess.binary)) --source bundled --store memory </dev/tty & echo $! > \(Self.quoted(pidFile)); wait $!; stty -a > \(Self.quoted(sttyFile)); sleep 600"))"
        let app = try await TmuxSession(command, environment: ["HOME": home])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        #expect(try await app.alternateScreenIsOn())
        let pid = try #require(
            Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGTERM) == 0)
        let deadline = ContinuousClock.now + .seconds(10)
        // The shell writes the file after the app has exited: wait until it holds a whole line.
        var mode = ""
        while !mode.hasSuffix("\n"), ContinuousClock.now < deadline {
            try await LiveThreads.sleep(for: .milliseconds(50))
            mode = (try? String(contentsOfFile: sttyFile, encoding: .utf8)) ?? ""
        }
        #expect(mode.contains(" icanon") && mode.contains(" echo ") && !mode.contains("-icanon"), "\(mode)")
        #expect(
            !(try await app.alternateScreenIsOn()),
            "main screen back")
    }

    @Test func threeHundredPressesInTheTrayKeepMemoryBounded() async throws {
        let home = try TemporaryFolder.make()
        let app = try await TmuxSession(
            Self.storiesCommand(home: home, "--store memory"),
            environment: ["HOME": home, "STORIES_FEED_PAGE_SIZE": "10"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        let pid = try #require(try await app.panePID())
        func press(_ count: Int) async throws {
            for _ in 0..<(count / 10) { try await app.send(Array(repeating: "Right", count: 10)) }
            try await LiveThreads.sleep(for: .milliseconds(500))
        }
        try await press(50)  // a round of the 43 bundled users: every avatar decoded once
        let early = try #require(residentKiB(pid))
        try await press(300)
        #expect(try await app.waitFor("Enter to view"), "still responsive")
        let late = try #require(residentKiB(pid))
        #expect(Double(late) <= Double(early) * 1.2 + 2048, "RSS \(early) KiB after 50 presses, \(late) KiB after 350")
        try await app.send("q")
        #expect(try await app.waitForExit())
    }
}

@Suite(
    "The gallery and accessible mode, in tmux", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct GalleryAndAccessibleTmuxTests {
    @Test func theGalleryScrollsPastItsFirstPageRefreshesAndOpensADetail() async throws {
        let home = try TemporaryFolder.make()
        let app = try await TmuxSession(
            InteractiveTests.storiesCommand(home: home, "--store memory"),
            environment: ["HOME": home, "STORIES_FEED_PAGE_SIZE": "4", "STORIES_FEED_PREFETCH_DISTANCE": "1"])
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("g")
        #expect(try await app.waitFor("bundled photos"), "\(app.screen)")
        #expect(try await app.waitFor("▸ NASA"), "the first photo selected: \(app.screen)")
        for _ in 0..<4 { try await app.send("Down") }
        // Pages of 4: moving four rows down (6 photos a row at 120 columns) needs several pages.
        #expect(
            try await app.waitUntil { screen in
                guard let range = screen.range(of: #"(\d+) loaded"#, options: .regularExpression) else { return false }
                return (Int(screen[range].split(separator: " ")[0]) ?? 0) > 8
            }, "more pages loaded (three of the 12 photos' pages; the gallery never repeats them): \(app.screen)")
        try await app.send("r")
        // Refreshed: the first photo selected on the first grid row (its author line is row 8),
        // and the reload finished, so the next keys act on the new list.
        #expect(
            try await app.waitUntil { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count > 8 && lines[8].contains("▸ NASA") && !screen.contains("loading")
            }, "refreshed from page 1: \(app.screen)")
        try await app.send("Right", "Enter")
        #expect(try await app.waitFor("download: bundled://samples/"), "\(app.screen)")
        #expect(try await app.waitFor("James S. Davis"))
        try await app.send("Escape")
        #expect(try await app.waitFor("▸ James S. Davis"), "back on the grid, the selection kept: \(app.screen)")
        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "q in the gallery goes back to the tray")
        try await app.send("q")
        #expect(try await app.waitForExit())
    }

    @Test func accessibleModePrintsSentencesAndKeepsState() async throws {
        let home = try TemporaryFolder.make()
        let app = try await TmuxSession(
            InteractiveTests.storiesCommand(home: home, "--accessible"),
            environment: ["HOME": home, "STORIES_TRAY_ORDER": "source"])
        #expect(try await app.waitFor("Ada Lovelace, 5 items, 0 seen, new. 1 of 30."), "\(app.screen)")
        #expect(!(try await app.alternateScreenIsOn()))
        try await app.send("Enter")
        #expect(try await app.waitFor("Photo 1 of 5 by Ada Lovelace"), "\(app.screen)")
        try await app.send("l")
        #expect(try await app.waitFor("Liked photo 1 of 5 by Ada Lovelace."), "\(app.screen)")
        // A second with nothing pressed: at least a second passes, however busy the machine.
        try await LiveThreads.sleep(for: .seconds(1))
        #expect(!(try await app.capture()).contains("Photo 2 of 5"), "no auto-advance")
        try await app.send("n")
        #expect(try await app.waitFor("Photo 2 of 5 by Ada Lovelace"))
        try await app.send("q")
        #expect(try await app.waitFor("Viewer closed."))
        try await app.send("q")
        #expect(try await app.waitForExit(), "q in the tray quits: \(app.screen)")
        // Its last writes finish before it exits: the state is read once.
        let state = try await StoriesProcess.run(
            ["state", "--json", "--store-path", home + "/state.sqlite"], home: home)
        #expect(state.stdout.contains(#""likedItemIds":["ada-0"]"#), "\(state.stdout)")
        #expect(state.stdout.contains(#""seenItems":2"#), "\(state.stdout)")
    }
}
