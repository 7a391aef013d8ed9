import Foundation
import StoryImages

/// A WebP's pictures as libwebp composes them on its canvas (an animation's frames blended
/// and disposed as the file says), one at a time, each with when it ends.
final class WebPAnimation {
    let library: WebPLibrary
    /// The file's bytes: libwebp reads them for as long as the decoder lives.
    private let bytes: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    /// The canvas's size.
    let width: Int
    let height: Int
    /// Passes the file asks for (0: forever).
    let loopCount: Int
    /// Pictures in one pass.
    let frameCount: Int

    /// The file's animation, or why not.
    init(_ data: Data, library: WebPLibrary) throws(VideoDecodeError) {
        self.library = library
        bytes = .allocate(byteCount: max(1, data.count), alignment: 16)
        bytes.copyBytes(from: data)
        let options = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        let webpData = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        let info = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer {
            options.deallocate()
            webpData.deallocate()
            info.deallocate()
        }
        options.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
        info.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
        webpData.storeBytes(of: UnsafeRawPointer(bytes.baseAddress!), as: UnsafeRawPointer.self)
        webpData.storeBytes(of: data.count, toByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: Int.self)
        guard library.optionsInit(options, WebPLibrary.abiVersion) != 0 else {
            bytes.deallocate()
            throw .unreadablePicture("this libwebp is too old for animated WebP")
        }
        options.storeBytes(of: WebPLibrary.premultipliedRGBA, as: Int32.self)
        options.storeBytes(of: Int32(0), toByteOffset: 4, as: Int32.self)  // no threads of its own
        guard let decoder = library.new(webpData, options, WebPLibrary.abiVersion) else {
            bytes.deallocate()
            throw .unreadablePicture("not a readable WebP")
        }
        guard library.getInfo(decoder, info) != 0 else {
            library.delete(decoder)
            bytes.deallocate()
            throw .unreadablePicture("not a readable WebP")
        }
        self.decoder = decoder
        func field(_ index: Int) -> Int { Int(info.load(fromByteOffset: 4 * index, as: UInt32.self)) }
        width = field(0)
        height = field(1)
        loopCount = field(2)
        frameCount = field(4)
    }

    deinit {
        library.delete(decoder)
        bytes.deallocate()
    }

    /// The next picture (`width × height` premultiplied RGBA, valid until the next call) and
    /// when the file says it ends, in milliseconds from the pass's start; nil after the last
    /// or at damage.
    func next() -> (canvas: UnsafePointer<UInt8>, end: Int)? {
        guard library.hasMoreFrames(decoder) != 0 else { return nil }
        var canvas: UnsafeMutablePointer<UInt8>? = nil
        var timestamp: Int32 = 0
        guard library.getNext(decoder, &canvas, &timestamp) != 0, let canvas else { return nil }
        return (UnsafePointer(canvas), Int(timestamp))
    }

    /// Back to the first picture.
    func rewind() { library.reset(decoder) }

    /// How long a picture shows: as the file says, but 100 ms for 10 ms or less, as browsers
    /// do (many files say 0 and mean "the default").
    static func shown(_ milliseconds: Int) -> Int { milliseconds <= 10 ? 100 : milliseconds }

    /// `canvas` (`width × height` premultiplied RGBA) fitted inside `boxWidth × boxHeight`,
    /// aspect kept, as RGB on black: StoryImages' resampler (each pixel the average of the
    /// canvas's pixels it covers, as FFmpeg's `area` scaling gives the other clips).
    static func fitted(
        _ canvas: UnsafePointer<UInt8>, width: Int, height: Int, boxWidth: Int, boxHeight: Int
    ) -> (width: Int, height: Int, pixels: [UInt8]) {
        let boxWidth = max(1, boxWidth)
        let boxHeight = max(1, boxHeight)
        let (outWidth, outHeight) =
            width * boxHeight <= height * boxWidth
            ? (max(1, min(boxWidth, (width * boxHeight + height / 2) / height)), boxHeight)
            : (boxWidth, max(1, min(boxHeight, (height * boxWidth + width / 2) / width)))
        // Premultiplied over black: the colour channels are the picture on black already.
        let rgb = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            for pixel in 0..<(width * height) {
                out[pixel * 3] = canvas[pixel * 4]
                out[pixel * 3 + 1] = canvas[pixel * 4 + 1]
                out[pixel * 3 + 2] = canvas[pixel * 4 + 2]
            }
            count = width * height * 3
        }
        let picture = RGBImage(width: width, height: height, pixels: rgb).resampled(width: outWidth, height: outHeight)
        return (picture.width, picture.height, picture.pixels)
    }
}
