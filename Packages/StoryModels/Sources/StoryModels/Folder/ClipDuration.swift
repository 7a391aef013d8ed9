import Foundation
import StoryBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long a clip of the user's own lasts, read from its container's header without decoding:
/// an MP4 or QuickTime file's `mvhd` box (found among the top-level boxes wherever `moov` sits,
/// at the start or after the media), a Matroska or WebM file's Segment Info `Duration`. So a
/// 4 s clip is a 4 s item, not the 15 s a clip was assumed to last.
///
/// Written here rather than asked of FFmpeg: listing a folder must not start a process a
/// file, and the two headers are a few dozen lines; anything unexpected is nil (the caller
/// keeps its assumption).
enum ClipDuration {
    /// The clip at `path`'s duration, or nil when its header does not say (or cannot be read).
    static func of(path: String) -> Duration? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let head = read(fd, at: 0, count: 4) else { return nil }
        if head == [0x1A, 0x45, 0xDF, 0xA3] { return matroska(fd) }
        return mp4(fd)
    }

    /// When the MP4/QuickTime clip at `path` was made, as its `mvhd` box says (seconds since
    /// 1904, UTC, as cameras and phones write it); nil for another container, a zero time, or
    /// a header that cannot be read.
    static func creationDate(path: String) -> Date? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let header = movieHeaderOffset(fd), let version = read(fd, at: header, count: 1)?.first,
            let field = read(fd, at: header + 4, count: version == 1 ? 8 : 4)
        else { return nil }
        let seconds = integer(field)
        // 1904-01-01 to 1970-01-01 is 2,082,844,800 s; a zero or absurd time says nothing.
        guard seconds > 2_082_844_800, seconds < 2_082_844_800 + 4_102_444_800 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds - 2_082_844_800))
    }

    /// `count` bytes at `offset`, or nil when the file is shorter.
    private static func read(_ fd: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
        guard count > 0, offset <= UInt64(Int64.max) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + got, count - got, off_t(offset) + off_t(got))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            got += read
        }
        return bytes
    }

    private static func integer(_ bytes: some Collection<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The `mvhd` box's duration over its timescale: `moov` found among at most 64 top-level
    /// boxes, `mvhd` among its first 64 children.
    private static func mp4(_ fd: Int32) -> Duration? {
        movieHeaderOffset(fd).flatMap { movieHeader(fd, at: $0) }
    }

    /// Where `mvhd`'s content starts: `moov` among at most 64 top-level boxes, `mvhd` among
    /// its first 64 children.
    private static func movieHeaderOffset(_ fd: Int32) -> UInt64? {
        var offset: UInt64 = 0
        for _ in 0..<64 {
            guard let (type, header, size) = box(fd, at: offset) else { return nil }
            if type == "moov" {
                var child = offset + header
                let end = size == 0 ? UInt64.max : offset + size
                for _ in 0..<64 where child < end {
                    guard let (type, header, size) = box(fd, at: child) else { return nil }
                    if type == "mvhd" { return child + header }
                    guard size >= header else { return nil }
                    child += size
                }
                return nil
            }
            guard size >= header else { return nil }  // 0: the box runs to the end of the file
            offset += size
        }
        return nil
    }

    /// A box's type, header length and whole size (0: to the end of the file).
    private static func box(_ fd: Int32, at offset: UInt64) -> (String, UInt64, UInt64)? {
        guard let header = read(fd, at: offset, count: 8) else { return nil }
        let type = String(decoding: header[4..<8], as: UTF8.self)
        let size = integer(header[0..<4])
        if size == 1 {
            guard let large = read(fd, at: offset + 8, count: 8) else { return nil }
            return (type, 16, integer(large))
        }
        return (type, 8, size)
    }

    /// `mvhd`'s content: version 0 (32-bit times) or 1 (64-bit).
    private static func movieHeader(_ fd: Int32, at offset: UInt64) -> Duration? {
        guard let version = read(fd, at: offset, count: 1)?.first else { return nil }
        let (at, length) = version == 1 ? (offset + 20, 8) : (offset + 12, 4)
        guard let fields = read(fd, at: at, count: 4 + length) else { return nil }
        let timescale = integer(fields[0..<4])
        let units = integer(fields[4...])
        guard timescale > 0, units > 0, units != UInt64(UInt32.max), units != UInt64.max else { return nil }
        return seconds(Double(units) / Double(timescale))
    }

    /// Segment → Info → Duration (a float, in TimestampScale units: 1 ms unless it says),
    /// within the file's first 256 KiB.
    private static func matroska(_ fd: Int32) -> Duration? {
        guard let head = try? BoundedFile.head(of: fd, count: 256 << 10, path: "") else { return nil }
        let bytes = [UInt8](head)
        var reader = EBMLReader(bytes: bytes)
        // EBML header, then Segment: its children hold Info.
        guard let ebml = reader.element(), ebml.id == 0x1A45_DFA3 else { return nil }
        reader.position = ebml.end
        guard let segment = reader.element(), segment.id == 0x1853_8067 else { return nil }
        reader.position = segment.start
        while let element = reader.element(), element.start <= bytes.count {
            if element.id == 0x1549_A966 {  // Info
                var scale = 1_000_000.0
                var units: Double?
                reader.position = element.start
                while reader.position < min(element.end, bytes.count), let field = reader.element() {
                    let value = bytes[field.start..<min(field.end, bytes.count)]
                    if field.id == 0x2A_D7B1 { scale = Double(integer(value)) }  // TimestampScale
                    if field.id == 0x4489 {  // Duration
                        let raw = integer(value)
                        units = value.count == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
                    }
                    reader.position = field.end
                }
                guard let units, units.isFinite, units > 0, scale > 0 else { return nil }
                return seconds(units * scale / 1e9)
            }
            guard element.end > reader.position || element.end == element.start else { return nil }
            reader.position = element.end
        }
        return nil
    }

    private static func seconds(_ value: Double) -> Duration? {
        guard value.isFinite, value > 0, value < 86_400 * 365 else { return nil }
        return .milliseconds(Int64((value * 1000).rounded()))
    }
}

/// EBML's variable-length ids and sizes, over bytes in memory.
private struct EBMLReader {
    let bytes: [UInt8]
    var position = 0

    /// The element at the position: its id, where its content starts and ends; the position
    /// moved to its content. Nil past the bytes or on a malformed length.
    mutating func element() -> (id: UInt64, start: Int, end: Int)? {
        guard let id = number(keepingMarker: true), let size = number(keepingMarker: false) else { return nil }
        let start = position
        // All ones: an unknown size (a live stream's Segment): to the end of what is read.
        let unknown = size.isUnknown
        let end = unknown ? bytes.count : start + Int(clamping: size.value)
        return (id.value, start, end)
    }

    private mutating func number(keepingMarker: Bool) -> (value: UInt64, isUnknown: Bool)? {
        guard position < bytes.count, bytes[position] != 0 else { return nil }
        let first = bytes[position]
        let length = first.leadingZeroBitCount + 1
        guard position + length <= bytes.count else { return nil }
        var value = UInt64(keepingMarker ? first : first & (0xFF >> length))
        var allOnes = value == UInt64(0xFF >> length)
        for byte in bytes[(position + 1)..<(position + length)] {
            value = value << 8 | UInt64(byte)
            allOnes = allOnes && byte == 0xFF
        }
        position += length
        return (value, allOnes && !keepingMarker)
    }
}
