import CTerminalGraphics
import Foundation
public import StoryImages

/// The kitty graphics protocol's commands (sw.kovidgoyal.net/kitty/graphics-protocol): an APC
/// `ESC _ G keys ; payload ESC \`, the payload base64 in chunks of at most 4096 bytes with `m=1`
/// on all but the last (the keys ride on the first chunk only).
///
/// Images are sent as 24-bit RGB (`f=24`), compressed with zlib (`o=z`) when asked (less than
/// half the bytes for a photo, at about 8 ms for 450×800 pixels), given an id (`i`) so they are
/// sent once and placed, moved and deleted by id. Commands are quiet (`q=2`: the terminal
/// sends no answer into the input) unless asked otherwise — the interactive screens send
/// pictures and placements with `q=1`, so a refusal comes back (as
/// ``InputEvent/graphicsReply(_:)``) and the picture is sent again — and leave the cursor where
/// it was (`C=1`).
public enum KittyGraphics {
    /// Largest base64 payload per escape sequence.
    public static let chunkSize = 4096

    /// Transmits `image` as image `id` and places it at the cursor over `columns × rows`
    /// cells (the terminal scales it to them).
    /// With `files` (a folder, ``KittyFiles``), the pixels go by temporary file. `trailer` is
    /// written after the command, in the same array (a megabyte's copy saved over `+`).
    public static func transmitAndPlace(
        _ image: RGBImage, id: UInt32, columns: Int, rows: Int, compressed: Bool = true, files: String? = nil,
        trailer: [UInt8] = []
    ) -> [UInt8] {
        transmission(
            image, keys: placedKeys(id: id, columns: columns, rows: rows), compressed: compressed, files: files,
            trailer: trailer)
    }

    /// ``transmitAndPlace(_:id:columns:rows:compressed:files:trailer:)``'s inline, uncompressed
    /// bytes handed to `write` sixteen chunks at a time from one reused buffer instead of built
    /// whole: the same bytes, without a megabyte of fresh memory (~290 page faults, ~0.6 ms, for a
    /// 405×720 picture).
    public static func writeTransmitAndPlace(
        _ image: RGBImage, id: UInt32, columns: Int, rows: Int, trailer: [UInt8] = [],
        to write: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let first =
            "\(placedKeys(id: id, columns: columns, rows: rows)),f=24,s=\(image.width),v=\(image.height),q=2"
        let keysLength = first.utf8.count
        let group = chunkSize / 4 * 3 * 16
        var buffer = [UInt8](repeating: 0, count: cterm_kitty_chunks_size(group, keysLength, chunkSize) + trailer.count)
        try image.pixels.withUnsafeBufferPointer { pixels in
            try first.withCString { keys in
                try buffer.withUnsafeMutableBufferPointer { out in
                    var from = 0
                    repeat {
                        let to = min(pixels.count, from + group)
                        var count = cterm_kitty_chunks_range(
                            pixels.baseAddress, pixels.count, from, to, keys, keysLength, chunkSize, out.baseAddress)
                        if to == pixels.count {
                            for byte in trailer {
                                out[count] = byte
                                count += 1
                            }
                        }
                        try write(UnsafeRawBufferPointer(start: out.baseAddress, count: count))
                        from = to
                    } while from < pixels.count
                }
            }
        }
    }

    /// The keys of a picture sent and placed at the cursor over `columns × rows` cells.
    static func placedKeys(id: UInt32, columns: Int, rows: Int) -> String {
        "a=T,i=\(id),c=\(max(1, columns)),r=\(max(1, rows)),C=1"
    }

    /// Transmits `image` as image `id` without showing it. With `opaque`, as 32-bit RGBA
    /// (`f=32`): the pixels whose entry is false are transparent. With `files` (a folder,
    /// ``KittyFiles``), the pixels go by temporary file, uncompressed.
    public static func transmit(
        _ image: RGBImage, opaque: [Bool]? = nil, id: UInt32, compressed: Bool = true, quiet: Int = 2,
        files: String? = nil
    ) -> [UInt8] {
        transmission(image, opaque: opaque, keys: "a=t,i=\(id)", compressed: compressed, quiet: quiet, files: files)
    }

    /// Places the transmitted image `id` with its top left corner `offsetX, offsetY` pixels into
    /// the cell under the cursor, at one screen pixel per image pixel, as placement `placement`
    /// (over the text of its cells, which the screens leave blank).
    public static func place(id: UInt32, placement: UInt32, offsetX: Int, offsetY: Int, quiet: Int = 2) -> [UInt8] {
        command("a=p,i=\(id),p=\(placement),X=\(max(0, offsetX)),Y=\(max(0, offsetY)),C=1", quiet: quiet)
    }

