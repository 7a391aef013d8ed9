import FeedPaging
import Foundation
import Logging
import StoriesRuntime
import StoriesScreens
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import StoryNavigation
import StoryTerminal
import Synchronization
import Testing

/// The interactive loop driven in process: keys in, frames out, the clock and the screen's size
/// as values, no terminal. The rules the tmux tests check end to end, here without one.
@Suite("The interactive loop in process", .serialized, .timeLimit(.minutes(10)))
struct InteractiveLoopTests {
    /// The bundled samples' settings.
    static func root() throws -> Root {
        Root(
            settings: InteractiveLoop.Settings(
                source: "bundled", viewer: try ViewerConfiguration(), feed: try FeedPagingConfiguration(pageSize: 7),
                trayOrder: .unseenFirst, videoFrameRate: 0))
    }

    /// A session over the bundled stories, only `users` in the tray when given, images through
    /// `images` (the bundled loader when nil), state in `store` (a memory store when nil).
    static func session(
        _ root: Root, users: [UserID]? = nil,
        images: (@Sendable (any ImageLoading, URL, ImagePriority) async throws -> Data)? = nil,
        store: (any SeenLikeStoring)? = nil
    ) async throws -> InteractiveLoop.Session {
        let catalog = BundledCatalog()
        let chosen = users.map { users in catalog.stories.filter { users.contains($0.user.id) } } ?? catalog.stories
        let content = TestStoryContent(
            sourceName: "bundled",
            onStories: { request in
                let start = min(chosen.count, request.offset)
                let end = min(chosen.count, start + request.limit)
                return Page(
                    request: request, elements: Array(chosen[start..<end]),
                    nextPage: end < chosen.count ? request.page + 1 : nil)
            },
            onStory: { user in
                guard let story = chosen.first(where: { $0.user.id == user }) else {
                    throw StoryContentError.unknownUser(user)
                }
                return story
            })
        let bundled = BundledImageLoader()
        let chosenStore: any SeenLikeStoring
        if let store { chosenStore = store } else { chosenStore = try await root.makeStore() }
        return InteractiveLoop.Session(
            content: content, photos: BundledPhotoCatalog(catalog: catalog),
            images: { url, priority in
                if let images { return try await images(bundled, url, priority) }
                return try await bundled.imageData(for: url, priority: priority)
            }, store: chosenStore)
    }

    /// The picture of Ada's first item.
    static func adasFirstPicture(_ root: Root) async throws -> URL {
        let story = try #require(BundledCatalog().stories.first { $0.user.id == "ada" })
        guard case .image(let url) = story.items[0].media else { throw CancellationError() }
        return url
    }

    /// Half blocks in truecolour, as a terminal that answered nothing.
    static let display = TerminalDisplay(
        graphics: .symbols, detected: GraphicsDetection(mode: .symbols, reason: "a test"), depth: .truecolor)

    /// Runs the loop over `harness`; the task ends when the user quits.
    static func start(
        _ root: Root, _ harness: Harness,
        videos: @escaping @Sendable (Root) -> any VideoPlaying = { _ in TestVideoPlaying() },
        open: @escaping @Sendable (Root) async throws -> InteractiveLoop.Session
    ) -> Task<StoreWriter.Outcome, any Error> {
        let app = InteractiveLoop(
            settings: root.settings, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            openSession: { _ in try await open(root) }, makeVideos: { videos(root) })
        let io = harness.io
        return Task { try await app.run(io: io, display: display) }
    }

    /// Quits from the viewer or the tray and waits for the loop to end.
    static func quit(_ harness: Harness, _ run: Task<StoreWriter.Outcome, any Error>) async throws
        -> StoreWriter.Outcome
    {
        try await harness.press(.character("q"))
        if harness.screen.contains("/") { try await harness.press(.character("q")) }
        return try await run.value
    }

    @Test func keysBeforeTheSourceOpensDoNothingButQuit() async throws {
        let root = try Self.root()
        let harness = Harness()
        let gate = Gate()
        let run = Self.start(root, harness) { root in
            await gate.wait()
            return try await Self.session(root, users: ["ada", "grace"])
        }
        // The logo, and keys that would move and open: nothing happens before the source opens.
        try await harness.until("the first frame") { harness.frame != nil }
        try await harness.press(.arrow(.right, shift: false), .enter, .character("g"))
        try await Task.sleep(for: .milliseconds(100))
        #expect(!harness.screen.contains("Ada Lovelace"))
        gate.open()
        try await harness.waitFor("Ada Lovelace", "Grace Hopper")
        #expect(!harness.screen.contains("1/"), "the viewer opened on a key pressed before the source")
        // The selection did not move: Enter opens the first user.
        try await harness.press(.enter)
        try await harness.waitFor("Ada Lovelace", "1/5")
        let outcome = try await Self.quit(harness, run)
        #expect(outcome.unsaved == 0)

        // And q before the source opens quits, the source never opened.
        let waiting = Harness()
        let never = Self.start(root, waiting) { root in
            await Gate().wait()
            return try await Self.session(root)
        }
        try await waiting.until("the first frame") { waiting.frame != nil }
        try await waiting.press(.character("q"))
        _ = try await never.value
    }

