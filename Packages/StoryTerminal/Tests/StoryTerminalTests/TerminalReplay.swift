import StoryImages
import Testing

@testable import StoryTerminal

/// A small terminal for the renderer's tests: what the screen shows after the renderer's bytes.
enum TerminalReplay {
    /// What a terminal shows after `bytes` over `screen`: positions (CUP), forward moves (CUF),
    /// the styles this renderer writes and the characters.
    static func play(_ bytes: [UInt8], over screen: CellBuffer) -> CellBuffer {
        var screen = screen
        var (x, y) = (0, 0)
        var style = CellStyle.plain
        var index = 0
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while index < text.count {
            if text[index] == "\u{1B}", index + 1 < text.count, text[index + 1] == "]" {
                // OSC (a hyperlink): up to its ESC \, drawing nothing.
                var end = index + 2
                while end + 1 < text.count, !(text[end] == "\u{1B}" && text[end + 1] == "\\") { end += 1 }
                index = end + 2
                continue
            }
            if text[index] == "\u{1B}", index + 1 < text.count, text[index + 1] == "[" {
                var end = index + 2
                while !("@"..."~").contains(text[end]) { end += 1 }
                let parameters = String(String.UnicodeScalarView(text[(index + 2)..<end]))
                let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                switch text[end] {
                case "H": (y, x) = (numbers[0] - 1, numbers[1] - 1)
                case "C": x += max(1, numbers.first ?? 1)
                case "J": screen = CellBuffer(width: screen.width, height: screen.height)
                case "m":
                    // What a terminal keeps between sequences: only 0 (or nothing) resets.
                    var k = 0
                    while k < numbers.count {
                        switch numbers[k] {
                        case 38, 48:
                            let color = RGB(UInt8(numbers[k + 2]), UInt8(numbers[k + 3]), UInt8(numbers[k + 4]))
                            if numbers[k] == 38 { style.foreground = color } else { style.background = color }
                            k += 5
                            continue
                        case 0: style = .plain
                        case 1: style.bold = true
                        case 22: style.bold = false
                        case 39: style.foreground = nil
                        case 49: style.background = nil
                        default: Issue.record("unexpected SGR parameter \(numbers[k])")
                        }
                        k += 1
                    }
                default: Issue.record("unexpected sequence \(parameters)\(text[end])")
                }
                index = end + 1
                continue
            }
            screen[x, y] = Cell(String(text[index]), style: style)
            x += 1
            index += 1
        }
        return screen
    }
}
