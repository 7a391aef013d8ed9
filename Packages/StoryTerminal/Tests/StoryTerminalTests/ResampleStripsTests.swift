import CImageCodecs
import Testing

@testable import StoryTerminal

/// The resampler takes its floats a strip of rows at a time (issue 31's fourth session): the
/// same bytes as the whole-picture pass it replaced, kept here as the reference, down and up,
/// by large and small factors, at every shape down to 1×1.
@Suite("Resampling in strips")
struct ResampleStripsTests {
    @Test func stripsGiveTheWholePicturesBytes() throws {
        var generator = SystemRandomNumberGenerator()
        let photo = try ImageDecoder.decode(try Fixture.data("portrait-1080x1920.jpg"))
        var cases: [(RGBImage, Int, Int)] = [
            (photo, 450, 800), (photo, 80, 80), (photo, 7, 3), (photo, 1, 1), (photo, 300, 1000), (photo, 1200, 60),
        ]
        for _ in 0..<40 {
            let (width, height) = (
                Int.random(in: 1...300, using: &generator), Int.random(in: 1...300, using: &generator)
            )
            let pixels = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let image = RGBImage(width: width, height: height, pixels: pixels)
            cases.append(
                (image, Int.random(in: 1...400, using: &generator), Int.random(in: 1...400, using: &generator)))
        }
        for (image, width, height) in cases {
            #expect(
                image.resampled(width: width, height: height).pixels
                    == image.referenceResampled(width: width, height: height).pixels,
                "\(image.width)×\(image.height) → \(width)×\(height)")
        }
    }
}

extension RGBImage {
    /// The resampler as it was before the strips: all of the pass across first, then down.
    func referenceResampled(width newWidth: Int, height newHeight: Int) -> RGBImage {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else {
            return RGBImage(
                width: max(0, newWidth), height: max(0, newHeight),
                pixels: Array(repeating: 0, count: max(0, newWidth) * max(0, newHeight) * 3))
        }
        if newWidth == width, newHeight == height { return self }
        let across = Taps(from: width, to: newWidth)
        let down = Taps(from: height, to: newHeight)
        // Across first, into floats: height × newWidth. Every value of both passes is written,
        // so neither buffer is zeroed first (megabytes for a photo).
        // The pass is C's (`cimg_resample_across`): a pixel's three channels summed as one
        // vector of four, each lane the same products and sums in the same order as one channel
        // at a time in Swift, so bit-identical (the scalar loop was 35 M instructions of a
        // sixel picture's 540×960 → 450×800).
        let middle = [Float](unsafeUninitializedCapacity: height * newWidth * 3) { target, initialized in
            pixels.withUnsafeBufferPointer { source in
                across.withPointers { starts, bounds, weights in
                    cimg_resample_across(
                        source.baseAddress, width, height, starts.baseAddress, bounds.baseAddress, weights.baseAddress,
                        newWidth, target.baseAddress)
                }
            }
            initialized = height * newWidth * 3
        }
        let out = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight * 3) { target, initialized in
            middle.withUnsafeBufferPointer { source in
                down.withPointers { starts, bounds, weights in
                    let stride = newWidth * 3
                    // One output row at a time, a whole source row per tap, four floats at a
                    // time (SIMD4: the compiler cannot tell the buffers apart to vectorise it),
                    // then rounded to bytes. Each value's sum is taken in the same order as one
                    // value at a time would: the pixels are bit-identical.
                    let raw = UnsafeRawPointer(source.baseAddress!)
                    let vectors = stride / 4 * 4
                    var row = [Float](repeating: 0, count: stride)
                    row.withUnsafeMutableBufferPointer { sums in
                        let sumsRaw = UnsafeMutableRawPointer(sums.baseAddress!)
                        for y in 0..<newHeight {
                            var i = 0
                            while i < vectors {
                                var sum = SIMD4<Float>(repeating: 0)
                                var o = starts[y] * stride + i
                                for k in bounds[y]..<bounds[y + 1] {
                                    sum += raw.loadUnaligned(fromByteOffset: o * 4, as: SIMD4<Float>.self) * weights[k]
                                    o += stride
                                }
                                sumsRaw.storeBytes(of: sum, toByteOffset: i * 4, as: SIMD4<Float>.self)
                                i += 4
                            }
                            while i < stride {
                                var value: Float = 0
                                var o = starts[y] * stride + i
                                for k in bounds[y]..<bounds[y + 1] {
                                    value += source[o] * weights[k]
                                    o += stride
                                }
                                sums[i] = value
                                i += 1
                            }
                            // Weights and samples are never negative: truncation is the floor
                            // (a call to floorf for each of a picture's channels cost a fifth of it).
                            cimg_round_floats(sums.baseAddress, target.baseAddress! + y * stride, stride)
                        }
                    }
                }
            }
            initialized = newWidth * newHeight * 3
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: out)
    }
}
