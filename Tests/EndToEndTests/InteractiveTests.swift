import Foundation
import Testing

@Suite(
    "The interactive tray and viewer, in tmux", .serialized, .timeLimit(.minutes(2)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct InteractiveTests {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func storiesCommand(home: String, _ extra: String = "") -> String {
        "exec \(quoted(StoriesProcess.binary)) --source bundled --store-path \(quoted(home + "/state.sqlite")) \(extra)"
    }

    static func environment(home: String) -> [String: String] {
        ["HOME": home, "STORIES_VIEWER_IMAGE_DURATION": "500ms", "STORIES_TRAY_ORDER": "source"]
    }

    static let gray = "120;120;120"

    /// The escape-coded rows of the tray's first slot (Ada's avatar).
    static func firstSlot(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix(5).map {
            String($0.prefix(400))
        }
        .joined(separator: "\n")
    }

    @Test func viewAStoryToItsEndLikeQuitAndFindTheRingGrayAndTheLikeKept() throws {
        let home = try TemporaryFolder.make()
        do {
            let app = try TmuxSession(Self.storiesCommand(home: home), environment: Self.environment(home: home))
            #expect(try app.waitFor("Ada Lovelace — 5 items, 0 seen"), "\(app.screen)")
            #expect(!Self.firstSlot(try app.capture(escapes: true)).contains(Self.gray), "unseen: the gradient ring")
            try app.send("Enter")
            #expect(try app.waitFor("1/5"), "\(app.screen)")
            try app.send("l")
            #expect(try app.waitFor("♥"))
            // Auto-advance (500 ms an item) runs Ada's story to its end and on to Grace's.
            #expect(try app.waitUntil { $0.contains("Grace Hopper") && $0.contains("/5") }, "\(app.screen)")
            try app.send("q")
            #expect(try app.waitFor("Enter to view"), "back in the tray")
            try app.send("q")
            #expect(try app.waitForExit(), "q in the tray quits")
        }
        let state = try StoriesProcess.run(["state", "--json", "--store-path", home + "/state.sqlite"], home: home)
        let report = try #require(JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
        let seen = Set(report["seenItemIds"] as? [String] ?? [])
        #expect(seen.isSuperset(of: ["ada-0", "ada-1", "ada-2", "ada-3", "ada-4"]), "\(seen)")
        #expect(report["likedItemIds"] as? [String] == ["ada-0"])

        let again = try TmuxSession(Self.storiesCommand(home: home), environment: Self.environment(home: home))
        #expect(try again.waitFor("Ada Lovelace — 5 items, 5 seen"), "\(again.screen)")
        #expect(Self.firstSlot(try again.capture(escapes: true)).contains(Self.gray), "all seen: the gray ring")
        try again.send("Enter")
        #expect(try again.waitUntil { $0.contains("1/5") && $0.contains("♥") }, "the like was kept: \(again.screen)")
        try again.send("q", "q")
        #expect(try again.waitForExit())
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let home = try TemporaryFolder.make()
        let pidFile = home + "/pid"
        let sttyFile = home + "/stty"
        // The app in the background with the terminal as its input; afterwards the shell
        // records the terminal's mode.
        let command =
            "sh -c \(Self.quoted("\(Self.quoted(StoriesProcess.binary)) --source bundled --store memory </dev/tty & echo $! > \(Self.quoted(pidFile)); wait $!; stty -a > \(Self.quoted(sttyFile)); sleep 30"))"
        let app = try TmuxSession(command, environment: ["HOME": home])
        #expect(try app.waitFor("Enter to view"), "\(app.screen)")
        #expect(try app.tmux(["display-message", "-p", "-t", app.name, "#{alternate_on}"]).stdout.hasPrefix("1"))
        let pid = try #require(
            Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGTERM) == 0)
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: sttyFile), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.2)
        let mode = try String(contentsOfFile: sttyFile, encoding: .utf8)
        #expect(mode.contains(" icanon") && mode.contains(" echo ") && !mode.contains("-icanon"), "\(mode)")
        #expect(
            try app.tmux(["display-message", "-p", "-t", app.name, "#{alternate_on}"]).stdout.hasPrefix("0"),
            "main screen back")
    }

    @Test func threeHundredPressesInTheTrayKeepMemoryBounded() throws {
        let home = try TemporaryFolder.make()
        let app = try TmuxSession(
            Self.storiesCommand(home: home, "--store memory"),
            environment: ["HOME": home, "STORIES_FEED_PAGE_SIZE": "10"])
        #expect(try app.waitFor("Enter to view"), "\(app.screen)")
        let pid = try #require(try app.panePID())
        func press(_ count: Int) throws {
            for _ in 0..<(count / 10) { try app.send(Array(repeating: "Right", count: 10)) }
            Thread.sleep(forTimeInterval: 0.5)
        }
        try press(50)  // a round of the 43 bundled users: every avatar decoded once
        let early = try #require(residentKiB(pid))
        try press(300)
        #expect(try app.waitFor("Enter to view"), "still responsive")
        let late = try #require(residentKiB(pid))
        #expect(Double(late) <= Double(early) * 1.2 + 2048, "RSS \(early) KiB after 50 presses, \(late) KiB after 350")
        try app.send("q")
        #expect(try app.waitForExit())
    }
}

