import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything the interactive loop reads from and writes to the world, as values (the way
/// Bubble Tea's program takes its input, output and size): the live terminal
/// (``live(_:)``), or a test's keys, clock and screen, so the loop's rules are tested in
/// process — keys in, frames out, no terminal.
struct InteractiveIO: Sendable {
    /// The screen's size in cells now.
    var size: @Sendable () -> (columns: Int, rows: Int)
    /// The cells' pixels now (the font may change on a resize).
    var cell: @Sendable () -> CellPixels
    /// Writes bytes to the screen, in order; may block while the terminal does not read.
    var write: @Sendable ([UInt8]) -> Void
    /// Starts reading keys and clicks into the queue, calling the closure each time it stops
    /// being empty; returns the stop.
    var readInput: @Sendable (InputQueue, @escaping @Sendable () -> Void) -> @Sendable () -> Void
    /// The new size after each resize.
    var resizes: @Sendable () -> AsyncStream<(columns: Int, rows: Int)>
    /// An element each time the shell continues the app after a stop.
    var continuations: @Sendable () -> AsyncStream<Void>
    /// Gives the terminal back and stops the app (Ctrl-Z); returns once continued.
    var suspend: @Sendable () -> Void
    /// Gives the terminal back as it was (the end, every way out).
    var restore: @Sendable () -> Void
    /// The viewer's clock (ticks while the update wants them).
    var clock: any ClockTicking
    /// Each frame drawn, after its bytes are written (nothing for the live terminal).
    var drawn: @Sendable (CellBuffer) -> Void = { _ in }

    /// The terminal of `session` (standard input for keys), its signals and the system clock.
    static func live(_ session: TerminalSession) -> InteractiveIO {
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
struct InteractiveDisplay: Sendable {
    /// Pictures in this protocol, or half blocks (`.symbols`).
    var graphics: GraphicsMode
    /// kitty outside tmux: Unicode placeholders through tmux's passthrough.
    var behindTmux = false
    /// What the terminal answered (background, sixel limits).
    var detected: GraphicsDetection
    /// Colours the terminal shows.
    var depth: ColorMode
}
