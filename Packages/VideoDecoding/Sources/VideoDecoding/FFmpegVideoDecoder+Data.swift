public import Foundation
public import StoryBase
public import StoryInterfaces

extension FFmpegVideoDecoder {
    /// Whether `data` is decoded here rather than as a still: a GIF, a WebP, an animated PNG or
    /// a video container.
    public static func decodes(_ data: Data) -> Bool { MediaFormat.moves(data) == true }

    /// An animation or a video held in memory, fitted inside `width` × `height` pixels: with
    /// `passes`, played that many times (0: until the task is cancelled), each frame handed to
    /// `draw` at its time (``VideoPlayback/paced(_:)``, the viewer's pacing); without, its
    /// first picture alone. A file's own loop-forever flag is not obeyed: a pass is one play of
    /// its frames, at most ``StoryItem/maximumVideoDuration``. Errors are ``VideoFailure``s
    /// saying what is wrong with the data.
    public func play(
        _ data: Data, fittingWidth width: Int, height: Int, passes: Int?,
        draw: (VideoFrame) async throws -> Void
    ) async throws {
        try await Self.withTemporaryFile(of: data) { file in
            var pass = 0
            repeat {
                pass += 1
                let frames = self.frames(
                    file, fittingWidth: max(1, width), height: max(1, height), frameRate: passes == nil ? 24 : 15,
                    limit: StoryItem.maximumVideoDuration, loopsAsTheFileSays: false)
                defer { frames.stop() }
                var shown = 0
                do {
                    guard let passes else {
                        if let frame = try await frames.first() { try await draw(frame) } else { break }
                        return
                    }
                    for try await frame in VideoPlayback.paced(frames) {
                        try await draw(frame)
                        shown += 1
                    }
                    if shown > 0, passes != 0, pass >= passes { return }
                } catch let error as VideoDecodeError {
                    throw VideoFailure(error.aboutTheFile)
                }
                if shown == 0 { break }
            } while true
            throw VideoFailure("it has no picture to show")
        }
    }

    /// `data` in a private temporary file for `body` (FFmpeg reads files; a folder of mode 0700
    /// holding a file of 0600 in the temporary folder), written on the blocking pool and
    /// removed after, whatever `body` does.
    static func withTemporaryFile<T>(of data: Data, _ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stories-clip-\(UUID().uuidString)", isDirectory: true)
        let file = folder.appendingPathComponent("input")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await OwnThread.run { () throws(VideoFailure) in
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            } catch {
                throw VideoFailure("a temporary folder cannot be made in \(folder.deletingLastPathComponent().path)")
            }
            guard
                FileManager.default.createFile(
                    atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
            else { throw VideoFailure("a temporary copy cannot be made in \(folder.path)") }
        }
        return try await body(file)
    }
}
