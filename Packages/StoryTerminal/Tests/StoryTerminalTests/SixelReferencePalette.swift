@testable import StoryTerminal

/// The sixel palette as the Swift wrote it before the C (`cimg_sixel_palette`, issue 31's
/// eighth session): what SixelPaletteTests hold the C to.
extension SixelReference {
    private struct Bin {
        var count = 0
        var r = 0
        var g = 0
        var b = 0
    }

    /// The palette: boxes of the histogram split at the median of their widest channel until
    /// there are `colors`, each box's colour its pixels' mean.
    static func palette(for image: RGBImage, colors: Int) -> [RGB] {
        var bins = [Bin](repeating: Bin(), count: 1 << 15)
        // Raw buffers and wrapping sums (at most 50 M pixels × 255): no uniqueness, bounds or
        // overflow check per pixel.
        image.pixels.withUnsafeBufferPointer { pixels in
            bins.withUnsafeMutableBufferPointer { bins in
                var offset = 0
                while offset < pixels.count {
                    let r = Int(pixels[offset])
                    let g = Int(pixels[offset &+ 1])
                    let b = Int(pixels[offset &+ 2])
                    let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                    bins[key].count &+= 1
                    bins[key].r &+= r
                    bins[key].g &+= g
                    bins[key].b &+= b
                    offset &+= 3
                }
            }
        }
        let filled = bins.indices.filter { bins[$0].count > 0 }
        guard !filled.isEmpty else { return [RGB(0, 0, 0), RGB(255, 255, 255)] }
        var boxes: [[Int]] = [filled]
        // Each box's pixel count, kept beside it (summed once per box, not once per split).
        var weights = [filled.reduce(0) { $0 + bins[$1].count }]
        func channel(_ key: Int, _ c: Int) -> Int { (key >> (10 - 5 * c)) & 31 }
        func widest(_ box: [Int]) -> (channel: Int, range: Int) {
            var best = (channel: 0, range: -1)
            for c in 0..<3 {
                var low = 31
                var high = 0
                for key in box {
                    let value = channel(key, c)
                    low = min(low, value)
                    high = max(high, value)
                }
                if high - low > best.range { best = (c, high - low) }
            }
            return best
        }
        while boxes.count < colors {
            // The box with the most pixels that can still be split.
            var chosen = -1
            var chosenWeight = 0
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let weight = weights[index]
                if weight > chosenWeight {
                    chosen = index
                    chosenWeight = weight
                }
            }
            guard chosen >= 0 else { break }
            let (c, _) = widest(boxes[chosen])
            let sorted = sorted(boxes[chosen], byChannel: c)
            var running = 0
            var cut = 1
            for (index, key) in sorted.enumerated() {
                running += bins[key].count
                if running * 2 >= chosenWeight {
                    cut = min(max(1, index + 1), sorted.count - 1)
                    break
                }
            }
            boxes[chosen] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            let lower = boxes[chosen].reduce(0) { $0 + bins[$1].count }
            weights[chosen] = lower
            weights.append(chosenWeight - lower)
        }
        return boxes.map { box in
            var total = Bin()
            for key in box {
                total.count += bins[key].count
                total.r += bins[key].r
                total.g += bins[key].g
                total.b += bins[key].b
            }
            let n = max(1, total.count)
            return RGB(UInt8(total.r / n), UInt8(total.g / n), UInt8(total.b / n))
        }
    }

    /// `keys` (15-bit bins) in the order of their `channel`'s 5 bits, equal ones in the order
    /// given: a counting sort of 32 values, where the standard library's sort (stable, and so
    /// the same order) was three quarters of the palette's instructions (17 M of 22 M for a
    /// 450×800 photograph).
    static func sorted(_ keys: [Int], byChannel channel: Int) -> [Int] {
        let shift = 10 - 5 * channel
        var starts = [Int](repeating: 0, count: 33)
        for key in keys { starts[((key >> shift) & 31) + 1] += 1 }
        for value in 1...32 { starts[value] += starts[value - 1] }
        var sorted = [Int](repeating: 0, count: keys.count)
        for key in keys {
            let value = (key >> shift) & 31
            sorted[starts[value]] = key
            starts[value] += 1
        }
        return sorted
    }

}
