import PicsumContent
import StoryInterfaces
import StoryTerminal

/// The image pipeline over the shared HTTP client, with the memory and disk caches of
/// `images.*`: what the network content plugins hand the app as their image loader.
enum SharedImages {
    /// A pipeline for `configuration` (a disk cache that cannot be opened is skipped, not fatal).
    static func pipeline(_ configuration: PicsumConfiguration) -> ImagePipeline {
        ImagePipeline(
            client: SharedHTTP.client(configuration),
            memory: MemoryImageCache(limit: configuration.memoryCacheMaxBytes),
            disk: try? DiskImageCache(path: configuration.diskCachePath, limit: configuration.diskCacheMaxBytes),
            maxConcurrent: configuration.maxConcurrent,
            accepts: { try ImageDecoder.check($0) })  // refused media are never shown nor kept
    }
}