    /// Removes one placement of image `id`; the image stays in the terminal.
    public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
        command("a=d,d=i,i=\(id),p=\(placement)")
    }

    /// Places the transmitted image `id` at the cursor over `columns × rows` cells, as
    /// placement `placement` (placing it again with the same placement id moves it).
    public static func place(id: UInt32, placement: UInt32 = 1, columns: Int, rows: Int) -> [UInt8] {
        command("a=p,i=\(id),p=\(placement),c=\(max(1, columns)),r=\(max(1, rows)),C=1")
    }

    /// Removes image `id`'s placements from the screen; the terminal keeps its pixels, so it
    /// can be placed again without sending it.
    public static func deletePlacements(id: UInt32) -> [UInt8] { command("a=d,d=i,i=\(id)") }

    /// Removes image `id` and frees its pixels in the terminal.
    public static func deleteImage(id: UInt32) -> [UInt8] { command("a=d,d=I,i=\(id)") }

    /// Removes every placement on the screen; the terminal keeps the images (a new frame).
    public static let deleteVisiblePlacements: [UInt8] = command("a=d,d=a")

    /// Removes every image placement on the screen, freeing the images (on quitting).
    public static let deleteAll: [UInt8] = command("a=d,d=A")

    /// Asks whether the terminal speaks the protocol: a terminal that does answers
    /// `ESC _ G i=31;OK ESC \` (or an error), one that does not ignores it.
    public static let query: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    /// One command without a payload.
    static func command(_ keys: String, quiet: Int = 2) -> [UInt8] {
        Array("\u{1B}_G\(keys),q=\(quiet)\u{1B}\\".utf8)
    }

    /// The image as chunked escape sequences, `keys` on the first; or, with `files`, one command
    /// naming a temporary file that holds the pixels (inline when the file cannot be written).
    static func transmission(
        _ image: RGBImage, opaque: [Bool]? = nil, keys: String, compressed wanted: Bool, quiet: Int = 2,
        files: String? = nil, trailer: [UInt8] = []
    ) -> [UInt8] {
        var raw = image.pixels
        var format = 24
        if let opaque, opaque.count == image.width * image.height {
            format = 32
            raw = [UInt8](repeating: 0, count: opaque.count * 4)
            for index in opaque.indices {
                raw[index * 4] = image.pixels[index * 3]
                raw[index * 4 + 1] = image.pixels[index * 3 + 1]
                raw[index * 4 + 2] = image.pixels[index * 3 + 2]
                raw[index * 4 + 3] = opaque[index] ? 255 : 0
            }
        }
        let sizeKeys = "f=\(format),s=\(image.width),v=\(image.height)"
        if let files, let path = KittyFiles.write(raw, in: files) {
            return KittyFiles.command(keys: "\(keys),\(sizeKeys),q=\(quiet)", path: path) + trailer
        }
        let compressed = wanted ? deflate(raw) : nil
        let first = "\(keys),\(sizeKeys)" + (compressed == nil ? "" : ",o=z") + ",q=\(quiet)"
        return chunked(compressed ?? raw, firstKeys: first, trailer: trailer)
    }

    /// `bytes` as base64 in chunks of ``chunkSize`` characters: the keys and `m=1` on the
    /// first, `m=1` on the middle ones, `m=0` on the last. Encoded and chunked in one pass in C
    /// (Foundation's base64, then a copy into chunks, was 12 M instructions of a 405×720
    /// picture; this is 3 M).
    static func chunked(_ bytes: [UInt8], firstKeys: String, trailer: [UInt8] = []) -> [UInt8] {
        let keysLength = firstKeys.utf8.count
        let capacity = cterm_kitty_chunks_size(bytes.count, keysLength, chunkSize) + trailer.count
        return [UInt8](unsafeUninitializedCapacity: capacity) { out, count in
            count = bytes.withUnsafeBufferPointer { input in
                firstKeys.withCString { keys in
                    cterm_kitty_chunks(input.baseAddress, input.count, keys, keysLength, chunkSize, out.baseAddress)
                }
            }
            for byte in trailer {
                out[count] = byte
                count += 1
            }
        }
    }

    /// zlib-compressed bytes (level 1: fast, and photographs gain little from more), or nil if
    /// compression failed (the raw pixels are sent then).
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = bytes.withUnsafeBufferPointer { cterm_deflate($0.baseAddress, $0.count, 1, &output, &size) }
        guard status == 0, let output else { return nil }
        defer { cterm_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

extension KittyGraphics {
    /// `bytes` inflated, when they inflate to exactly `count` bytes (an `o=z` payload read back).
    static func inflate(_ bytes: [UInt8], count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var size = count
        let status = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { cterm_inflate(input.baseAddress, input.count, $0.baseAddress, &size) }
        }
        return status == 0 && size == count ? out : nil
    }
}
