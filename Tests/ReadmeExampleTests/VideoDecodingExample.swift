import Foundation
import StoryInterfaces
import VideoDecoding

/// Packages/VideoDecoding/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum VideoDecodingExample {
    static func run(
        clipURL: URL, fetch: @escaping @Sendable (URL) async throws -> Data,
        show: @escaping @Sendable (VideoPicture) -> Void
    ) async throws {
        // README
        let videos = VideoRuntime(locate: { $0.isFileURL ? $0 : nil }, download: { url, _ in try await fetch(url) })
        let prepared = try await videos.prepare(
            "ada-3", clip: clipURL, box: VideoBox(width: 320, height: 568, frameRate: 15), priority: .high)
        if case .video(let video, first: let first) = prepared {
            show(first)
            videos.play("ada-3", video) { event in if case .frame(let frame) = event { show(frame) } }
        }
        // /README
    }
}
