import FeedPaging
import Foundation
public import Logging
import StoriesScreens
public import StoryInterfaces
import StoryModels
import StoryNavigation
public import StoryTerminal

/// The interactive app's runtime: the edges around StoriesScreens' pure update and view.
///
/// Input, clock ticks, resizes, the tray's feed and finished loads arrive as messages on one
/// stream; one loop applies each to the model, draws the view into a cell buffer and writes
/// only the cells that changed. Effects run as tasks that answer with messages. Store writes
/// go through one serial writer, in order, and are all finished before ``run(io:display:)``
/// returns. Everything it reads and writes comes in as values (``InteractiveIO``, the
/// session opener, the video role), so it runs the same in a terminal and in a test.
public struct InteractiveLoop: Sendable {
    /// What the screens are configured to do.
    public var settings: Settings
    /// Where the runtime logs (never the screen).
    public var logger: Logger
    /// Opens the content source and the store behind the logo; what a user should know goes to
    /// the closure (the log).
    public var openSession: @Sendable (@escaping @Sendable (String) -> Void) async throws -> Session
    /// The video role for the session.
    public var makeVideos: @Sendable () -> any VideoPlaying

    /// A loop over `settings`, opening its session with `openSession`.
    public init(
        settings: Settings, logger: Logger,
        openSession: @escaping @Sendable (@escaping @Sendable (String) -> Void) async throws -> Session,
        makeVideos: @escaping @Sendable () -> any VideoPlaying
    ) {
        self.settings = settings
        self.logger = logger
        self.openSession = openSession
        self.makeVideos = makeVideos
    }

