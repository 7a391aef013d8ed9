import Foundation
import Logging
import StoriesRuntime
import StoryInterfaces
import StoryNavigation
import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bare `stories` in a terminal: StoriesRuntime's loop wired to this configuration, the
/// content plugins, the store plugins and the video role, over the real terminal.
struct InteractiveApp {
    let root: CompositionRoot

    /// Runs the tray and viewer in the terminal until the user quits; the terminal is restored
    /// on every way out.
    ///
    /// The screen comes first: the logo is drawn and keys are read at once, and the content
    /// source is opened behind it (`auto` probes Picsum for up to 2 s); q and Ctrl-C quit
    /// meanwhile. The first page then loads in the background like every other.
    /// Returns what the store could not save by the end (nothing, normally).
    /// Runs the app, then says on stderr (the screen restored) what the store could not save.
    func runAndSayUnsaved() async throws {
        let outcome = try await run()
        if outcome.unsaved > 0 {
            StandardStreams.printError(
                "\(outcome.unsaved) change\(outcome.unsaved == 1 ? " was" : "s were") not saved: \(outcome.reason ?? "the store failed")"
            )
        }
    }

    @discardableResult
    func run() async throws -> StoreWriter.Outcome {
        let held = LogSink.holding()
        var root = root
        // Every part of the app logs through this root, so nothing writes onto the screen.
        root.logger = root.settings.log.makeLogger(holdingIn: held)
        defer { held.flushHeld() }
        let display = try await TerminalDisplay.detect(
            configured: root.settings.graphicsMode, color: root.settings.colorMode,
            accessible: root.settings.viewer.accessible, environment: ProcessInfo.processInfo.environment,
            logger: root.logger)
        // Key releases (hold space to pause) where the terminal speaks kitty's keyboard protocol.
        let releases = display.detected.keyboardProtocol && !root.settings.viewer.accessible
        let terminal = try TerminalSession(
            fileDescriptor: STDOUT_FILENO, fullScreen: !root.settings.viewer.accessible, keyReleases: releases)
        defer { terminal.restore() }
        return try await Self.loop(root).run(io: .live(terminal, keyReleases: releases), display: display)
    }

    /// The loop over `root`'s settings, its session opened by the plugins (`auto` falling back
    /// behind the logo; a shared store synced in the background).
    static func loop(_ root: CompositionRoot) -> InteractiveLoop {
        let settings = root.settings
        return InteractiveLoop(
            settings: InteractiveLoop.Settings(
                source: settings.contentSource, viewer: settings.viewer, feed: settings.feed,
                trayOrder: settings.trayOrder, videoFrameRate: settings.videoFrameRate),
            logger: root.logger,
            openSession: { say in
                // The held log says "warning stories: …" itself: the message without its own prefix.
                let session = try await ContentSession.open(root) {
                    say($0.hasPrefix("warning: ") ? String($0.dropFirst("warning: ".count)) : $0)
                }
                var store = session.store
                if let shared = store as? any SharedStateStoring {  // synced in the background
                    store = await shared.inBackground { if let problem = $0 { root.logger.info("sync: \(problem)") } }
                }
                return InteractiveLoop.Session(
                    content: session.content, photos: session.source.photos, fallback: session.fallback,
                    images: try session.prioritizedImageLoader(), store: store,
                    describe: { ErrorReport.message(for: $0) },
                    refusedForGood: { ErrorReport.status(for: $0) == .dataError })
            },
            makeVideos: { SharedImages.videoRuntime(root) })
    }
}
