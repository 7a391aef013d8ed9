import Foundation
import ImageCaching
import PicsumContent
import StoryBase
import StoryImages
import StoryInterfaces
import StoryModels
import StoryTerminal
import Synchronization
import VideoDecoding

/// The image pipeline over the shared HTTP client, with the memory and disk caches of
/// `images.*`: what the network content plugins hand the app as their image loader.
enum SharedImages {
    /// A pipeline for `configuration`'s requests and `cache`'s caches (a disk cache that
    /// cannot be opened is skipped, not fatal).
    static func pipeline(_ configuration: PicsumConfiguration, cache: ImageCacheSettings) -> ImagePipeline {
        ImagePipeline(
            download: download(configuration),
            memory: MemoryImageCache(limit: cache.memoryMaxBytes),
            disk: try? DiskImageCache(path: cache.diskPath, limit: cache.diskMaxBytes),
            maxConcurrent: configuration.network.maxConcurrent,
            accepts: { try ImageDecoder.check($0) })  // refused media are never shown nor kept
    }

    /// The pipeline for video clips: the same client, no memory cache (a clip is written to a
    /// file once per run and played from there), a disk cache of its own beside the images'
    /// (`<images.cache.path>-videos`, the same size cap), and only bodies that start like an
    /// MP4 or WebM file kept.
    /// What a clip's body may be: a video, a GIF or WebP (an image item's, which FFmpeg
    /// decodes), or a JPEG or PNG picture (a document that marks a photo's URL as a video: it
    /// is shown as the picture, on the item's declared duration; an APNG plays).
    static let clipFormats: Set<MediaFormat> = [.video, .gif, .webp, .jpeg, .png]

    static func clipPipeline(_ configuration: PicsumConfiguration, cache: ImageCacheSettings) -> ImagePipeline {
        ImagePipeline(
            download: download(configuration),
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

    /// Whole bodies through the shared HTTP client (Picsum's limits, redirects and retries).
    static func download(_ configuration: PicsumConfiguration) -> @Sendable (URL) async throws -> Data {
        let client = SharedHTTP.client(configuration)
        return { url in try await client.imageData(url) }
    }

    /// The video role: `ffmpeg` decoding clips that are bundled, local files, or downloaded
    /// through ``clipDownloads(_:cache:)``.
    @Sendable static func videoRuntime(_ root: CompositionRoot) -> any VideoPlaying {
        VideoRuntime(locate: clipFile, download: clipDownloads(root.settings.picsum, cache: root.settings.imageCache))
    }

    /// The video role's clip downloads: through ``clipPipeline(_:cache:)``, made on first use
    /// (bundled clips never start the HTTP client).
    static func clipDownloads(_ configuration: PicsumConfiguration, cache: ImageCacheSettings)
        -> @Sendable (URL, ImagePriority) async throws -> Data
    {
        let made = Mutex<ImagePipeline?>(nil)
        return { url, priority in
            let pipeline = made.withLock { made in
                if let made { return made }
                let new = clipPipeline(configuration, cache: cache)
                made = new
                return new
            }
            return try await pipeline.imageData(for: url, priority: priority)
        }
    }

    /// The file a clip URL names on this machine: a bundled clip (or why it is missing from
    /// the installation), a local file; nil for a URL to download.
    @Sendable static func clipFile(_ url: URL) throws -> URL? {
        switch url.scheme {
        case BundledCatalog.scheme:
            guard let file = BundledCatalog.videoFile(for: url) else {
                throw VideoFailure(
                    "the bundled clip \(url.absoluteString) is missing from the installation: "
                        + BundledResources.missingAdvice)
            }
            return file
        case "file": return url
        default: return nil
        }
    }
}
