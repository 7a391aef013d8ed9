public import Foundation
public import StoryInterfaces

extension FFmpegVideoDecoder {
    /// `data` in a private temporary file for `body` (FFmpeg reads files; a folder of mode 0700
    /// holding a file of 0600 in the temporary folder), removed after, whatever `body` does.
    public static func withTemporaryFile<T>(of data: Data, _ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stories-clip-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("input")
        guard FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw VideoFailure("a temporary copy cannot be made in \(folder.path)") }
        return try await body(file)
    }
}
