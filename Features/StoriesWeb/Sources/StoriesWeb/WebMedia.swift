import Foundation
import HTTPTypes
import StoryBase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Media as the web viewer serves it: versioned URLs, the type from the bytes, clips by range.
enum WebMedia {
    /// The largest clip served (as the terminal's decoder allows).
    static let maximumClipBytes = 2 << 30
    /// The most bytes one range answer carries; a browser asks again for the rest.
    static let maximumRangeBytes = 4 << 20

    /// A short version tag for a source URL: its text and, for a local file, its size and
    /// modification time — so a changed file gets a new URL and `immutable` stays true.
    static func tag(_ url: URL?) -> String {
        guard let url else { return "none" }
        var text = url.absoluteString
        if url.isFileURL, let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) {
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            text += "|\(size)|\(modified)"
        }
        return WebAssets.fingerprint(text)
    }

    /// The extension a clip's URL gets (Safari plays nothing without one).
    static func clipExtension(_ url: URL) -> String {
        switch url.pathExtension.lowercased() {
        case "webm": "webm"
        case "mov": "mov"
        case "m4v": "m4v"
        default: "mp4"
        }
    }

    /// The MIME type of a clip by its extension.
    static func clipType(_ ext: String) -> String {
        switch ext {
        case "webm": "video/webm"
        case "mov": "video/quicktime"
        default: "video/mp4"
        }
    }

    /// A picture's MIME type from its first bytes, nil when it is none the page shows.
    static func pictureType(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// A `Range: bytes=…` header against a file of `size` bytes: the first and last byte to
    /// send (at most ``maximumRangeBytes``), `nil` for no range (the whole file), or
    /// `.unsatisfiable` (416). Several ranges are answered with the first.
    enum RangeAnswer: Equatable {
        case whole
        case part(ClosedRange<Int>)
        case unsatisfiable
    }

    static func range(_ header: String?, size: Int) -> RangeAnswer {
        guard let header = header?.trimmingCharacters(in: .whitespaces), header.hasPrefix("bytes=") else {
            return .whole
        }
        let first = header.dropFirst(6).split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let spec = first, let dash = spec.firstIndex(of: "-") else { return .unsatisfiable }
        let start = spec[..<dash]
        let end = spec[spec.index(after: dash)...]
        let lower: Int
        var upper: Int
        if start.isEmpty {
            guard let suffix = Int(end), suffix > 0, size > 0 else { return .unsatisfiable }
            lower = max(0, size - suffix)
            upper = size - 1
        } else {
            guard let from = Int(start), from >= 0, from < size else { return .unsatisfiable }
            lower = from
            if end.isEmpty {
                upper = size - 1
            } else {
                guard let to = Int(end), to >= from else { return .unsatisfiable }
                upper = min(to, size - 1)
            }
        }
        upper = min(upper, lower + maximumRangeBytes - 1)
        return .part(lower...upper)
    }

    /// Reads `range` of an open file.
    static func read(_ descriptor: Int32, _ range: ClosedRange<Int>) throws -> Data {
        var data = Data(count: range.count)
        var done = 0
        try data.withUnsafeMutableBytes { buffer in
            while done < range.count {
                let got = pread(
                    descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { throw WebError(.internalServerError, "the clip could not be read") }
                done += got
            }
        }
        return data
    }
}
