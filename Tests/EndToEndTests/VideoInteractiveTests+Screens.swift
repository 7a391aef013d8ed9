import Foundation
import StoryInterfacesTestSupport

/// Reading the video tests' screens (the first segment, the picture) and the app's processes.
extension VideoInteractiveTests {
    /// The first segment's filled cells and its width, from the escape-coded top row (filled
    /// cells are drawn in 245;245;245, or the terminal's own foreground where the background is unknown).
    static func firstSegment(_ screen: String) -> (filled: Int, width: Int) {
        let row = String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        var filled = 0
        var width = 0
        var colour = ""
        var rest = Substring(row)
        while let first = rest.first {
            if first == "\u{1B}", let end = rest.firstIndex(of: "m") {
                let code = String(rest[rest.startIndex...end])
                if code.contains("38;2;") { colour = code }
                if code == "\u{1B}[0m" || code == "\u{1B}[39m" || code == "\u{1B}[m" { colour = "" }
                rest = rest[rest.index(after: end)...]
                continue
            }
            rest = rest.dropFirst()
            if first == " " && width > 0 { break }  // the gap after the first segment
            guard first == "━" else { continue }
            width += 1
            // Done: 245;245;245 on a dark background, the terminal's own foreground where the
            // background is not known (tmux does not say it).
            if colour.contains("245;245;245") || colour.isEmpty { filled += 1 }
        }
        return (filled, width)
    }

    /// `screen` without its SGR escapes.
    static func plain(_ screen: String) -> String {
        screen.replacing(/\x1B\[[0-9;:]*m/, with: "")
    }

    /// The seconds the first segment shows played of an 8 s video.
    static func played(_ screen: String) -> Double {
        let (filled, width) = firstSegment(screen)
        return width == 0 ? 0 : 8 * Double(filled) / Double(width)
    }

    /// The image area's rows (escapes kept), from row 3 to the gap row.
    static func imageArea(_ screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.dropFirst(3).prefix(max(0, rows.count - 6)).joined(separator: "\n")
    }

    /// CPU seconds `pid` used so far (user + system).
    static func cpuSeconds(_ pid: Int32) -> Double? { ProcessProbe.cpuSeconds(pid) }

    /// The ffmpeg processes whose parent is `pid`.
    static func decoders(of pid: Int32) -> [Int32] { ProcessProbe.children(of: pid, named: "ffmpeg") }
}
