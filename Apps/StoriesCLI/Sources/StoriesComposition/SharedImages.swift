import PicsumContent
import StoryInterfaces
import StoryTerminal
import VideoDecoding

/// The image pipeline over the shared HTTP client, with the memory and disk caches of
/// `images.*`: what the network content plugins hand the app as their image loader.
enum SharedImages {
    /// A pipeline for `configuration`'s requests and `cache`'s caches (a disk cache that
    /// cannot be opened is skipped, not fatal).
    static func pipeline(_ configuration: PicsumConfiguration, cache: ImageCacheSettings) -> ImagePipeline {
        ImagePipeline(
            client: SharedHTTP.client(configuration),
            memory: MemoryImageCache(limit: cache.memoryMaxBytes),
            disk: try? DiskImageCache(path: cache.diskPath, limit: cache.diskMaxBytes),
            maxConcurrent: configuration.network.maxConcurrent,
            accepts: { try ImageDecoder.check($0) })  // refused media are never shown nor kept
    }

    /// The pipeline for video clips: the same client, no memory cache (a clip is written to a
    /// file once per run and played from there), a disk cache of its own beside the images'
    /// (`<images.cache.path>-videos`, the same size cap), and only bodies that start like an
    /// MP4 or WebM file kept.
    /// What a clip's body may be: a video, or a JPEG or PNG picture (a document that marks a
    /// photo's URL as a video: it is shown as the picture, on the item's declared duration).
    static let clipFormats: Set<MediaFormat> = [.video, .jpeg, .png]

    static func clipPipeline(_ configuration: PicsumConfiguration, cache: ImageCacheSettings) -> ImagePipeline {
        ImagePipeline(
            client: SharedHTTP.client(configuration),
            memory: MemoryImageCache(limit: 0),
            disk: try? DiskImageCache(path: cache.diskPath + "-videos", limit: cache.diskMaxBytes),
            maxConcurrent: configuration.network.maxConcurrent,
            // A video, or a picture a document calls a video (shown as the picture it is).
            accepts: { body in
                guard let format = MediaFormat.sniff(body), Self.clipFormats.contains(format) else {
                    throw VideoDecodeError.notAVideo
                }
            })
    }
}