    /// The loop: keys, clock ticks, resizes, the tray's feed and finished loads arrive from
    /// `io` as messages on one stream; each is applied to the model, the view drawn into a cell
    /// buffer and only the cells that changed written to `io`. Ends when the user quits, after
    /// every store write has finished or been given up; `io.restore` is the caller's.
    public func run(io: InteractiveIO, display: TerminalDisplay) async throws -> StoreWriter.Outcome {
        let logger = self.logger
        let accessible = settings.viewer.accessible
        let graphics = display.graphics
        // One stream in: the app's messages, and (once) the content source opened behind the logo.
        let (incoming, sender) = AsyncStream<LoopEvent>.makeStream()
        // The bytes go out in order at the terminal's pace; at the end the loop waits for the
        // last of them.
        let screen = ScreenOutput { sender.yield(.drained) }
        defer { screen.sync {} }
        let send: @Sendable (AppMessage) -> Void = { sender.yield(.message($0)) }
        let size = io.size()
        var model = AppModel(
            size: ScreenSize(columns: size.columns, rows: size.rows), source: settings.source,
            fallback: nil, depth: display.depth, graphics: graphics != .symbols,
            viewerConfiguration: settings.viewer)
        // What the terminal said of itself: its background (colours that contrast with it) and
        // its sixel limits (pictures never larger, palettes never richer).
        model.lightBackground = display.detected.isLightBackground
        model.backgroundKnown = display.detected.background != nil
        model.cell = io.cell()
        var writer = GraphicsScreen(mode: graphics, cell: io.cell(), depth: display.depth)
        writer.placeholders = display.behindTmux
        writer.sixelLimit = display.detected.sixelLimit
        writer.colorRegisters = display.detected.colorRegisters
        writer.kittyFiles = display.behindTmux ? nil : display.detected.kittyFiles
        var last: CellBuffer? = nil
        // After a Ctrl-Z the screen is the shell's until the continuation is seen: nothing is
        // drawn on it meanwhile.
        var awaitingContinuation = false
        func draw() {
            if awaitingContinuation { return }
            if accessible {
                // Plain lines on the main screen: every change as one sentence.
                let lines = model.announcements.map { TerminalText.sanitize($0) + "\n" }.joined()
                if !lines.isEmpty { screen.async { io.write(Array(lines.utf8)) } }
                return
            }
            guard screen.mayDraw() else { return }  // drawn when the terminal has caught up
            var drawn = AppView.render(model)
            // A playing video's frames in cells leave the cells that barely moved (and `drawn`
            // becomes what the screen shows); anything else is written exactly.
            let tolerance = model.viewer?.playing != nil ? TerminalRenderer.videoTolerance : 0
            let bytes = writer.frame(from: last, to: &drawn, tolerance: tolerance)
            let frame = drawn
            screen.frame({ if !bytes.isEmpty { io.write(bytes) } }, then: { io.drawn(frame) })
            last = frame
        }

        // Keys and clicks: read into a bounded queue; the loop is told when it stops being
        // empty and takes everything waiting at once.
        let keys = InputQueue(now: io.now)
        let stopInput = io.readInput(keys) { sender.yield(.input) }
        defer { stopInput() }
        let tasks = RunningTasks()
        defer { tasks.cancelAll() }
        tasks.run {
            for await size in io.resizes() { send(.resized(columns: size.columns, rows: size.rows)) }
        }
        tasks.run { for await _ in io.continuations() { sender.yield(.continued) } }
        // The clock ticks while the update wants it (the viewer is open), and only then.
        var clock: Task<Void, Never>? = nil
        defer { clock?.cancel() }
        draw()

        // Open the content source while the logo shows; the update lets only quitting act meanwhile.
        let openSession = self.openSession
        let opening = Task {
            do {
                sender.yield(.opened(.success(try await openSession { logger.warning("\($0)") })))
            } catch {
                sender.yield(.opened(.failure(error)))
            }
        }
        defer { opening.cancel() }
        var runner: EffectRunner? = nil
        var held = HeldKeys()
        let cellPixels = graphics == .symbols ? nil : io.cell

        loop: for await next in incoming {
            var messages: [AppMessage]
            switch next {
            case .opened(let result):
                let session = try result.get()
                runner = startEffects(session, cell: cellPixels, halfBlocks: io.cell, send: send, tasks: tasks)
                messages = [.sourceChosen(name: session.content.sourceName, fallback: session.fallback)]
            case .message(let received): messages = [received]
            case .input:
                let timed = keys.takeAllTimed()
                let events = timed.map(\.event)
                // kitty's answers to the screen's pictures: a refused one is sent again, and
                // one given up is not shown (its item is not seen).
                messages = []
                for case .graphicsReply(let reply) in events {
                    guard let refusal = writer.lost(reply) else { continue }
                    // kitty frees pictures that are not placed when its storage fills (a video's
                    // frames fill it): ENOENT for one is sent again, said in the log's detail
                    // only; a picture given up, or another refusal, is a warning.
                    if refusal.givenUp == nil, reply.contains("ENOENT") {
                        logger.debug(
                            "the terminal had freed a picture: sent again", metadata: ["reply": "\(refusal.message)"])
                    } else {
                        logger.warning("the terminal refused a picture", metadata: ["reply": "\(refusal.message)"])
                    }
                    if let key = refusal.givenUp {
                        messages.append(.viewer(.pictureNotShown(key: key, reason: Self.refusalReason(reply))))
                    }
                }
                for (event, at) in timed {
                    if case .graphicsReply = event { continue }
                    messages.append(held.message(for: event, at: at))
                }
            case .drained: messages = []  // a frame was held back: the screen is drawn as it is now
            case .continued:
                // Back from a stop: the screen was the shell's. Enter ours and draw it all.
                awaitingContinuation = false
                if !accessible {
                    let enter = TerminalSession.enterSequence(keyReleases: io.keyReleases)
                    screen.async { io.write(Array(enter.utf8)) }
                }
                let size = io.size()
                messages = [.resized(columns: size.columns, rows: size.rows)]
            }
            for message in messages {
                if case .resized = message {
                    last = nil  // the terminal's contents are unknown now: draw it all
                    writer.cell = io.cell()  // and the font may have changed
                    model.cell = writer.cell
                }
                let effects = AppUpdate.update(&model, message)
                for effect in effects {
                    if effect == .quit { break loop }
                    if effect == .suspend {
                        // The pictures go with the screen (kitty frees them; all are sent
                        // again after), then the terminal is given back and the app stops.
                        runner?.perform(.viewer(.pauseVideo), model: model, send: send, tasks: tasks)
                        draw()
                        let ending = writer.end()
                        screen.sync { if !ending.isEmpty { io.write(ending) } }
                        last = nil
                        awaitingContinuation = true
                        io.suspend()
                        continue
                    }
                    if case .viewer(.copyToClipboard(let text)) = effect {  // the terminal's clipboard: OSC 52
                        let copy = "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{1B}\\"
                        screen.async { io.write(Array(copy.utf8)) }
                        continue
                    }
                    // The update asks for nothing but quitting before the source is open.
                    runner?.perform(effect, model: model, send: send, tasks: tasks)
                }
                if model.isQuitting { break loop }
            }
            if AppUpdate.wantsClock(model) != (clock != nil) {
                clock?.cancel()
                let ticker = io.clock
                clock =
                    AppUpdate.wantsClock(model)
                    ? Task { for await time in ticker.ticks(every: .milliseconds(100)) { send(.tick(time)) } } : nil
            }
            if model.isQuitting { break }
            draw()
        }
        stopInput()
        runner?.player.stop()
        runner?.loads.cancelAll()
        runner?.player.shutDown()
        let ending = writer.end()
        if !ending.isEmpty { screen.async { io.write(ending) } }
        let outcome = await runner?.writer.finish() ?? StoreWriter.Outcome(unsaved: 0, reason: nil)
        logger.info("interactive app ended")
        return outcome
    }

    /// What arrives on the loop's stream.
    enum LoopEvent: Sendable {
        /// A message for the update.
        case message(AppMessage)
        /// The content source was opened (or could not be).
        case opened(Result<Session, any Error>)
        /// Keys wait in the input queue.
        case input
        /// The shell continued the app after a stop (Ctrl-Z, SIGTSTP).
        case continued
        /// The terminal caught up with a frame held back.
        case drained
    }

}