extension TmuxSession {
    func send(_ keys: [String]) throws { try tmux(["send-keys", "-t", name] + keys) }
}

@Suite(
    "The gallery and accessible mode, in tmux", .serialized, .timeLimit(.minutes(2)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct GalleryAndAccessibleTmuxTests {
    @Test func theGalleryScrollsPastItsFirstPageRefreshesAndOpensADetail() throws {
        let home = try TemporaryFolder.make()
        let app = try TmuxSession(
            InteractiveTests.storiesCommand(home: home, "--store memory"),
            environment: ["HOME": home, "STORIES_FEED_PAGE_SIZE": "4", "STORIES_FEED_PREFETCH_DISTANCE": "1"])
        #expect(try app.waitFor("Enter to view"), "\(app.screen)")
        try app.send("g")
        #expect(try app.waitFor("bundled photos"), "\(app.screen)")
        #expect(try app.waitFor("▸ Alejandro Escam"), "the first photo selected: \(app.screen)")
        for _ in 0..<4 { try app.send("Down") }
        // Pages of 4: moving four rows down (6 photos a row at 120 columns) needs several pages.
        #expect(
            try app.waitUntil { screen in
                guard let range = screen.range(of: #"(\d+) loaded"#, options: .regularExpression) else { return false }
                return (Int(screen[range].split(separator: " ")[0]) ?? 0) > 12
            }, "more pages loaded: \(app.screen)")
        try app.send("r")
        // Refreshed: the first photo selected on the first grid row (its author line is row 8),
        // and the reload finished, so the next keys act on the new list.
        #expect(
            try app.waitUntil { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count > 8 && lines[8].contains("▸ Alejandro Escam") && !screen.contains("loading")
            }, "refreshed from page 1: \(app.screen)")
        Thread.sleep(forTimeInterval: 0.3)
        try app.send("Right", "Enter")
        #expect(try app.waitFor("download: bundled://samples/"), "\(app.screen)")
        #expect(try app.waitFor("Paul Jarvis"))
        try app.send("Escape")
        #expect(try app.waitFor("▸ Paul Jarvis"), "back on the grid, the selection kept: \(app.screen)")
        try app.send("q")
        #expect(try app.waitFor("Enter to view"), "q in the gallery goes back to the tray")
        try app.send("q")
        #expect(try app.waitForExit())
    }

    @Test func accessibleModePrintsSentencesAndKeepsState() throws {
        let home = try TemporaryFolder.make()
        let app = try TmuxSession(
            "\(InteractiveTests.storiesCommand(home: home, "--accessible")); sleep 30",
            environment: ["HOME": home, "STORIES_TRAY_ORDER": "source"])
        #expect(try app.waitFor("Ada Lovelace, 5 items, 0 seen, new. 1 of 30."), "\(app.screen)")
        #expect(try app.tmux(["display-message", "-p", "-t", app.name, "#{alternate_on}"]).stdout.hasPrefix("0"))
        try app.send("Enter")
        #expect(try app.waitFor("Photo 1 of 5 by Ada Lovelace"), "\(app.screen)")
        try app.send("l")
        #expect(try app.waitFor("Liked photo 1 of 5 by Ada Lovelace."), "\(app.screen)")
        Thread.sleep(forTimeInterval: 1)
        #expect(!app.screen.contains("Photo 2 of 5"), "no auto-advance")
        try app.send("n")
        #expect(try app.waitFor("Photo 2 of 5 by Ada Lovelace"))
        try app.send("q")
        #expect(try app.waitFor("Viewer closed."))
        try app.send("q")
        #expect(try app.waitUntil { !$0.contains("\u{1B}") })
        Thread.sleep(forTimeInterval: 0.5)
        let state = try StoriesProcess.run(["state", "--json", "--store-path", home + "/state.sqlite"], home: home)
        #expect(state.stdout.contains(#""likedItemIds":["ada-0"]"#), "\(state.stdout)")
        #expect(state.stdout.contains(#""seenItems":2"#), "\(state.stdout)")
    }
}
