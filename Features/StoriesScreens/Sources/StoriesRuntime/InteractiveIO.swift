import Foundation
import Logging
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
    /// Now, on a clock that only goes forward (how long a key or button is held).
    public var now: @Sendable () -> ContinuousClock.Instant
    /// Whether the terminal reports key releases (kitty's keyboard protocol, asked for on
    /// entering the screen and again after a stop).
    public var keyReleases: Bool

    /// The world as values; `drawn` sees each frame after its bytes (for tests).
    public init(
        size: @escaping @Sendable () -> (columns: Int, rows: Int), cell: @escaping @Sendable () -> CellPixels,
        write: @escaping @Sendable ([UInt8]) -> Void,
        readInput: @escaping @Sendable (InputQueue, @escaping @Sendable () -> Void) -> @Sendable () -> Void,
        resizes: @escaping @Sendable () -> AsyncStream<(columns: Int, rows: Int)>,
        continuations: @escaping @Sendable () -> AsyncStream<Void>, suspend: @escaping @Sendable () -> Void,
        restore: @escaping @Sendable () -> Void, clock: any ClockTicking,
        drawn: @escaping @Sendable (CellBuffer) -> Void = { _ in },
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, keyReleases: Bool = false
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
        self.now = now
        self.keyReleases = keyReleases
    }

    /// The terminal of `session` (standard input for keys), its signals and the system clock.
    public static func live(_ session: TerminalSession, keyReleases: Bool = false) -> InteractiveIO {
        InteractiveIO(
            size: { session.size },
            cell: { CellPixels.of(session.fileDescriptor) },
            write: { session.write($0) },
            readInput: { queue, ready in TerminalInput.read(fd: STDIN_FILENO, into: queue, ready: ready) },
            resizes: { session.resizes() },
            continuations: { session.continuations() },
            suspend: { session.suspend() },
            restore: { session.restore() },
            clock: ContinuousClockTicker(), keyReleases: keyReleases)
    }
}
