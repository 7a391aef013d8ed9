import PicsumContent
import StoryInterfaces
import StoryTerminal
import VideoDecoding

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

    /// The pipeline for video clips: the same client, no memory cache (a clip is written to a
    /// file once per run and played from there), a disk cache of its own beside the images'
    /// (`<images.diskCachePath>-videos`, the same size cap), and only bodies that start like an
    /// MP4 or WebM file kept.
    static func clipPipeline(_ configuration: PicsumConfiguration) -> ImagePipeline {
        ImagePipeline(
            client: SharedHTTP.client(configuration),
            memory: MemoryImageCache(limit: 0),
            disk: try? DiskImageCache(
                path: configuration.diskCachePath + "-videos", limit: configuration.diskCacheMaxBytes),
            maxConcurrent: configuration.maxConcurrent,
            accepts: { if MediaFormat.sniff($0) != .video { throw VideoDecodeError.notAVideo } })
    }
}
