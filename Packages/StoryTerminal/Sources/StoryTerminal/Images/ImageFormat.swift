/// What a body's first bytes say it is.
public enum ImageFormat: String, Hashable, Sendable {
    /// JPEG (`FF D8 FF`): decoded with libjpeg-turbo.
    case jpeg = "JPEG"
    /// PNG: decoded with libpng.
    case png = "PNG"
    /// GIF: shown as a placeholder.
    case gif = "GIF"
    /// WebP: shown as a placeholder.
    case webp = "WebP"
    /// An MP4 or QuickTime video.
    case video = "video"

    /// Sniffs `bytes`; nil when they are none of these.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) { return .video }
        return nil
    }

    /// Whether this build can decode it (else a placeholder names the type).
    public var isDecodable: Bool { self == .jpeg || self == .png }
}
