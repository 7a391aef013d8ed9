/// Reads binary PPM pictures (`P6`, 8-bit) one after another from the bytes of a pipe, as
/// ffmpeg's `image2pipe` writes them: each carries its own size, so the decoder can fit a video
/// to a box without asking its size first. Bytes are appended as they come (in chunks of any
/// size); ``next()`` gives each picture once it is whole.
struct PPMFrameReader {
    private var buffer: [UInt8] = []
    private var start = 0
    /// The bytes are not PPM: nothing more is read from them.
    private(set) var isBroken = false

    /// Appends bytes read from the pipe.
    mutating func append(_ bytes: [UInt8]) {
        guard !isBroken else { return }  // nothing more is kept of a stream that is not PPM
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)  // what was read goes; the buffer holds about one picture
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole picture's width, height and RGB bytes; nil while it is not whole yet, or
    /// when the bytes are not PPM (``isBroken``).
    mutating func next() -> (width: Int, height: Int, pixels: [UInt8])? {
        guard !isBroken else { return nil }
        // The header: "P6", width, height, maximum value, each after whitespace, then one
        // whitespace byte before the pixels.
        var position = start
        func has(_ count: Int) -> Bool { buffer.count >= position + count }
        guard has(2) else { return nil }
        guard buffer[position] == 0x50, buffer[position + 1] == 0x36 else { return broken() }
        position += 2
        var fields: [Int] = []
        while fields.count < 3 {
            while true {
                guard has(1) else { return nil }
                guard Self.isSpace(buffer[position]) else { break }
                position += 1
            }
            var value = 0
            var digits = 0
            while true {
                guard has(1) else { return nil }
                let byte = buffer[position]
                guard byte >= 0x30, byte <= 0x39 else { break }
                guard value < 1 << 24 else { return broken() }
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                position += 1
            }
            guard digits > 0 else { return broken() }
            fields.append(value)
        }
        guard has(1) else { return nil }
        guard Self.isSpace(buffer[position]), fields[2] == 255, fields[0] > 0, fields[1] > 0 else { return broken() }
        position += 1
        let count = fields[0] * fields[1] * 3
        guard has(count) else { return nil }
        let pixels = Array(buffer[position..<(position + count)])
        start = position + count
        return (fields[0], fields[1], pixels)
    }

    private mutating func broken() -> (width: Int, height: Int, pixels: [UInt8])? {
        isBroken = true
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
