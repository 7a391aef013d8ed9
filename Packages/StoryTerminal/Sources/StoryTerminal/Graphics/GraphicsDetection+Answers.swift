import Foundation
import StoryImages

/// Reading the terminal's answers: XTSMGRAPHICS, OSC 11's background, DA1 and XTVERSION.
extension GraphicsDetection {
    /// The answers' XTSMGRAPHICS values by item and how they were read (`10 * Pi + Pa`: 21
    /// the sixel geometry now, 24 at most, 11 the colour registers); only successful answers
    /// (status 0). The query's read kind is not in the answer, so the geometry answers are
    /// told apart by their order (now, then at most).
    static func graphicsAttributes(in text: String) -> [Int: [Int]] {
        var found: [Int: [Int]] = [:]
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[?") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }), rest[end] == "S" else { continue }
            let fields = rest[..<end].split(separator: ";").compactMap { Int($0) }
            rest = rest[rest.index(after: end)...]
            guard fields.count >= 3, fields[1] == 0 else { continue }
            let item = fields[0]
            let key = item == 2 ? (found[21] == nil ? 21 : 24) : item * 10 + 1
            found[key] = Array(fields.dropFirst(2))
        }
        return found
    }

    /// The background colour in an OSC 11 answer `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` (1 to 4 hex
    /// digits a channel), ended by ST or BEL.
    static func background(in text: String) -> RGB? {
        guard let start = text.range(of: "\u{1B}]11;rgb:") else { return nil }
        let rest = text[start.upperBound...]
        let end = rest.firstIndex { $0 == "\u{1B}" || $0 == "\u{07}" } ?? rest.endIndex
        let channels = rest[..<end].split(separator: "/")
        guard channels.count == 3 else { return nil }
        let values = channels.compactMap { channel -> UInt8? in
            guard (1...4).contains(channel.count), let value = Int(channel, radix: 16) else { return nil }
            let maximum = (1 << (4 * channel.count)) - 1
            return UInt8(value * 255 / maximum)
        }
        return values.count == 3 ? RGB(values[0], values[1], values[2]) : nil
    }

    /// The parameters of a DA1 answer `ESC [ ? P ; P … c` (not an XTSMGRAPHICS answer, which
    /// starts alike and ends in `S`).
    static func deviceAttributes(in text: String) -> [Int]? {
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[?") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { return nil }
            if rest[end] == "c" { return rest[..<end].split(separator: ";").compactMap { Int($0) } }
        }
        return nil
    }

    /// The terminal's name and version from an XTVERSION answer `ESC P > | TEXT ESC \`.
    static func version(in text: String) -> String? {
        guard let start = text.range(of: "\u{1B}P>|") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.range(of: "\u{1B}\\") else { return nil }
        let name = String(rest[..<end.lowerBound]).filter { $0.isASCII && !$0.isNewline && $0 >= " " }
        return name.isEmpty ? nil : String(name.prefix(60))
    }
}
