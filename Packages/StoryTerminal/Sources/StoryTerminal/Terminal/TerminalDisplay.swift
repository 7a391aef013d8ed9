/// What a terminal shows — pictures in a graphics protocol or half blocks, and how many
/// colours — decided once from its answers (``GraphicsDetection``), the configuration and tmux:
/// the one decision of the interactive screens, `stories render` and `stories doctor`.
public struct TerminalDisplay: Sendable {
    /// Pictures in this protocol, or half blocks (`.symbols`).
    public var graphics: GraphicsMode
    /// kitty outside tmux: Unicode placeholders through tmux's passthrough.
    public var behindTmux = false
    /// What the terminal answered (background, sixel limits, kitty's file folder).
    public var detected: GraphicsDetection
    /// Colours the terminal shows.
    public var depth: ColorMode

    /// What the terminal shows.
    public init(graphics: GraphicsMode, behindTmux: Bool = false, detected: GraphicsDetection, depth: ColorMode) {
        self.graphics = graphics
        self.behindTmux = behindTmux
        self.detected = detected
        self.depth = depth
    }

    /// `detected` with the configuration: kitty behind tmux where `placeholders` are drawn (the
    /// screens) and a kitty 0.28+ outside tmux takes them (with `enable`, passthrough is switched
    /// on for this pane); and the colour depth: the environment's (`color`, else COLORTERM and
    /// TERM), raised to 24-bit colour where the terminal keeps one it is given (xterm) or, inside
    /// tmux, where tmux says its client has it. Asking tmux runs a process and waits up to a
    /// second; outside tmux, or without `askTmux` (the output is not a terminal), nothing is
    /// asked.
    public static func decide(
        _ detected: GraphicsDetection, configured: GraphicsMode, color: ColorMode, environment: [String: String],
        placeholders: Bool, enable: Bool = true, askTmux: Bool = true
    ) async -> TerminalDisplay {
        var behindTmux = false
        if askTmux, placeholders, configured == .auto, detected.mode == .symbols, environment["TMUX"] != nil {
            behindTmux = await TmuxPassthrough.kittyOutside(environment, enable: enable)
        }
        let graphics: GraphicsMode =
            behindTmux ? .kitty : [.kitty, .sixel, .iterm2].contains(detected.mode) ? detected.mode : .symbols
        var depth = detected.depth(
            TerminalCapabilities.detect(environment: environment, color: color).color, color: color)
        if askTmux, color == .auto, depth != .truecolor, depth != .none,
            await TmuxPassthrough.truecolorOutside(environment)
        {
            depth = .truecolor
        }
        return TerminalDisplay(graphics: graphics, behindTmux: behindTmux, detected: detected, depth: depth)
    }
}
