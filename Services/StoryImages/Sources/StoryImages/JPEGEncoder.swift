import CImageCodecs
public import Foundation

/// Pixels to a JPEG through libjpeg-turbo (the C shim): iTerm2's inline pictures and
/// picsum-stub's served images.
public enum JPEGEncoder {
    /// `image` as a JPEG at `quality` (1...100), progressive when asked; nil if libjpeg fails
    /// (or the image is empty).
    public static func encode(_ image: RGBImage, quality: Int, progressive: Bool = false) -> Data? {
        guard image.width > 0, image.height > 0 else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = image.pixels.withUnsafeBufferPointer {
            cimg_jpeg_encode(
                $0.baseAddress, Int32(image.width), Int32(image.height), Int32(max(1, min(100, quality))),
                progressive ? 1 : 0, &output, &length)
        }
        guard status == 0, let output else { return nil }
        defer { cimg_free(output) }
        return Data(bytes: output, count: length)
    }
}
