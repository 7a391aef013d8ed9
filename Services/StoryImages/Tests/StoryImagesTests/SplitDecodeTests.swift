import CImageCodecs
import Foundation
import StoryImages
import Testing

/// A large baseline JPEG is decoded in two parts at once: the lower one entropy-decodes its way
/// past the upper rows and skips their transform. The pixels, the errors and the sizes must be
/// exactly the one-part decode's, whichever part runs first.
@Suite("Two-part JPEG decoding")
struct SplitDecodeTests {
    /// The parts at once, on libdispatch's pool (as StoryImages' runner does).
    static let atOnce: cimg_runner = { work, context in
        nonisolated(unsafe) let context = context  // the parts write their own rows while this waits
        DispatchQueue.concurrentPerform(iterations: 2) { work?(context, Int32($0)) }
    }
    /// The lower part first, then the top, on the calling thread: neither part may depend on
    /// the other having run.
    static let lowerFirst: cimg_runner = { work, context in
        work?(context, 1)
        work?(context, 0)
    }

    /// Noise over gradients, odd-sized and large enough to split from 3/8 up (≥ 100 000 pixels out).
    static func detailed(width: Int, height: Int) -> RGBImage {
        var state: UInt32 = 0x2545_F491
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 27)
                let base = (y * width + x) * 3
                pixels[base] = UInt8((x * 255 / width + noise) & 0xFF)
                pixels[base + 1] = UInt8((y * 255 / height + noise * 3) & 0xFF)
                pixels[base + 2] = UInt8(((x ^ y) + noise) & 0xFF)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func decodedInto(_ data: Data, scale: Int, capacity: Int) -> (
        status: Int32, pixels: [UInt8], message: String
    ) {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        var status: Int32 = -1
        let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            status = data.withUnsafeBytes { raw in
                cimg_jpeg_decode_into(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(scale), atOnce, buffer.baseAddress,
                    capacity, &width, &height, &message, message.count)
            }
            count = status == 0 ? Int(width) * Int(height) * 3 : 0
        }
        return (status, pixels, ProgressiveDecodeTests.text(message))
    }

    @Test(arguments: [(1001, 903), (1080, 1920), (1920, 1081)])
    func theSplitGivesTheOnePartPixelsAtEveryScale(width: Int, height: Int) throws {
        let data = try #require(JPEGEncoder.encode(Self.detailed(width: width, height: height), quality: 85))
        for scale in 1...8 {
            let split = ProgressiveDecodeTests.decoded(data, scale: scale, everyScan: false)
            let one = ProgressiveDecodeTests.decoded(data, scale: scale, everyScan: true)
            let reversed = ProgressiveDecodeTests.decoded(data, scale: scale, everyScan: false, runner: Self.lowerFirst)
            let unsplit = ProgressiveDecodeTests.decoded(data, scale: scale, everyScan: false, runner: nil)
            let reversedSame = reversed.pixels == one.pixels
            let unsplitSame = unsplit.pixels == one.pixels
            #expect(reversed.status == 0 && reversedSame, "lower part first, \(width)×\(height) at \(scale)/8")
            #expect(unsplit.status == 0 && unsplitSame, "no runner, \(width)×\(height) at \(scale)/8")
            #expect(split.status == 0 && one.status == 0, "\(width)×\(height) at \(scale)/8")
            #expect(split.width == one.width && split.height == one.height, "\(width)×\(height) at \(scale)/8")
            // Compared to a Bool first: a failing `==` of megabyte arrays makes the test library
            // diff them element by element for its message.
            let same = split.pixels == one.pixels
            #expect(same, "\(width)×\(height) at \(scale)/8")
            let into = Self.decodedInto(data, scale: scale, capacity: one.width * one.height * 3)
            let intoSame = into.pixels == one.pixels
            #expect(into.status == 0 && intoSame, "into, \(width)×\(height) at \(scale)/8")
        }
    }

    /// A file cut in the upper part's rows or in the lower one's fails as the one-part decode
    /// does, with the same sentence.
    @Test(arguments: [0.2, 0.5, 0.8, 0.97])
    func aCutFileFailsAsInOnePart(fraction: Double) throws {
        let data = try #require(JPEGEncoder.encode(Self.detailed(width: 1080, height: 1200), quality: 85))
        let cut = data.prefix(Int(Double(data.count) * fraction))
        for scale in [3, 4, 8] {
            let split = ProgressiveDecodeTests.decoded(cut, scale: scale, everyScan: false)
            let one = ProgressiveDecodeTests.decoded(cut, scale: scale, everyScan: true)
            #expect(split.status == -1 && one.status == -1, "cut at \(fraction), \(scale)/8")
            #expect(split.message == one.message, "cut at \(fraction), \(scale)/8")
            #expect(split.message.contains("cut short"))
        }
    }

    /// Damage inside the entropy-coded data: the two decodes agree on success or failure, and on
    /// the pixels when both succeed.
    @Test func damagedDataAgreesWithOnePart() throws {
        var bytes = [UInt8](try #require(JPEGEncoder.encode(Self.detailed(width: 1080, height: 1200), quality: 85)))
        var state: UInt32 = 7
        for _ in 0..<40 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let at = 1000 + Int(state % UInt32(bytes.count - 1100))
            bytes[at] = UInt8(truncatingIfNeeded: state >> 24)
        }
        let data = Data(bytes)
        for scale in [3, 4, 8] {
            let split = ProgressiveDecodeTests.decoded(data, scale: scale, everyScan: false)
            let one = ProgressiveDecodeTests.decoded(data, scale: scale, everyScan: true)
            #expect(split.status == one.status, "\(scale)/8")
            let same = split.pixels == one.pixels
            #expect(same, "\(scale)/8")
        }
    }

    /// Pictures decoded and resampled from four tasks at once, over and over, their halves all
    /// on the one pool, are each the one-part picture.
    @Test func picturesAtOnceFromManyTasksAreEachTheOnePartPicture() async throws {
        let data = try #require(JPEGEncoder.encode(Self.detailed(width: 1080, height: 1920), quality: 85))
        let one = ProgressiveDecodeTests.decoded(data, scale: 3, everyScan: true)
        let reference = RGBImage(width: one.width, height: one.height, pixels: one.pixels).resampled(
            width: 450, height: 800)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    (0..<5).allSatisfy { _ in
                        let split = ProgressiveDecodeTests.decoded(data, scale: 3, everyScan: false)
                        let image = RGBImage(width: split.width, height: split.height, pixels: split.pixels)
                        return split.pixels == one.pixels
                            && image.resampled(width: 450, height: 800).pixels == reference.pixels
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == [true, true, true, true])
    }

    @Test func tooLittleSpaceIsRefusedBeforeDecoding() throws {
        let data = try #require(JPEGEncoder.encode(Self.detailed(width: 1001, height: 903), quality: 85))
        let needed = 376 * 339 * 3  // 1001×903 at 3/8, rounded up
        #expect(Self.decodedInto(data, scale: 3, capacity: needed).status == 0)
        let short = Self.decodedInto(data, scale: 3, capacity: needed - 1)
        #expect(short.status == -1)
        #expect(short.message.contains("larger than the space"))
    }
}
