import CImageCodecs
public import Foundation
public import StoryBase
public import StoryInterfaces

/// Why an image could not be decoded. None of these ends the process; the CLI exits 65.
public enum ImageDecodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are no image format at all.
    case notAnImage
    /// A format this build shows as a placeholder (GIF, WebP, video).
    case unsupported(ImageFormat)
    /// Larger than the limits on untrusted input (pixels or bytes).
    case tooLarge(String)
    /// The decoder refused the data.
    case corrupt(format: ImageFormat, detail: String)

    /// A GIF or WebP: not drawn here, but the app hands it to FFmpeg (not a failure to warn of).
    public var isForFFmpeg: Bool { self == .unsupported(.gif) || self == .unsupported(.webp) }

    /// One line.
    public var description: String {
        switch self {
        case .notAnImage: "not an image: the data is not JPEG, PNG, GIF or WebP"
        case .unsupported(let format): "\(format.rawValue) images are not supported; only JPEG and PNG are drawn"
        case .tooLarge(let detail): "the image is too large: \(detail)"
        case .corrupt(let format, let detail): "the \(format.rawValue) data is damaged: \(detail)"
        }
    }
}

/// Decodes JPEG (libjpeg-turbo, scaled in the decoder) and PNG (libpng) to ``RGBImage``.
public enum ImageDecoder {
    /// Bodies larger than this are refused (PRODUCT.md §5: 25 MiB).
    public static let maximumBytes = 25 << 20
    /// Images with more pixels than this are refused before decoding (50 MP).
    public static let maximumPixels = 50_000_000

    /// The image's pixel size from its header, without decoding: as it stands upright (a JPEG
    /// whose EXIF says it lies on its side has its sides swapped).
    public static func size(of data: Data) throws(ImageDecodeError) -> (width: Int, height: Int, format: ImageFormat) {
        guard let format = ImageFormat.sniff(data) else { throw .notAnImage }
        guard format.isDecodable else { throw .unsupported(format) }
        var width: Int32 = 0
        var height: Int32 = 0
        var progressive: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress
            return format == .jpeg
                ? cimg_jpeg_info(bytes, raw.count, &width, &height, &progressive, &message, message.count)
                : cimg_png_info(bytes, raw.count, &width, &height, &message, message.count)
        }
        guard status == 0 else { throw .corrupt(format: format, detail: Self.text(message)) }
        if format == .jpeg, ImageOrientation.of(jpeg: data).swapsSides { return (Int(height), Int(width), format) }
        return (Int(width), Int(height), format)
    }

    /// Whether `data` is an image this decoder would draw, from its header alone: a format it
    /// decodes, at most ``maximumBytes`` and ``maximumPixels``. The one rule for every path
    /// that shows or keeps media (the viewer, `view --keys`, the image caches).
    @discardableResult
    public static func check(_ data: Data) throws(ImageDecodeError) -> (width: Int, height: Int, format: ImageFormat) {
        guard data.count <= maximumBytes else { throw .tooLarge("\(data.count) bytes; the limit is \(maximumBytes)") }
        let (width, height, format) = try size(of: data)
        guard width > 0, height > 0, width * height <= maximumPixels else {
            throw .tooLarge("\(width)×\(height) pixels; the limit is \(maximumPixels / 1_000_000) megapixels")
        }
        return (width, height, format)
    }

    /// Decodes `data` at the smallest size that still covers `minimumWidth × minimumHeight`
    /// pixels with the aspect kept (JPEGs are scaled by libjpeg-turbo's IDCT at M/8; PNGs
    /// are decoded whole). Pass 0 for the full size. A JPEG's EXIF orientation is honoured: the
    /// picture comes upright (sizes here are upright ones too).
    public static func decode(_ data: Data, covering minimumWidth: Int = 0, _ minimumHeight: Int = 0)
        throws(ImageDecodeError) -> RGBImage
    {
        let (width, height, format) = try check(data)
        let orientation = format == .jpeg ? ImageOrientation.of(jpeg: data) : .up
        var outWidth: Int32 = 0
        var outHeight: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        if format == .jpeg {
            let scale = scaleNumerator(width: width, height: height, covering: minimumWidth, minimumHeight)
            // Decoded straight into the image's own storage: the stored picture's sides
            // (before the EXIF turn) scaled by scale/8, rounded up as libjpeg does.
            let (storedWidth, storedHeight) = orientation.swapsSides ? (height, width) : (width, height)
            let capacity = (storedWidth * scale + 7) / 8 * ((storedHeight * scale + 7) / 8) * 3
            var status: Int32 = -1
            let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                status = data.withUnsafeBytes { raw in
                    cimg_jpeg_decode_into(
                        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(scale), Parallel.runner,
                        buffer.baseAddress,
                        capacity, &outWidth, &outHeight, &message, message.count)
                }
                count = status == 0 ? Int(outWidth) * Int(outHeight) * 3 : 0
            }
            guard status == 0 else { throw .corrupt(format: format, detail: Self.text(message)) }
            return RGBImage(width: Int(outWidth), height: Int(outHeight), pixels: pixels).oriented(orientation)
        }
        var output: UnsafeMutablePointer<UInt8>?
        let status = data.withUnsafeBytes { raw -> Int32 in
            cimg_png_decode(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &output, &outWidth, &outHeight, &message,
                message.count)
        }
        guard status == 0, let output else { throw .corrupt(format: format, detail: Self.text(message)) }
        defer { cimg_free(output) }
        let count = Int(outWidth) * Int(outHeight) * 3
        return RGBImage(
            width: Int(outWidth), height: Int(outHeight),
            pixels: Array(UnsafeBufferPointer(start: output, count: count))
        ).oriented(orientation)
    }

    /// The smallest M (1...8) such that the image scaled by M/8 still covers the target.
    static func scaleNumerator(width: Int, height: Int, covering targetWidth: Int, _ targetHeight: Int) -> Int {
        guard targetWidth > 0 || targetHeight > 0 else { return 8 }  // no target: full size
        for numerator in 1...8 {
            let scaledWidth = (width * numerator + 7) / 8
            let scaledHeight = (height * numerator + 7) / 8
            if scaledWidth >= targetWidth, scaledHeight >= targetHeight { return numerator }
        }
        return 8
    }

    private static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? "unknown error" : text
    }
}
