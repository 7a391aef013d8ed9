/// A colour as the terminal is told it.
public struct RGB: Hashable, Sendable {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8

    /// Creates a colour.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Rec. 601 luma, 0...255.
    public var luminance: Int { (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000 }
}

/// SGR colour codes for a colour depth: truecolor as is, else the nearest palette entry.
enum ColorCode {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The xterm 256-colour index nearest to `color` (6×6×6 cube or gray ramp).
    static func palette256(_ color: RGB) -> Int {
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for index in 1..<6 where abs(cubeLevels[index] - Int(value)) < abs(cubeLevels[best] - Int(value)) {
                best = index
            }
            return best
        }
        let (r, g, b) = (nearestLevel(color.r), nearestLevel(color.g), nearestLevel(color.b))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(color, RGB(UInt8(cubeLevels[r]), UInt8(cubeLevels[g]), UInt8(cubeLevels[b])))
        let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
        let grayIndex = max(0, min(23, (average - 8 + 5) / 10))
        let grayLevel = UInt8(8 + 10 * grayIndex)
        return distance(color, RGB(grayLevel, grayLevel, grayLevel)) < cubeDistance ? 232 + grayIndex : cube
    }

    /// xterm's default 16 colours.
    static let ansi16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0),
        RGB(255, 255, 0), RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The nearest of the 16 ANSI colours, 0...15.
    static func palette16(_ color: RGB) -> Int {
        var best = 0
        for index in 1..<16 where distance(color, ansi16[index]) < distance(color, ansi16[best]) { best = index }
        return best
    }

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.r) - Int(b.r)
        let dg = Int(a.g) - Int(b.g)
        let db = Int(a.b) - Int(b.b)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    /// Appends the SGR parameters for `color` as foreground or background.
    static func append(_ color: RGB, background: Bool, depth: ColorMode, to out: inout [UInt8]) {
        switch depth {
        case .truecolor, .auto:
            out.append(contentsOf: (background ? "48;2;" : "38;2;").utf8)
            appendNumber(Int(color.r), to: &out)
            out.append(UInt8(ascii: ";"))
            appendNumber(Int(color.g), to: &out)
            out.append(UInt8(ascii: ";"))
            appendNumber(Int(color.b), to: &out)
        case .palette256:
            out.append(contentsOf: (background ? "48;5;" : "38;5;").utf8)
            appendNumber(palette256(color), to: &out)
        case .palette16:
            let index = palette16(color)
            appendNumber((index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + index % 8, to: &out)
        case .none:
            break
        }
    }

    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value >= 100 { out.append(UInt8(ascii: "0") + UInt8(value / 100)) }
        if value >= 10 { out.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
