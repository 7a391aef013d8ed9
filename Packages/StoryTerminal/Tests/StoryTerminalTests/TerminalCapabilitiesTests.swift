import StoryTerminal
import Testing

@Suite("Terminal capabilities")
struct TerminalCapabilitiesTests {
    @Test(arguments: [
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], ColorMode.truecolor),
        (["TERM": "xterm-256color"], .palette256),
        (["TERM": "tmux-256color", "TMUX": "/tmp/x"], .palette256),
        (["TERM": "screen", "COLORTERM": "24bit"], .truecolor),
        (["TERM": "xterm-kitty"], .truecolor),
        (["TERM": "xterm"], .palette16),
        (["TERM": "dumb"], .none),
        ([:], .none),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .palette256),
        (["TERM": "xterm-256color-italic"], .palette256), (["TERM": "rxvt-unicode-256COLOR"], .palette256),
        (["TERM": "256color"], .palette256), (["TERM": "xterm-256colo"], .palette16),
        (["TERM": "xterm-25"], .palette16),
    ])
    func colourDepthFromTheEnvironment(environment: [String: String], expected: ColorMode) {
        #expect(TerminalCapabilities.detect(environment: environment).color == expected)
    }

    @Test func explicitChoicesWin() {
        let caps = TerminalCapabilities.detect(
            environment: ["NO_COLOR": "1", "TERM": "xterm-kitty"], color: .palette16, graphics: .sixel)
        #expect(caps == TerminalCapabilities(color: .palette16, graphics: .sixel))
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], GraphicsMode.kitty),
        (["TERM": "xterm-kitty", "TMUX": "/tmp/t"], .symbols),
        (["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"], .iterm2),
        (["TERM": "xterm-256color"], .symbols),
    ])
    func graphicsFromTheEnvironment(environment: [String: String], expected: GraphicsMode) {
        #expect(TerminalCapabilities.detect(environment: environment).graphics == expected)
    }

    @Test func configurationValuesAreTheDocumentedOnes() {
        #expect(ColorMode.allCases.map(\.rawValue) == ["auto", "truecolor", "256", "16", "none"])
        #expect(GraphicsMode.allCases.map(\.rawValue) == ["auto", "symbols", "kitty", "iterm2", "sixel"])
    }
}
