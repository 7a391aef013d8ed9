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

extension TerminalDisplay {
    /// What the terminal shows: pictures in kitty, sixel or iTerm2's inline images where it
    /// speaks one (asked before the screen is taken, up to 1 s, on a thread of its own; inside
    /// tmux, kitty outside it through tmux's passthrough), its background and colours; logged.
    public static func detect(
        configured: GraphicsMode, color: ColorMode, accessible: Bool, environment: [String: String], logger: Logger
    ) async throws -> TerminalDisplay {
        let detected =
            accessible
            ? GraphicsDetection(mode: .symbols, reason: "accessible mode")
            : try await OwnThread.run {
                GraphicsDetection.detect(
                    configured: configured, environment: environment, input: STDIN_FILENO, output: STDOUT_FILENO)
            }
        let display = await TerminalDisplay.decide(
            detected, configured: configured, color: color, environment: environment, placeholders: !accessible)
        logger.info(
            "graphics",
            metadata: [
                "mode": "\(display.graphics.rawValue)",
                "why":
                    "\(display.behindTmux ? "kitty outside tmux: Unicode placeholders through passthrough" : detected.reason)",
            ])
        logger.info(
            "terminal",
            metadata: [
                "background": "\(detected.background.map { "\($0.r),\($0.g),\($0.b)" } ?? "unknown")",
                "sixelLimit": "\(detected.sixelLimit.map { "\($0.width)x\($0.height)" } ?? "none")",
                "colorRegisters": "\(detected.colorRegisters.map(String.init) ?? "unknown")",
                "kittyFiles": "\(detected.kittyFiles ?? "no")",
            ])
        logger.info("colours", metadata: ["depth": "\(display.depth.rawValue)"])
        return display
    }
}
