import CImageCodecs
import Testing

@testable import StoryImages

/// The resampler takes its floats a strip of rows at a time: the
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
    /// The resampler as it was before the strips: the whole picture across first (the same C
    /// pass), then every output row down from it (the same down pass, from the first row).
    func referenceResampled(width newWidth: Int, height newHeight: Int) -> RGBImage {
        if newWidth == width, newHeight == height { return self }
        let across = Taps(from: width, to: newWidth)
        let down = Taps(from: height, to: newHeight)
        var middle = [Float](repeating: 0, count: height * newWidth * 3)
        middle.withUnsafeMutableBufferPointer { target in
            pixels.withUnsafeBufferPointer { source in
                across.withPointers { starts, bounds, weights in
                    cimg_resample_across(
                        source.baseAddress, width, height, starts.baseAddress, bounds.baseAddress, weights.baseAddress,
                        newWidth, target.baseAddress)
                }
            }
        }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        out.withUnsafeMutableBufferPointer { target in
            middle.withUnsafeBufferPointer { source in
                down.withPointers { starts, bounds, weights in
                    Self.resampleDown(
                        source, firstRow: 0, rows: 0..<newHeight, starts: starts, bounds: bounds, weights: weights,
                        stride: newWidth * 3, into: target.baseAddress!)
                }
            }
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: out)
    }
}
