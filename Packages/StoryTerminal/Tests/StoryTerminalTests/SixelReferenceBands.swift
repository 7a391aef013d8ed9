@testable import StoryTerminal

/// The reference's bands (see SixelReference).
extension SixelReference {
    /// The sixel encoder's bands as the Swift wrote them before the C loop.
    static func encode(_ image: QuantizedImage) -> [UInt8] {
        let width = image.width
        let height = image.height
        var out: [UInt8] = []
        guard width > 0, height > 0 else { return out }
        let paletteCount = image.palette.count
        var bits = [UInt8](repeating: 0, count: paletteCount * width)
        // Each colour's first and last column in the band (first > last: unused), so a colour's
        // row is read and cleared over its own span only.
        var first = [Int](repeating: Int.max, count: paletteCount)
        var last = [Int](repeating: -1, count: paletteCount)
        var usedList: [Int] = []
        image.indexes.withUnsafeBufferPointer { indexes in
            bits.withUnsafeMutableBufferPointer { bits in
                first.withUnsafeMutableBufferPointer { first in
                    last.withUnsafeMutableBufferPointer { last in
                        var top = 0
                        while top < height {
                            usedList.removeAll(keepingCapacity: true)
                            for k in 0..<min(6, height - top) {
                                let row = (top &+ k) &* width
                                let bit = UInt8(1) << UInt8(k)
                                // Wrapping index arithmetic (within the image): no overflow
                                // check per pixel; the opaque test only where there is a mask.
                                for x in 0..<width {
                                    if let opaque = image.opaque, !opaque[row &+ x] { continue }
                                    let color = Int(indexes[row &+ x])
                                    if last[color] < 0 { usedList.append(color) }
                                    if x < first[color] { first[color] = x }
                                    if x > last[color] { last[color] = x }
                                    bits[color &* width &+ x] |= bit
                                }
                            }
                            for (position, color) in usedList.enumerated() {
                                out.append(UInt8(ascii: "#"))
                                appendNumber(color, to: &out)
                                let base = color &* width
                                // Empty sixels before the span, then the span; none after it.
                                appendRun(first[color], of: 63, to: &out)
                                var x = first[color]
                                let end = last[color] &+ 1
                                while x < end {
                                    let value = bits[base &+ x]
                                    var run = 1
                                    while x &+ run < end, bits[base &+ x &+ run] == value { run &+= 1 }
                                    appendRun(run, of: 63 &+ value, to: &out)
                                    x &+= run
                                }
                                (bits.baseAddress! + base + first[color]).update(
                                    repeating: 0, count: end - first[color])
                                first[color] = Int.max
                                last[color] = -1
                                // `$` back to the band's start for the next colour; the last ends the band.
                                if position < usedList.count - 1 { out.append(UInt8(ascii: "$")) }
                            }
                            top += 6
                            if top < height { out.append(UInt8(ascii: "-")) }
                        }
                    }
                }
            }
        }
        return out
    }

    private static func appendRun(_ count: Int, of character: UInt8, to out: inout [UInt8]) {
        if count > 3 {
            out.append(UInt8(ascii: "!"))
            appendNumber(count, to: &out)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }

    private static func appendNumber(_ number: Int, to out: inout [UInt8]) {
        if number >= 10 { appendNumber(number / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(number % 10))
    }
}
