import Foundation
import ImageCaching
import StoryInterfaces

/// Services/ImageCaching/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum ImageCachingExample {
    /// The download the README leaves to the reader.
    static func fetch(_ url: URL) async throws -> Data { Data() }

    static func run() async throws {
        // README
        let images = ImagePipeline(
            download: { url in try await fetch(url) },  // any whole-body download, e.g. PicsumClient.imageData
            memory: MemoryImageCache(limit: 64 << 20),
            disk: try DiskImageCache(path: NSTemporaryDirectory() + "stories-cache", limit: 256 << 20),
            maxConcurrent: 6)
        let body = try await images.imageData(for: URL(string: "https://picsum.photos/id/10/400/600")!, priority: .high)
        // /README
        _ = body
    }
}
