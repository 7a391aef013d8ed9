import CImageCodecs
import Foundation
import StoryImages
import Testing

/// A progressive JPEG is decoded only until the coefficients the output scale reads are final
/// the picture must be the very one a decode of every scan gives, at every scale.
@Suite("Progressive JPEGs stop at the scans the scale needs")
struct ProgressiveDecodeTests {
    /// Noise over gradients, odd-sized: every coefficient of every component matters.
    static let detailed: RGBImage = {
        let width = 203
        let height = 157
        var state: UInt32 = 0x9E37_79B9
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 26)
                let base = (y * width + x) * 3
                pixels[base] = UInt8((x * 255 / width + noise) & 0xFF)
                pixels[base + 1] = UInt8((y * 255 / height + noise * 3) & 0xFF)
                pixels[base + 2] = UInt8(((x ^ y) * 2 + noise) & 0xFF)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }()

    /// A decode through the shim (in parts by `runner` unless it reads every scan): its status,
    /// size, pixels and (on failure) its message.
    static func decoded(_ data: Data, scale: Int, everyScan: Bool, runner: cimg_runner? = SplitDecodeTests.atOnce) -> (
        status: Int32, width: Int, height: Int, pixels: [UInt8], message: String
    ) {
        var output: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress
            return everyScan
                ? cimg_jpeg_decode_every_scan(
                    bytes, raw.count, Int32(scale), &output, &width, &height, &message, message.count)
                : cimg_jpeg_decode(
                    bytes, raw.count, Int32(scale), runner, &output, &width, &height, &message, message.count)
        }
        let text = Self.text(message)
        guard status == 0, let output else { return (status, 0, 0, [], text) }
        defer { cimg_free(output) }
        let pixels = Array(UnsafeBufferPointer(start: output, count: Int(width) * Int(height) * 3))
        return (status, Int(width), Int(height), pixels, text)
    }

    /// A C message buffer's text.
    static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where each scan starts (its SOS marker).
    static func scanOffsets(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        return (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }

    @Test(arguments: [30, 75, 95])
    func everyScaleGivesTheSamePixelsAsEveryScan(quality: Int) throws {
        let data = try #require(JPEGEncoder.encode(Self.detailed, quality: quality, progressive: true))
        #expect(Self.scanOffsets(data).count == 10, "libjpeg's standard progression")
        for scale in 1...8 {
            let early = Self.decoded(data, scale: scale, everyScan: false)
            let full = Self.decoded(data, scale: scale, everyScan: true)
            #expect(early.status == 0 && full.status == 0)
            #expect(early.width == full.width && early.height == full.height, "scale \(scale)/8")
            #expect(early.pixels == full.pixels, "scale \(scale)/8 at quality \(quality)")
        }
    }

    @Test func theFixturesDecodeTheSameAtEveryScale() throws {
        for name in ["progressive-64x48.jpg", "baseline-64x48.jpg"] {
            let data = try Fixture.data(name)
            for scale in 1...8 {
                #expect(
                    Self.decoded(data, scale: scale, everyScan: false).pixels
                        == Self.decoded(data, scale: scale, everyScan: true).pixels, "\(name) at \(scale)/8")
            }
        }
    }

    /// At 1/8 a 4:2:0 picture needs the luma's DC and the chroma's odd AC coefficients (libjpeg
    /// widens chroma to a 2×2 transform): final after scan 9 of the standard ten. So a file cut
    /// before its last scan still shows, exactly; one cut before the ninth is damaged.
    @Test func aFileCutAfterTheNeededScansStillShowsAtOneEighth() throws {
        let data = try #require(JPEGEncoder.encode(Self.detailed, quality: 90, progressive: true))
        let scans = Self.scanOffsets(data)
        let whole = Self.decoded(data, scale: 1, everyScan: true)
        let cutBeforeLast = Self.decoded(data.prefix(scans[9]), scale: 1, everyScan: false)
        #expect(cutBeforeLast.status == 0)
        #expect(cutBeforeLast.pixels == whole.pixels)
        #expect(Self.decoded(data.prefix(scans[8]), scale: 1, everyScan: false).status != 0)
        #expect(Self.decoded(data.prefix(scans[9]), scale: 2, everyScan: false).status != 0, "2/8 reads luma AC too")
        #expect(Self.decoded(data.prefix(scans[9]), scale: 1, everyScan: true).status != 0, "every scan: damaged")
    }

    /// The resampler's rounding moved to C (vectorised there): the very bytes Swift's rule gives,
    /// ties and the ends included.
    @Test func theCRoundingIsSwiftsRule() {
        var values: [Float] = [
            -1000, -1, -0.5, -0.0001, 0, 0.4999, 0.5, 1.5, 2.5, 254.49, 254.5, 255, 255.49, 255.5, 300, 1e9,
        ]
        values += (0..<4000).map { Float($0) * 0.0625 }
        var out = [UInt8](repeating: 7, count: values.count)
        cimg_round_floats(values, &out, values.count)
        for (value, byte) in zip(values, out) {
            #expect(byte == UInt8(min(255, Int(max(0, value) + 0.5))), "\(value)")
        }
    }
}
