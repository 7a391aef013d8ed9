import Foundation
import HTTPTypes
import StoryBase
import StoryInterfaces

/// Media as the web viewer serves it: versioned URLs, the type from the bytes, clips by range.
enum WebMedia {
    /// The largest clip served (as the terminal's decoder allows).
    static let maximumClipBytes = 2 << 30
    /// The chunk a file is streamed in: NIO's file system reads up to 8 ahead of a client, so
    /// a client that stops reading holds 8 of them (256 KiB), not the file.
    static let chunk = 32 << 10
    /// Each connection's socket send buffer.
    static let socketBuffer = 256 << 10

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

    /// Runs `build`, which tags `urls` (a stat per local file), on the bounded pool when one
    /// of them is a local file, so no file system call waits on the cooperative pool; at once
    /// when none is.
    static func tagging<T: Sendable>(_ urls: [URL?], _ build: @escaping @Sendable () throws -> T) async throws -> T {
        guard urls.contains(where: { $0?.isFileURL == true }) else { return try build() }
        return try await BlockingWork.files.run(build)
    }

    /// The URLs a story's page tags: the avatar, each item's media and a video's poster.
    static func urls(_ story: Story) -> [URL?] {
        [story.user.avatarURL]
            + story.items.flatMap { item -> [URL?] in
                guard case .video(let url, _, let poster) = item.media else { return [item.media.url] }
                return [url, poster]
            }
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

    /// A picture's MIME type from its first bytes (StoryBase's one sniffing rule), nil when it
    /// is none the page shows.
    static func pictureType(_ data: Data) -> String? {
        switch MediaFormat.sniff(data) {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .video, nil: nil
        }
    }

    /// A `Range: bytes=…` header against a file of `size` bytes: the first and last byte to
    /// send, `nil` for no range (the whole file), or
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
        return .part(lower...upper)
    }
}

extension WebMedia {
    /// An error for a page: what went wrong, never a local path (a file's path stays on this
    /// machine; the server's log has it).
    static func describe(_ error: any Error) -> String {
        var text = "\(error)"
        for marker in ["file://", "/"] {
            while let start = text.range(of: marker)?.lowerBound,
                start == text.startIndex || " (\"'“:=".contains(text[text.index(before: start)])
            {
                let end = text[start...].firstIndex(where: { " )\"'”,;".contains($0) }) ?? text.endIndex
                text.replaceSubrange(start..<end, with: "…")
            }
        }
        return text
    }
}

/// Where the server's blocking work runs: stat calls, file heads and the picture cache on
/// StoryBase's bounded pool (``OwnThread``), resizing one at a time on its own queue; the
/// files' bytes stream on NIO's thread pool (Hummingbird's `FileIO`).
enum BlockingWork {
    struct Pool: Sendable {
        func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await OwnThread.run(work)
        }
    }
    static let files = Pool()
    static let resizing = BlockingQueue(label: "stories.web.resize")
}
