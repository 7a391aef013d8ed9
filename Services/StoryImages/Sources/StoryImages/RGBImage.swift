import CImageCodecs

/// Decoded pixels, 8-bit RGB, row-major.
public struct RGBImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes.
    public let pixels: [UInt8]

    /// Wraps pixels; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at a pixel.
    public func pixel(_ x: Int, _ y: Int) -> RGB {
        let offset = (y * width + x) * 3
        return RGB(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    /// A copy of `width × height`: shrinking, each output pixel is the exact average of the
    /// source area it covers (fractional edges weighted by how much of them it covers: no
    /// aliasing and no half-pixel shifts); growing, bilinear. Separable, one axis at a time.
    public func resampled(width newWidth: Int, height newHeight: Int) -> RGBImage {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else {
            return RGBImage(
                width: max(0, newWidth), height: max(0, newHeight),
                pixels: Array(repeating: 0, count: max(0, newWidth) * max(0, newHeight) * 3))
        }
        if newWidth == width, newHeight == height { return self }
        let across = Taps(from: width, to: newWidth)
        let down = Taps(from: height, to: newHeight)
        // Across first, into floats, then down into bytes, a strip of source rows at a time:
        // the rows the next output rows take from (at least 64), across into a buffer used
        // again for every strip, then those output rows down from it. A whole picture's floats
        // at once were megabytes of fresh pages (1 265 page faults of a sixel picture's 3 737
        // for 540×960 → 450×800); a row the strips share is computed twice, identically.
        // The pass across is C's (`cimg_resample_across`): a pixel's three channels summed as
        // one vector of four, each lane the same products and sums in the same order as one
        // channel at a time in Swift, so bit-identical (the scalar loop was 35 M instructions of
        // a sixel picture).
        let ends = (0..<newHeight).map { down.starts[$0] + down.bounds[$0 + 1] - down.bounds[$0] }
        let stripRows = max(64, (0..<newHeight).map { ends[$0] - down.starts[$0] }.max() ?? 1)
        // A large picture's rows in two halves on two threads (each its own strip buffer): the
        // same rows, in half the time.
        let half = newWidth * newHeight >= 100_000 && newHeight >= 2 ? newHeight / 2 : newHeight
        let out = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight * 3) { target, initialized in
            let into = target.baseAddress!
            pixels.withUnsafeBufferPointer { source in
                across.withPointers { acrossStarts, acrossBounds, acrossWeights in
                    down.withPointers { starts, bounds, weights in
                        ends.withUnsafeBufferPointer { ends in
                            let rows = { (rows: Range<Int>) in
                                Self.resampleRows(
                                    rows, source: source, width: width, newWidth: newWidth,
                                    across: (acrossStarts, acrossBounds, acrossWeights),
                                    down: (starts, bounds, weights), ends: ends, stripRows: stripRows, into: into)
                            }
                            if half == newHeight {
                                rows(0..<newHeight)
                            } else {
                                Parallel.twoParts { rows($0 == 0 ? 0..<half : half..<newHeight) }
                            }
                        }
                    }
                }
            }
            initialized = newWidth * newHeight * 3
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Output `rows` of the picture resampled to `newWidth` wide, a strip of source rows at a
    /// time (see ``resampled(width:height:)``), into `target`.
    static func resampleRows(
        _ rows: Range<Int>, source: UnsafeBufferPointer<UInt8>, width: Int, newWidth: Int,
        across: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>),
        down: (starts: UnsafeBufferPointer<Int>, bounds: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Float>),
        ends: UnsafeBufferPointer<Int>, stripRows: Int, into target: UnsafeMutablePointer<UInt8>
    ) {
        let stride = newWidth * 3
        let starts = down.starts
        withUnsafeTemporaryAllocation(of: Float.self, capacity: stripRows * stride) { middle in
            var y = rows.lowerBound
            while y < rows.upperBound {
                // The strip: from this row's first source row, as many output rows as fit in it.
                let first = starts[y]
                var last = y + 1
                var end = ends[y]
                while last < rows.upperBound, starts[last] >= first, max(end, ends[last]) - first <= stripRows {
                    end = max(end, ends[last])
                    last += 1
                }
                cimg_resample_across(
                    source.baseAddress! + first * width * 3, width, end - first, across.0.baseAddress,
                    across.1.baseAddress, across.2.baseAddress, newWidth, middle.baseAddress)
                Self.resampleDown(
                    UnsafeBufferPointer(middle), firstRow: first, rows: y..<last, starts: starts, bounds: down.bounds,
                    weights: down.weights, stride: stride, into: target)
                y = last
            }
        }
    }

    /// Output `rows` down from `source`, the floats of the source rows from `firstRow` on:
    /// one output row at a time, a whole source row per tap, four floats at a time (SIMD4: the
    /// compiler cannot tell the buffers apart to vectorise it), then rounded to bytes in
    /// `target`. Each value's sum is taken in the same order as one value at a time would: the
    /// pixels are bit-identical.
    static func resampleDown(
        _ source: UnsafeBufferPointer<Float>, firstRow: Int, rows: Range<Int>, starts: UnsafeBufferPointer<Int>,
        bounds: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Float>, stride: Int,
        into target: UnsafeMutablePointer<UInt8>
    ) {
        let raw = UnsafeRawPointer(source.baseAddress!)
        let vectors = stride / 4 * 4
        withUnsafeTemporaryAllocation(of: Float.self, capacity: stride) { sums in
            let sumsRaw = UnsafeMutableRawPointer(sums.baseAddress!)
            for y in rows {
                var i = 0
                while i < vectors {
                    var sum = SIMD4<Float>(repeating: 0)
                    var o = (starts[y] - firstRow) * stride + i
                    for k in bounds[y]..<bounds[y + 1] {
                        sum += raw.loadUnaligned(fromByteOffset: o * 4, as: SIMD4<Float>.self) * weights[k]
                        o += stride
                    }
                    sumsRaw.storeBytes(of: sum, toByteOffset: i * 4, as: SIMD4<Float>.self)
                    i += 4
                }
                while i < stride {
                    var value: Float = 0
                    var o = (starts[y] - firstRow) * stride + i
                    for k in bounds[y]..<bounds[y + 1] {
                        value += source[o] * weights[k]
                        o += stride
                    }
                    sums[i] = value
                    i += 1
                }
                // Weights and samples are never negative: truncation is the floor (a call to
                // floorf for each of a picture's channels cost a fifth of it).
                cimg_round_floats(sums.baseAddress, target + y * stride, stride)
            }
        }
    }

    /// For each of `target` pixels along one axis of `source` pixels: the first source pixel it
    /// takes from and the weights of that one and the next ones (summing to 1), flat.
    struct Taps {
        var starts: [Int] = []
        /// Pixel `i`'s weights are `weights[bounds[i]..<bounds[i + 1]]`.
        var bounds: [Int] = [0]
        var weights: [Float] = []

        init(from source: Int, to target: Int) {
            for (start, pixelWeights) in RGBImage.taps(from: source, to: target) {
                starts.append(start)
                weights += pixelWeights
                bounds.append(weights.count)
            }
        }

        func withPointers<R>(
            _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> R
        ) -> R {
            starts.withUnsafeBufferPointer { starts in
                bounds.withUnsafeBufferPointer { bounds in
                    weights.withUnsafeBufferPointer { weights in body(starts, bounds, weights) }
                }
            }
        }
    }

    /// For each of `target` pixels along one axis of `source` pixels: the first source pixel it
    /// takes from and the weights of that one and the next ones (summing to 1).
    static func taps(from source: Int, to target: Int) -> [(start: Int, weights: [Float])] {
        let scale = Double(source) / Double(target)
        return (0..<target).map { index in
            if target <= source {
                // The area [index, index + 1) × scale, each source pixel weighted by its overlap.
                let low = Double(index) * scale
                let high = min(Double(source), Double(index + 1) * scale)
                let first = Int(low)
                let last = min(source - 1, max(first, Int((high - 1e-9).rounded(.down))))
                let weights = (first...last).map { pixel in
                    Float((min(high, Double(pixel + 1)) - max(low, Double(pixel))) / (high - low))
                }
                return (first, weights)
            }
            // Bilinear between the two source pixels around this one's centre.
            let centre = max(0, min(Double(source - 1), (Double(index) + 0.5) * scale - 0.5))
            let first = min(source - 1, Int(centre))
            let fraction = Float(centre - Double(first))
            return first + 1 < source ? (first, [1 - fraction, fraction]) : (first, [1])
        }
    }
}
