/// The colour depth asked for (`terminal.color`, `--color`).
public enum ColorMode: String, CaseIterable, Hashable, Sendable {
    /// Detect from NO_COLOR, COLORTERM and TERM.
    case auto
    /// 24-bit colour.
    case truecolor
    /// The xterm 256-colour palette.
    case palette256 = "256"
    /// The 16 ANSI colours.
    case palette16 = "16"
    /// No colour: luminance drawn with characters.
    case none
}

/// The image protocol asked for (`terminal.graphics`, `--graphics`).
public enum GraphicsMode: String, CaseIterable, Hashable, Sendable {
    /// Ask the terminal: kitty, sixel or iTerm2 where it answers so, otherwise half blocks.
    case auto
    /// Half-block characters in colour; works everywhere.
    case symbols
    /// The kitty graphics protocol.
    case kitty
    /// iTerm2's inline images.
    case iterm2
    /// DEC sixel graphics.
    case sixel
}

/// What the terminal can show, decided once from the environment and the configuration
/// (PRODUCT.md §7). The same detection as chafa: truecolor only when COLORTERM or a known
/// TERM says so; 256 colours inside tmux or screen unless COLORTERM says more.
public struct TerminalCapabilities: Hashable, Sendable {
    /// The colour depth to draw with (never `.auto`).
    public var color: ColorMode
    /// The image protocol to draw with (never `.auto`).
    public var graphics: GraphicsMode

    /// Creates capabilities.
    public init(color: ColorMode, graphics: GraphicsMode) {
        self.color = color
        self.graphics = graphics
    }

    /// Resolves `auto` choices from environment variables; explicit choices win, except that
    /// NO_COLOR turns an `auto` colour off.
    public static func detect(
        environment: [String: String], color: ColorMode = .auto, graphics: GraphicsMode = .auto
    ) -> TerminalCapabilities {
        TerminalCapabilities(
            color: color == .auto ? detectColor(environment) : color,
            graphics: graphics == .auto ? detectGraphics(environment) : graphics)
    }

    private static func detectColor(_ environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        let trueColorTerms = ["xterm-kitty", "xterm-ghostty", "wezterm", "alacritty", "foot", "iterm2", "contour"]
        if term.hasSuffix("-direct") || trueColorTerms.contains(where: { term.hasPrefix($0) }) { return .truecolor }
        if names(term, contain: "256color") || term.hasPrefix("tmux") || term.hasPrefix("screen") { return .palette256 }
        return .palette16
    }

    /// Whether the terminal name `term` contains `word`, compared byte by byte (the standard
    /// library's `contains(_:)` on strings builds a search table on its first use: 0.7 M
    /// instructions of every command's start-up, for an ASCII word in a terminal name).
    private static func names(_ term: String, contain word: String) -> Bool {
        let name = Array(term.utf8)
        let part = Array(word.utf8)
        guard part.count <= name.count else { return false }
        return (0...(name.count - part.count)).contains { name[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Whether output goes through tmux or screen, which pass no graphics protocol through.
    public static func isMultiplexed(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    private static func detectGraphics(_ environment: [String: String]) -> GraphicsMode {
        if isMultiplexed(environment) { return .symbols }
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        if environment["TERM_PROGRAM"] == "iTerm.app" { return .iterm2 }
        return .symbols
    }
}