    @Test func aResizeWhileThePictureLoadsDrawsItAtTheNewSizeAndTheClockWaitsForIt() async throws {
        let root = try Self.root()
        let harness = Harness()
        let gate = Gate()
        let first = try await Self.adasFirstPicture(root)
        let run = Self.start(root, harness) { root in
            try await Self.session(root, users: ["ada"]) { bundled, url, priority in
                if url == first { await gate.wait() }
                return try await bundled.imageData(for: url, priority: priority)
            }
        }
        try await harness.waitFor("Ada Lovelace")
        try await harness.press(.enter)
        try await harness.waitFor("1/5", "Loading…")
        // Time passes while the picture loads: the item's clock has not started.
        try await harness.tick(.seconds(10))
        try await harness.resize(columns: 60, rows: 20)
        try await harness.until("a 60×20 frame") { harness.frame?.width == 60 && harness.frame?.height == 20 }
        gate.open()
        try await harness.until("the picture drawn") {
            guard let frame = harness.frame, frame.width == 60, !harness.screen.contains("Loading…") else {
                return false
            }
            return (0..<frame.height).contains { y in (0..<frame.width).filter { frame[$0, y].text == "▀" }.count > 8 }
        }
        #expect(harness.screen.contains("1/5"), "the clock ran before the picture was shown:\n\(harness.screen)")
        // The picture was decoded for the new window: its rows fit between the header and the
        // footer (the 80×24 decode had 19 rows), the footer's counter intact.
        let frame = try #require(harness.frame)
        let rows = (0..<frame.height).filter { y in (0..<frame.width).filter { frame[$0, y].text == "▀" }.count > 8 }
        #expect(!rows.isEmpty && rows.count <= frame.height - 5, "picture rows \(rows)\n\(harness.screen)")
        #expect(harness.screen.split(separator: "\n").last?.contains("1/5") == true, "\(harness.screen)")
        _ = try await Self.quit(harness, run)
    }

    @Test func aFailedLoadIsSaidInPlaceStopsTheClockAndRetries() async throws {
        let root = try Self.root()
        let harness = Harness()
        let failing = Mutex(true)
        let first = try await Self.adasFirstPicture(root)
        let run = Self.start(root, harness) { root in
            try await Self.session(root, users: ["ada"]) { bundled, url, priority in
                if url == first, failing.withLock({ $0 }) {
                    throw URLError(.cannotConnectToHost)
                }
                return try await bundled.imageData(for: url, priority: priority)
            }
        }
        try await harness.waitFor("Ada Lovelace")
        try await harness.press(.enter)
        try await harness.waitFor("Couldn't load this item", "1/5")
        try await harness.tick(.seconds(30))
        try await Task.sleep(for: .milliseconds(50))
        #expect(harness.screen.contains("1/5"), "a failed item moved on:\n\(harness.screen)")
        failing.withLock { $0 = false }
        try await harness.press(.character("r"))
        try await harness.waitForThePicture()
        _ = try await Self.quit(harness, run)
    }

    @Test func aVideoThatEndsMovesTheViewerOn() async throws {
        let root = try Self.root()
        let harness = Harness()
        let playing = Mutex<(@Sendable (VideoPlaybackEvent) -> Void)?>(nil)
        let controls = Mutex<[String]>([])
        let videos = TestVideoPlaying(
            onPrepare: { _, clip, box, _ in
                .video(PreparedVideo(file: clip, box: box), first: TestVideoPlaying.picture(box))
            },
            onPlay: { _, video, events in
                events(.frame(TestVideoPlaying.picture(video.box, at: .seconds(1), grey: 200)))
                playing.withLock { $0 = events }
            },
            onControl: { control in controls.withLock { $0.append(control) } })
        let run = Self.start(
            root, harness, videos: { _ in videos }, open: { root in try await Self.session(root, users: ["kai"]) })
        try await harness.waitFor("Kai")
        try await harness.press(.enter)
        try await harness.waitFor("1/")
        // Kai's second item is the video: move to it, and it plays.
        try await harness.press(.arrow(.right, shift: false))
        try await harness.waitFor("2/")
        try await harness.until("the video to play") { playing.withLock { $0 != nil } }
        try await harness.waitFor("0:01")
        playing.withLock { $0 }?(.ended(VideoPlaybackStatistics(shown: 1)))
        try await harness.waitFor("3/")
        _ = try await Self.quit(harness, run)
        #expect(controls.withLock { $0.contains("shutDown") }, "the video role was not shut down at the end")
    }

    @Test func quittingWaitsForTheWritesStillPending() async throws {
        let root = try Self.root()
        let harness = Harness()
        let gate = Gate()
        let memory = try await root.makeStore()
        let store = TestSeenLikeStore(
            onMarkSeen: { item, user, index in try await memory.markSeen(item, user: user, index: index) },
            onSetLiked: { item, liked in
                await gate.wait()
                try await memory.setLiked(item, liked)
            },
            onLikedItems: { try await memory.likedItems(among: $0) },
            onProgress: { try await memory.progress(for: $0) })
        let run = Self.start(root, harness) { root in try await Self.session(root, users: ["ada"], store: store) }
        try await harness.waitFor("Ada Lovelace")
        try await harness.press(.enter)
        try await harness.waitFor("1/5")
        try await harness.waitForThePicture()  // shown: seen
        try await harness.press(.character("l"))
        try await harness.press(.character("q"))
        try await harness.waitFor("Ada Lovelace")
        try await harness.press(.character("q"))
        // The like waits on the store: the app has not ended.
        let ended = Mutex(false)
        let waiting = Task {
            let outcome = try await run.value
            ended.withLock { $0 = true }
            return outcome
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(!ended.withLock { $0 }, "the app ended with a write pending")
        #expect(try await memory.likedItems(among: ["ada-0"]).isEmpty)
        gate.open()
        let outcome = try await waiting.value
        #expect(outcome.unsaved == 0, "\(outcome)")
        #expect(try await memory.likedItems(among: ["ada-0"]) == ["ada-0"])
        #expect(try await memory.summary().seenItemIDs.contains("ada-0"))
    }
}
