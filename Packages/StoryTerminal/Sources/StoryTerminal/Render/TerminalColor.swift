import StoryImages

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
        SGRWriter.appending(to: &out) { $0.color(color, background: background, depth: depth) }
    }

    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        SGRWriter.appending(to: &out) { $0.number(value) }
    }
}

/// Writes one escape sequence's bytes into a small buffer on the stack, appended to the
/// output in one go: a video frame writes a style for nearly every cell, and appending byte by
/// byte to the array (a capacity and uniqueness check each) was half of the renderer's time
/// (RenderBench's video diff 0.17 ms a frame).
struct SGRWriter {
    /// The most bytes one sequence takes: `ESC[0;1;38;2;255;255;255;48;2;255;255;255m` is 41.
    static let capacity = 64

    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    private init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// Runs `write` on a writer and appends what it wrote to `out`.
    static func appending(to out: inout [UInt8], _ write: (inout SGRWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = SGRWriter(buffer.baseAddress!)
            write(&writer)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
        }
    }

    mutating func byte(_ value: UInt8) {
        precondition(count < Self.capacity)
        base[count] = value
        count += 1
    }

    mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { self.byte(byte) } }
    }

    /// `value` (not negative) in decimal: a colour, an index, a row or a column.
    @inline(__always) mutating func number(_ value: Int) {
        if value >= 1000 { return large(value) }
        if value >= 100 { byte(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 100 % 10)) }
        if value >= 10 { byte(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10 % 10)) }
        byte(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
    }

    /// A colour channel's digits (room checked by the caller): 0...255 as written by ``number(_:)``.
    @inline(__always) private mutating func channel(_ value: UInt8) {
        let packed = Self.channelDigits[Int(value)]  // the digits, low byte first; the count on top
        base[count] = UInt8(truncatingIfNeeded: packed)
        base[count + 1] = UInt8(truncatingIfNeeded: packed >> 8)
        base[count + 2] = UInt8(truncatingIfNeeded: packed >> 16)
        count += Int(packed >> 24)
    }

    /// 0...255 in decimal, packed for ``channel(_:)`` (the bytes past the count are never read).
    private static let channelDigits: [UInt32] = (0...255).map { value in
        let digits = Array(String(value).utf8)
        var packed = UInt32(digits.count) << 24
        for (index, digit) in digits.enumerated() { packed |= UInt32(digit) << (8 * index) }
        return packed
    }

    /// A number of four digits or more (a row or column of a very wide terminal).
    @inline(never) private mutating func large(_ value: Int) {
        let digits = Array(String(value).utf8)
        for digit in digits { byte(digit) }
    }

    /// ``color(_:background:depth:)``, or the terminal's own colour (39 or 49) for nil.
    mutating func colorOrDefault(_ color: RGB?, background: Bool, depth: ColorMode) {
        guard let color else { return ascii(background ? "49" : "39") }
        self.color(color, background: background, depth: depth)
    }

    /// The SGR parameters for `color` as foreground or background in `depth`.
    mutating func color(_ color: RGB, background: Bool, depth: ColorMode) {
        switch depth {
        case .truecolor, .auto:
            // `48;2;R;G;B` at most 16 bytes, checked once; each channel's digits from a table.
            precondition(count + 16 <= Self.capacity)
            base[count] = background ? UInt8(ascii: "4") : UInt8(ascii: "3")
            base[count + 1] = UInt8(ascii: "8")
            base[count + 2] = UInt8(ascii: ";")
            base[count + 3] = UInt8(ascii: "2")
            base[count + 4] = UInt8(ascii: ";")
            count += 5
            channel(color.r)
            base[count] = UInt8(ascii: ";")
            count += 1
            channel(color.g)
            base[count] = UInt8(ascii: ";")
            count += 1
            channel(color.b)
        case .palette256:
            ascii(background ? "48;5;" : "38;5;")
            number(ColorCode.palette256(color))
        case .palette16:
            let index = ColorCode.palette16(color)
            number((index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + index % 8)
        case .none:
            break
        }
    }
}
