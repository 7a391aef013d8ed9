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

    /// An animation or a video through the viewer's decoder (`ffmpeg`, or libwebp): in half
    /// blocks, `loops` passes, each frame drawn over the one before (0: until Ctrl-C); without
    /// `loops`, its first picture as a still (its pixels, never encoded to be decoded again).
    static func animation(_ data: Data, name: String, picture: TerminalPicture, loops: Int?) async throws {
        var drawn = picture.frames
        do {
            try await FFmpegVideoDecoder().play(
                data, fittingWidth: picture.frameBox.width, height: picture.frameBox.height, passes: loops
            ) { frame in
                let image = RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels)
                guard loops != nil else {
                    return try picture.write(.decoded(image)) { try StandardStreams.writeOutput($0) }
                }
                try StandardStreams.writeOutput(drawn.next(image))
            }
        } catch let error as VideoFailure {
            throw RenderInputError.unreadable(name, error.description)
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
        let data: Data
        do {
            data = try BoundedFile.stream(STDIN_FILENO, limit: ImageDecoder.maximumBytes, name: "standard input")
        } catch {
            throw .unreadable(
                "standard input",
                error.size == nil ? error.reason : "it is over the limit of \(Wording.bytes(ImageDecoder.maximumBytes))"
            )
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
