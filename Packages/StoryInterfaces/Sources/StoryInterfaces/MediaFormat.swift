/// What a media body's bytes say it is: the one sniffing rule for the image pipeline (which
/// stores only bodies that sniff as media) and the terminal (which decodes them).
public enum MediaFormat: String, Hashable, Sendable {
    /// JPEG (`FF D8 FF`).
    case jpeg = "JPEG"
    /// PNG.
    case png = "PNG"
    /// GIF.
    case gif = "GIF"
    /// WebP.
    case webp = "WebP"
    /// A video: MP4 or QuickTime (an `ftyp` box), WebM or Matroska (the EBML magic).
    case video = "video"

    /// Sniffs the first bytes; nil when they are none of these (HTML, JSON, text…).
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> MediaFormat? {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ftyp".utf8), at: 4) || starts([0x1A, 0x45, 0xDF, 0xA3]) { return .video }
        return nil
    }

    /// Whether `bytes` of this format end as a complete file does (JPEG's EOI marker, PNG's
    /// IEND chunk, GIF's trailer, WebP's RIFF length); a cut-off body fails this. Videos are
    /// not checked.
    public func looksComplete<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bool {
        let tail = Array(bytes.suffix(12))
        switch self {
        case .jpeg:
            // EOI, possibly followed by padding some encoders add.
            let trimmed = Array(tail.reversed().drop { $0 == 0x00 || $0 == 0x0A || $0 == 0x0D }.reversed())
            return trimmed.suffix(2) == [0xFF, 0xD9]
        case .png:
            return tail.count == 12 && Array(tail[4..<8]) == Array("IEND".utf8)
        case .gif:
            return tail.last == 0x3B
        case .webp:
            let head = Array(bytes.prefix(8))
            guard head.count == 8 else { return false }
            let length = Int(head[4]) | Int(head[5]) << 8 | Int(head[6]) << 16 | Int(head[7]) << 24
            return bytes.count >= length + 8
        case .video:
            return true
        }
    }
}
