import Foundation
public import Logging
import StoryBase
import StoryImages
import StoryInterfaces
public import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
                "kittyFiles": "\(detected.kittyFiles ?? "no")",
            ])
        // A terminal that keeps a 24-bit colour it is given has it, whatever TERM says (xterm).
        var depth = detected.depth(
            TerminalCapabilities.detect(environment: environment, color: color).color, color: color)
        // Inside tmux without COLORTERM: tmux says whether the terminal outside has 24-bit colour.
        if color == .auto, depth != .truecolor, depth != .none, await TmuxPassthrough.truecolorOutside(environment) {
            depth = .truecolor
        }
        logger.info("colours", metadata: ["depth": "\(depth.rawValue)"])
        return InteractiveDisplay(graphics: graphics, behindTmux: behindTmux, detected: detected, depth: depth)
    }
}
