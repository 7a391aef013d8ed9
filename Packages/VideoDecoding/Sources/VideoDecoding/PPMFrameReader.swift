import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads binary PPM pictures (`P6`, 8-bit) one after another from a pipe, as ffmpeg's
/// `image2pipe` writes them: each carries its own size, so the decoder can fit a video to a
/// box without asking its size first.
struct PPMFrameReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next picture's width, height and RGB bytes; nil at the end of the stream (or a
    /// stream that is not PPM).
    mutating func next() -> (width: Int, height: Int, pixels: [UInt8])? {
        // The header: "P6", width, height, maximum value, each after whitespace, then one
        // whitespace byte before the pixels.
        if start > 0 {
            buffer.removeFirst(start)  // what was read goes; the buffer holds about one picture
            start = 0
        }
        var fields: [Int] = []
        var position = 0
        guard fill(to: position + 2), buffer[position] == 0x50, buffer[position + 1] == 0x36 else { return nil }
        position += 2
        while fields.count < 3 {
            while true {
                guard fill(to: position + 1) else { return nil }
                guard Self.isSpace(buffer[position]) else { break }
                position += 1
            }
            var value = 0
            while true {
                guard fill(to: position + 1) else { return nil }
                let byte = buffer[position]
                guard byte >= 0x30, byte <= 0x39, value < 1 << 24 else { break }
                value = value * 10 + Int(byte - 0x30)
                position += 1
            }
            fields.append(value)
        }
        guard fill(to: position + 1), Self.isSpace(buffer[position]), fields[2] == 255, fields[0] > 0, fields[1] > 0
        else { return nil }
        position += 1
        let count = fields[0] * fields[1] * 3
        guard fill(to: position + count) else { return nil }
        let pixels = Array(buffer[position..<(position + count)])
        start = position + count
        return (fields[0], fields[1], pixels)
    }

    /// Reads until the buffer holds `end` bytes; false at the end of the stream. Each read
    /// takes what the pipe holds (read(2)), never waiting for more than is needed: Foundation's
    /// `read(upToCount:)` waits for the whole count, which held a small first frame back until
    /// the next ones filled it.
    private mutating func fill(to end: Int) -> Bool {
        while buffer.count < end {
            let wanted = max(1 << 16, end - buffer.count)
            let before = buffer.count
            buffer.reserveCapacity(before + wanted)
            var got = 0
            buffer.append(contentsOf: repeatElement(0, count: wanted))
            buffer.withUnsafeMutableBytes { bytes in
                repeat {
                    got = read(handle.fileDescriptor, bytes.baseAddress! + before, wanted)
                } while got < 0 && errno == EINTR
            }
            buffer.removeLast(wanted - max(0, got))
            if got <= 0 { return false }
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
