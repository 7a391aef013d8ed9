import StoryImages
import StoryTerminal

/// The screens' colours, and their versions for a light background.
extension AppView {
    /// The brand's colour, for pictures (the splash's ring, half-block rings).
    static let brand = RGB(214, 41, 118)
    /// The accent for text: the brand's pink made lighter to read on dark themes (6.1:1 on
    /// #1c1c1c, where the brand's is 3.6:1); ``onLight`` darkens it on a light background.
    static let accent = RGB(245, 105, 170)
    static let dim = CellStyle(foreground: RGB(150, 150, 150))

    /// Text colours for a light background, for text on the terminal's own background: the
    /// grey of hints and ages was 2.96:1 on white, the liked heart's red 3.7:1, the accent 2.8:1;
    /// these are 6.9:1, 5.7:1 and 6.5:1 (WCAG asks 4.5:1 of text). On dark themes the
    /// originals are 6.3:1, 4.6:1 and 6.1:1 against #1c1c1c.
    static let onLight: [RGB: RGB] = [
        RGB(150, 150, 150): RGB(90, 90, 90), RGB(237, 73, 86): RGB(200, 30, 50), accent: RGB(180, 25, 95),
    ]

    /// Text colours for a background the terminal did not say (tmux, an xterm with colour
    /// queries off): mid tones readable on black and on white alike — the grey 4.5:1 on white
    /// and 3.9:1 on #1c1c1c, the red 4.6:1 and 3.9:1, the brand's pink 5.1:1 and 3.5:1 — where
    /// the dark theme's greys and pinks were 2.96:1 on white or worse.
    static let onAny: [RGB: RGB] = [
        RGB(150, 150, 150): RGB(118, 118, 118), RGB(237, 73, 86): RGB(210, 35, 55), accent: brand,
    ]

    /// Recolours text on the terminal's background with ``onLight``.
    static func readableOnLight(_ buffer: inout CellBuffer) { recolour(&buffer, onLight) }

    /// Recolours text on the terminal's background with ``onAny``.
    static func readableOnAny(_ buffer: inout CellBuffer) { recolour(&buffer, onAny) }

    private static func recolour(_ buffer: inout CellBuffer, _ palette: [RGB: RGB]) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                var cell = buffer[x, y]
                guard cell.style.background == nil, let colour = cell.style.foreground, let other = palette[colour]
                else { continue }
                cell.style.foreground = other
                buffer[x, y] = cell
            }
        }
    }
}
