import Foundation
import StoryBase
import StoryImages
import StoryInterfaces
import StoryModels
import StoryTerminal
import VideoDecoding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `read(2)` on standard input into `buffer` (named apart from `RenderInput.read`).
private func readStandardInput(_ buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
}

/// Reading the file to render, with the size limit on untrusted input.
enum RenderInput {
    /// The argument as an http(s) URL, if it is one.
    static func webURL(_ text: String) -> URL? {
        guard text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://"),
            let url = URL(string: text),
            url.host != nil
        else { return nil }
        return url
    }

    /// The argument as a bundled sample's URL (`bundled://samples/NAME.jpg`), if it is one.
    static func bundledURL(_ text: String) -> URL? {
        guard text.hasPrefix(BundledCatalog.scheme + "://") else { return nil }
        return URL(string: text)
    }

    /// Whether `data` is for FFmpeg: a GIF, a WebP, an animated PNG or a video container.
    static func isForFFmpeg(_ data: Data) -> Bool {
        switch MediaFormat.sniff(data) {
        case .gif?, .webp?, .video?: true
        case .png?: MediaFormat.isAnimatedPNG(data)
        default: false
        }
    }

    /// The first picture of an animation or a video, fitted into `box` pixels by `ffmpeg` (the
    /// viewer's decoder), as a JPEG for the drawing path every picture takes. The bytes go to a
    /// private temporary file first (FFmpeg reads files); it is removed after.
    static func firstPicture(_ data: Data, box: (width: Int, height: Int), name: String) async throws -> Data {
        try await withTemporaryCopy(data, name: name) { file in try await firstPicture(file, box: box, name: name) }
    }

    /// `data` in a private temporary file for `body` (FFmpeg reads files), removed after.
    static func withTemporaryCopy<T>(_ data: Data, name: String, _ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stories-render-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("input")
        guard FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw RenderInputError.unreadable(name, "a temporary copy cannot be made in \(folder.path)") }
        return try await body(file)
    }

    private static func firstPicture(_ file: URL, box: (width: Int, height: Int), name: String) async throws -> Data {
        let frames = FFmpegVideoDecoder().frames(
            file, fittingWidth: max(1, box.width), height: max(1, box.height), frameRate: 24)
        defer { frames.stop() }
        let frame: VideoFrame?
        do { frame = try await frames.first() } catch let error as VideoDecodeError {
            throw RenderInputError.unreadable(name, String(describing: error))
        }
        guard let frame,
            let jpeg = JPEGEncoder.encode(
                RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels), quality: 92)
        else { throw RenderInputError.unreadable(name, "it has no picture to show") }
        return jpeg
    }

    /// An animation or a video played in half blocks, each frame at its time over the one
    /// before (the cursor moved back up by the rows drawn), `loops` passes (0: until Ctrl-C;
    /// a GIF's own loop-forever flag is not obeyed: a pass is one play of its frames), as
    /// the viewer's decoder makes them (`ffmpeg`, at most 60 s a run).
    static func play(
        _ data: Data, name: String, loops: Int, box: (width: Int, height: Int), margin: Int?, depth: ColorMode
    ) async throws {
        try await withTemporaryCopy(data, name: name) { file in
            var drawn = 0
            var round = 0
            while loops == 0 || round < loops {
                round += 1
                let frames = FFmpegVideoDecoder().frames(
                    file, fittingWidth: max(1, box.width), height: max(1, box.height), frameRate: 15,
                    limit: StoryItem.maximumVideoDuration, loopsAsTheFileSays: false)
                defer { frames.stop() }
                let started = ContinuousClock.now
                var shown = 0
                do {
                    for try await frame in frames {
                        try await ContinuousClock().sleep(until: started + frame.time)
                        let image = RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels)
                        let rows = (frame.height + 1) / 2
                        let left = margin.map { max(0, ($0 - frame.width) / 2) } ?? 0
                        var buffer = CellBuffer(width: left + frame.width, height: rows)
                        ImageCells.draw(
                            image, into: &buffer, x: left, y: 0, columns: frame.width, rows: rows, depth: depth)
                        let back = drawn > 0 ? Array("\u{1B}[\(drawn)A\r".utf8) : []
                        try StandardStreams.writeOutput(back + TerminalRenderer(depth: depth).lines(buffer))
                        drawn = rows
                        shown += 1
                    }
                } catch let error as VideoDecodeError {
                    throw RenderInputError.unreadable(name, String(describing: error))
                }
                if shown == 0 { throw RenderInputError.unreadable(name, "it has no picture to show") }
            }
        }
    }

    /// The controlling terminal opened to read its answers when standard input is a pipe
    /// (POSIX's /dev/tty: Linux and macOS alike); nil when there is none.
    static func openTerminal() -> Int32? {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    /// `-`, or `/dev/stdin` (a pipe there cannot be opened as a file is).
    static func isStandardInput(_ text: String) -> Bool { text == "-" || text == "/dev/stdin" }

    /// Standard input to its end, at most ``ImageDecoder/maximumBytes`` (blocking: off the pool).
    static func standardInput() throws(RenderInputError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = readStandardInput(&chunk)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable("standard input", "it cannot be read") }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
            guard data.count <= ImageDecoder.maximumBytes else {
                throw .unreadable(
                    "standard input", "it is over the limit of \(Wording.bytes(ImageDecoder.maximumBytes))")
            }
        }
        guard !data.isEmpty else { throw .unreadable("standard input", "it is empty") }
        return data
    }

    static func read(_ path: String) throws(RenderInputError) -> Data {
        // `ftp://…`, `file:/…`, `data:…`: a URL of a kind not read here, not a missing file.
        if let colon = path.firstIndex(of: ":"), path[..<colon].count >= 2,
            path[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            path[path.index(after: colon)...].hasPrefix("/") || !FileManager.default.fileExists(atPath: path)
        {
            throw .unreadable(
                path,
                "\(path[..<colon].lowercased()): URLs are not read; give a file, an http(s) URL or a bundled:// sample")
        }
        do {
            return try BoundedFile.contents(of: path, limit: ImageDecoder.maximumBytes)
        } catch {
            throw .unreadable(path, error.reason)
        }
    }
}

/// The file to render could not be read (exit 65).
struct RenderInputError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    static func unreadable(_ path: String, _ reason: String) -> RenderInputError {
        RenderInputError(path: path, reason: reason)
    }

    var description: String { "cannot render \(path): \(reason)" }
}
