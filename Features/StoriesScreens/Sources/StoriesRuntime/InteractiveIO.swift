import Foundation
public import Logging
public import StoryInterfaces
import StoryNavigation
public import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything the interactive loop reads from and writes to the world, as values (the way
/// Bubble Tea's program takes its input, output and size): the live terminal
/// (``live(_:)``), or a test's keys, clock and screen, so the loop's rules are tested in
/// process — keys in, frames out, no terminal.
public struct InteractiveIO: Sendable {
    /// The screen's size in cells now.
    public var size: @Sendable () -> (columns: Int, rows: Int)
    /// The cells' pixels now (the font may change on a resize).
    public var cell: @Sendable () -> CellPixels
    /// Writes bytes to the screen, in order; may block while the terminal does not read.
    public var write: @Sendable ([UInt8]) -> Void
    /// Starts reading keys and clicks into the queue, calling the closure each time it stops
    /// being empty; returns the stop.
    public var readInput: @Sendable (InputQueue, @escaping @Sendable () -> Void) -> @Sendable () -> Void
    /// The new size after each resize.
    public var resizes: @Sendable () -> AsyncStream<(columns: Int, rows: Int)>
    /// An element each time the shell continues the app after a stop.
    public var continuations: @Sendable () -> AsyncStream<Void>
    /// Gives the terminal back and stops the app (Ctrl-Z); returns once continued.
    public var suspend: @Sendable () -> Void
    /// Gives the terminal back as it was (the end, every way out).
    public var restore: @Sendable () -> Void
    /// The viewer's clock (ticks while the update wants them).
    public var clock: any ClockTicking
    /// Each frame drawn, after its bytes are written (nothing for the live terminal).
    public var drawn: @Sendable (CellBuffer) -> Void

    /// The world as values; `drawn` sees each frame after its bytes (for tests).
    public init(
        size: @escaping @Sendable () -> (columns: Int, rows: Int), cell: @escaping @Sendable () -> CellPixels,
        write: @escaping @Sendable ([UInt8]) -> Void,
        readInput: @escaping @Sendable (InputQueue, @escaping @Sendable () -> Void) -> @Sendable () -> Void,
        resizes: @escaping @Sendable () -> AsyncStream<(columns: Int, rows: Int)>,
        continuations: @escaping @Sendable () -> AsyncStream<Void>, suspend: @escaping @Sendable () -> Void,
        restore: @escaping @Sendable () -> Void, clock: any ClockTicking,
        drawn: @escaping @Sendable (CellBuffer) -> Void = { _ in }
    ) {
        self.size = size
        self.cell = cell
        self.write = write
        self.readInput = readInput
        self.resizes = resizes
        self.continuations = continuations
        self.suspend = suspend
        self.restore = restore
        self.clock = clock
        self.drawn = drawn
    }

    /// The terminal of `session` (standard input for keys), its signals and the system clock.
    public static func live(_ session: TerminalSession) -> InteractiveIO {
        InteractiveIO(
            size: { session.size },
            cell: { CellPixels.of(session.fileDescriptor) },
            write: { session.write($0) },
            readInput: { queue, ready in TerminalInput.read(fd: STDIN_FILENO, into: queue, ready: ready) },
            resizes: { session.resizes() },
            continuations: { session.continuations() },
            suspend: { session.suspend() },
            restore: { session.restore() },
            clock: ContinuousClockTicker())
    }
}

/// What the terminal is known to show, asked once before the loop starts.
public struct InteractiveDisplay: Sendable {
    /// Pictures in this protocol, or half blocks (`.symbols`).
    public var graphics: GraphicsMode
    /// kitty outside tmux: Unicode placeholders through tmux's passthrough.
    public var behindTmux = false
    /// What the terminal answered (background, sixel limits).
    public var detected: GraphicsDetection
    /// Colours the terminal shows.
    public var depth: ColorMode

    /// What the terminal showed when asked.
    public init(graphics: GraphicsMode, behindTmux: Bool = false, detected: GraphicsDetection, depth: ColorMode) {
        self.graphics = graphics
        self.behindTmux = behindTmux
        self.detected = detected
        self.depth = depth
    }
}

extension InteractiveDisplay {
    /// What the terminal shows: pictures in kitty, sixel or iTerm2's inline images where it
    /// speaks one (asked before the screen is taken, up to 1 s, on a thread of its own; inside
    /// tmux, kitty outside it through tmux's passthrough), its background and colours; logged.
    public static func detect(
        configured: GraphicsMode, color: ColorMode, accessible: Bool, environment: [String: String], logger: Logger
    ) async throws -> InteractiveDisplay {
        let detected =
            accessible
            ? GraphicsDetection(mode: .symbols, reason: "accessible mode")
            : try await OwnThread.run {
                GraphicsDetection.detect(
                    configured: configured, environment: environment, input: STDIN_FILENO, output: STDOUT_FILENO)
            }
        // Inside tmux with kitty outside: kitty's Unicode placeholders through tmux's passthrough.
        var behindTmux = false
        if !accessible, configured == .auto, detected.mode == .symbols, environment["TMUX"] != nil {
            behindTmux = await TmuxPassthrough.kittyOutside(environment)
        }
        let graphics: GraphicsMode =
            behindTmux ? .kitty : [.kitty, .sixel, .iterm2].contains(detected.mode) ? detected.mode : .symbols
        logger.info(
            "graphics",
            metadata: [
                "mode": "\(graphics.rawValue)",
                "why":
                    "\(behindTmux ? "kitty outside tmux: Unicode placeholders through passthrough" : detected.reason)",
            ])
        logger.info(
            "terminal",
            metadata: [
                "background": "\(detected.background.map { "\($0.r),\($0.g),\($0.b)" } ?? "unknown")",
                "sixelLimit": "\(detected.sixelLimit.map { "\($0.width)x\($0.height)" } ?? "none")",
                "colorRegisters": "\(detected.colorRegisters.map(String.init) ?? "unknown")",
            ])
        let depth = TerminalCapabilities.detect(environment: environment, color: color).color
        return InteractiveDisplay(graphics: graphics, behindTmux: behindTmux, detected: detected, depth: depth)
    }
}
