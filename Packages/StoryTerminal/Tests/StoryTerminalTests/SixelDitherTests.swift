import Foundation
import Testing

@testable import StoryTerminal

/// The sixel quantiser's dithering moved to C (`cimg_dither`) for speed: its indexes are the
/// Swift loop's it replaced, kept here as the reference, on photographs, random pictures and
/// random palettes (repeated colours, one colour, the full 256), at every shape down to 1×1.
@Suite("Sixel dithering in C")
struct SixelDitherTests {
    @Test func theCLoopGivesTheSwiftLoopsIndexes() throws {
        var generator = SystemRandomNumberGenerator()
        var cases: [(RGBImage, [RGB])] = []
        for name in ["portrait-1080x1920.jpg", "baseline-64x48.jpg", "alpha-32x32.png"] {
            let image = try ImageDecoder.decode(try Fixture.data(name))
            let small = image.resampled(width: min(image.width, 200), height: min(image.height, 150))
            for colors in [2, 16, 256] {
                cases.append((small, SixelQuantizer.palette(for: small, colors: colors)))
            }
        }
        for (width, height) in [(1, 1), (1, 9), (9, 1), (2, 3), (37, 23), (64, 64), (120, 7)] {
            for _ in 0..<6 {
                let smooth = Bool.random(using: &generator)
                var pixels: [UInt8] = []
                for y in 0..<height {
                    for x in 0..<width {
                        for c in 0..<3 {
                            pixels.append(
                                smooth
                                    ? UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1) + y * (c + 1) * 3)
                                    : UInt8.random(in: 0...255, using: &generator))
                        }
                    }
                }
                let image = RGBImage(width: width, height: height, pixels: pixels)
                let count = [1, 2, 3, 17, 255, 256].randomElement(using: &generator)!
                var palette = (0..<count).map { _ in
                    RGB(.random(in: 0...255), .random(in: 0...255), .random(in: 0...255))
                }
                if count > 3 { palette[2] = palette[1] }  // a colour twice: the lower index wins
                cases.append((image, palette))
                cases.append((image, SixelQuantizer.palette(for: image, colors: 64)))
            }
        }
        #expect(cases.count > 80)
        for (image, palette) in cases {
            let ours = SixelQuantizer.dither(image, palette: palette)
            let reference = Reference.dither(image, palette: palette)
            #expect(ours.indexes == reference.indexes, "\(image.width)×\(image.height), \(palette.count) colours")
        }
    }

    /// The palette's boxes are split after a counting sort of their bins: the same palette as
    /// the standard library's sort gave (stable: equal values keep their order).
    @Test func theCountingSortKeepsThePalette() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let keys = (0..<Int.random(in: 0...400, using: &generator)).map { _ in
                Int.random(in: 0..<(1 << 15), using: &generator)
            }
            for channel in 0..<3 {
                let value = { (key: Int) in (key >> (10 - 5 * channel)) & 31 }
                #expect(SixelQuantizer.sorted(keys, byChannel: channel) == keys.sorted { value($0) < value($1) })
            }
        }
        let photo = try ImageDecoder.decode(try Fixture.data("portrait-1080x1920.jpg")).resampled(
            width: 270, height: 480)
        #expect(SixelQuantizer.palette(for: photo, colors: 256).count == 256)
    }

    /// The bands moved to C (`cimg_sixel_bands`): byte for byte the Swift encoder's, with and
    /// without a mask of transparent pixels, at every shape down to 1×1 and up past 256 columns.
    @Test func theCBandsAreTheSwiftBands() {
        var generator = SystemRandomNumberGenerator()
        for (width, height) in [(1, 1), (1, 13), (13, 1), (5, 6), (5, 7), (31, 12), (300, 20), (64, 64)] {
            for _ in 0..<8 {
                let colors = [1, 2, 7, 256].randomElement(using: &generator)!
                let runs = Bool.random(using: &generator)  // long runs of one colour, or noise
                var indexes: [UInt8] = []
                for y in 0..<height {
                    for x in 0..<width {
                        indexes.append(
                            UInt8(runs ? (x / 9 + y / 4) % colors : Int.random(in: 0..<colors, using: &generator)))
                    }
                }
                var image = QuantizedImage(
                    width: width, height: height, palette: (0..<colors).map { RGB(UInt8($0), 0, 0) }, indexes: indexes)
                if Bool.random(using: &generator) {
                    image.opaque = (0..<(width * height)).map { _ in Int.random(in: 0..<5, using: &generator) > 0 }
                }
                let ours = SixelEncoder.encode(image)
                let header = SixelEncoder.encode(
                    QuantizedImage(width: 0, height: 0, palette: image.palette, indexes: []))
                let prefix = Array(
                    String(decoding: header.dropLast(2), as: UTF8.self)
                        .replacingOccurrences(of: "\"1;1;0;0", with: "\"1;1;\(width);\(height)").utf8)
                #expect(ours == prefix + Reference.encode(image) + [0x1B, UInt8(ascii: "\\")], "\(width)×\(height)")
            }
        }
    }

    /// The Swift dithering as it was before the C loop (SixelQuantizer, issue 31's fourth session).
    enum Reference {
        /// Each pixel's nearest palette colour, its error spread Floyd–Steinberg style (7/16 right,
        /// 3/16 below left, 5/16 below, 1/16 below right).
        static func dither(_ image: RGBImage, palette: [RGB]) -> QuantizedImage {
            let width = image.width
            let height = image.height
            var indexes = [UInt8](repeating: 0, count: width * height)
            guard !palette.isEmpty, width > 0, height > 0 else {
                return QuantizedImage(width: width, height: height, palette: palette, indexes: indexes)
            }
            // Raw buffers, not arrays: the inner loop ran a uniqueness and a bounds check on every
            // error it spread (a third of the sixel row's instructions).
            let nearest = UnsafeMutablePointer<Int16>.allocate(capacity: 1 << 15)
            nearest.initialize(repeating: -1, count: 1 << 15)
            let count = palette.count
            let channels = UnsafeMutablePointer<Int>.allocate(capacity: count * 3)
            for (i, color) in palette.enumerated() {
                (channels[i * 3], channels[i * 3 + 1], channels[i * 3 + 2]) = (Int(color.r), Int(color.g), Int(color.b))
            }
            // Palette indexes sorted by green, and their greens, for the outward search.
            let order = palette.indices.sorted { (palette[$0].g, $0) < (palette[$1].g, $1) }
            let byGreen = UnsafeMutablePointer<Int>.allocate(capacity: count)
            let greens = UnsafeMutablePointer<Int>.allocate(capacity: count)
            for (position, i) in order.enumerated() {
                byGreen[position] = i
                greens[position] = Int(palette[i].g)
            }
            // Errors in 1/16ths for this row and the next, with a pixel of margin each side.
            let rowLength = (width + 2) * 3
            let errors = UnsafeMutablePointer<Int32>.allocate(capacity: rowLength * 2)
            errors.initialize(repeating: 0, count: rowLength * 2)
            defer {
                nearest.deallocate()
                channels.deallocate()
                errors.deallocate()
                byGreen.deallocate()
                greens.deallocate()
            }
            var current = errors
            var next = errors + rowLength
            image.pixels.withUnsafeBufferPointer { pixels in
                indexes.withUnsafeMutableBufferPointer { indexes in
                    guard let pixels = pixels.baseAddress, let indexes = indexes.baseAddress else { return }
                    // Wrapping arithmetic: no value here comes near Int32's range (a pixel's error
                    // is under 256 × 16), and the overflow checks were a fifth of the loop.
                    for y in 0..<height {
                        for x in 0..<width {
                            let offset = (y &* width &+ x) &* 3
                            let e = (x &+ 1) &* 3
                            let r = max(0, min(255, Int(pixels[offset]) &+ Int(current[e] / 16)))
                            let g = max(0, min(255, Int(pixels[offset &+ 1]) &+ Int(current[e &+ 1] / 16)))
                            let b = max(0, min(255, Int(pixels[offset &+ 2]) &+ Int(current[e &+ 2] / 16)))
                            let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                            var index = Int(nearest[key])
                            if index < 0 {
                                // The bin's centre's nearest colour, found once per bin: the palette
                                // is searched outwards from the centre's green (sorted by green,
                                // the heaviest channel) and a side stops once green alone is
                                // farther than the best; ties go to the lower palette index, as
                                // a search of the whole palette in order would.
                                index = Self.nearest(
                                    (r & ~7) + 4, (g & ~7) + 4, (b & ~7) + 4, channels: channels, byGreen: byGreen,
                                    greens: greens, count: count)
                                nearest[key] = Int16(index)
                            }
                            indexes[y &* width &+ x] = UInt8(truncatingIfNeeded: index)
                            let er = Int32(truncatingIfNeeded: r &- channels[index &* 3])
                            let eg = Int32(truncatingIfNeeded: g &- channels[index &* 3 &+ 1])
                            let eb = Int32(truncatingIfNeeded: b &- channels[index &* 3 &+ 2])
                            current[e &+ 3] &+= er &* 7
                            current[e &+ 4] &+= eg &* 7
                            current[e &+ 5] &+= eb &* 7
                            next[e &- 3] &+= er &* 3
                            next[e &- 2] &+= eg &* 3
                            next[e &- 1] &+= eb &* 3
                            next[e] &+= er &* 5
                            next[e &+ 1] &+= eg &* 5
                            next[e &+ 2] &+= eb &* 5
                            next[e &+ 3] &+= er
                            next[e &+ 4] &+= eg
                            next[e &+ 5] &+= eb
                        }
                        swap(&current, &next)
                        next.update(repeating: 0, count: rowLength)
                    }
                }
            }
            return QuantizedImage(width: width, height: height, palette: palette, indexes: indexes)
        }

        /// The palette index nearest (r, g, b) by the weighted distance 3·dr² + 4·dg² + 2·db²,
        /// the lowest index among equals. `byGreen` lists the indexes in green order, `greens`
        /// their greens.
        @inline(__always)
        static func nearest(
            _ r: Int, _ g: Int, _ b: Int, channels: UnsafeMutablePointer<Int>, byGreen: UnsafeMutablePointer<Int>,
            greens: UnsafeMutablePointer<Int>, count: Int
        ) -> Int {
            // The first position whose green is at least g.
            var low = 0
            var high = count
            while low < high {
                let middle = (low &+ high) / 2
                if greens[middle] < g { low = middle &+ 1 } else { high = middle }
            }
            var best = Int.max
            var bestIndex = 0
            func consider(_ position: Int) {
                let i = byGreen[position]
                let dr = channels[i &* 3] &- r
                let dg = channels[i &* 3 &+ 1] &- g
                let db = channels[i &* 3 &+ 2] &- b
                let distance = dr &* dr &* 3 &+ dg &* dg &* 4 &+ db &* db &* 2
                if distance < best || (distance == best && i < bestIndex) {
                    best = distance
                    bestIndex = i
                }
            }
            var up = low
            var down = low - 1
            while up < count || down >= 0 {
                if up < count {
                    let dg = greens[up] &- g
                    if dg &* dg &* 4 > best {
                        up = count
                    } else {
                        consider(up)
                        up &+= 1
                    }
                }
                if down >= 0 {
                    let dg = g &- greens[down]
                    if dg &* dg &* 4 > best {
                        down = -1
                    } else {
                        consider(down)
                        down &-= 1
                    }
                }
            }
            return bestIndex
        }

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
}
