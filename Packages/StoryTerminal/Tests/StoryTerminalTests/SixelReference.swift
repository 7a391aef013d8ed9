import StoryImages
@testable import StoryTerminal

/// The sixel quantiser's dithering and the encoder's bands as the Swift wrote them before the C
/// loops: what SixelDitherTests hold the C to. This file: the dither.
enum SixelReference {
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
}
