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
        if VideoContainer.sniff(head) != nil { return .video }
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

extension MediaFormat {
    /// Whether `bytes` are an animated PNG (APNG): a PNG with an `acTL` chunk before its image
    /// data. Reads the chunks in the bytes given (the first 4 KiB hold them in real files).
    public static func isAnimatedPNG<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let head = Array(bytes.prefix(4096))
        guard head.count >= 8, Array(head[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            return false
        }
        var at = 8
        while at + 8 <= head.count {
            let length = Int(head[at]) << 24 | Int(head[at + 1]) << 16 | Int(head[at + 2]) << 8 | Int(head[at + 3])
            let type = String(decoding: head[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "acTL" { return true }
            if type == "IDAT" || length > 1 << 24 { return false }
            at += 12 + length
        }
        return false
    }

    /// Whether `bytes` move (a GIF, a WebP, an animated PNG, a video: what FFmpeg or libwebp
    /// decode, stills among them) rather than being a still JPEG or PNG; nil when they are no
    /// media at all. The first 4 KiB are enough.
    public static func moves<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool? {
        switch sniff(bytes) {
        case .gif?, .webp?, .video?: true
        case .png?: isAnimatedPNG(bytes)
        case .jpeg?: false
        case nil: nil
        }
    }
}

/// The container of a video (or of an animation: GIF, WebP, APNG), as its first bytes say:
/// what `ffmpeg` is told to read (`-f`), so a body that only looks like a video at one offset
/// cannot reach another of its demuxers (a DASH manifest naming local files, an HLS playlist).
public enum VideoContainer: String, Hashable, Sendable {
    /// ISO base media (MP4, QuickTime, 3GP): an `ftyp` box of plausible size first.
    case isoMedia = "mov"
    /// Matroska or WebM: the EBML magic.
    case matroska = "matroska"
    /// A GIF, still or animated.
    case gif = "gif"
    /// A WebP (FFmpeg 5.1 reads still ones only).
    case webp = "webp_pipe"
    /// An animated PNG.
    case apng = "apng"

    /// The container `bytes` start as; nil for anything else. An `ftyp` box must say a size
    /// between 8 and 4096 bytes (real ones are 20–40): `<!--ftyp…` has "ftyp" at offset 4 too.
    /// A PNG is a container only when animated (``MediaFormat/isAnimatedPNG(_:)``: pass its
    /// first 4 KiB).
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> VideoContainer? {
        let head = Array(bytes.prefix(16))
        guard head.count >= 8 else { return nil }
        if head[0...3] == [0x1A, 0x45, 0xDF, 0xA3] { return .matroska }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        if Array(head[4...7]) == Array("ftyp".utf8), (8...4096).contains(size) { return .isoMedia }
        if Array(head[0..<6]) == Array("GIF87a".utf8) || Array(head[0..<6]) == Array("GIF89a".utf8) { return .gif }
        if head.count >= 12, Array(head[0..<4]) == Array("RIFF".utf8), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        if MediaFormat.isAnimatedPNG(bytes) { return .apng }
        return nil
    }

    /// The `ffmpeg` demuxer that reads it (`-f`).
    public var demuxer: String { rawValue }

    /// The demuxer's options: animations loop as their files say (FFmpeg plays them once by
    /// default); the frames' limit ends an endless loop.
    public var demuxerOptions: [String] {
        switch self {
        case .gif, .apng: ["-ignore_loop", "0"]
        case .isoMedia, .matroska, .webp: []
        }
    }

    /// Whether it is a picture that may move (shown on the item's duration, looping) rather
    /// than a video (shown on its own length).
    public var isAnimation: Bool { self == .gif || self == .webp || self == .apng }
}
