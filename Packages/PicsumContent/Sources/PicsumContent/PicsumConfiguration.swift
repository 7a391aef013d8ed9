public import Foundation

/// How the live Picsum source and its image pipeline behave; filled by the composition root.
///
/// ## Configuration keys
/// - `picsum.baseURL` (default `https://picsum.photos`, `--picsum-url`): http or https only.
/// - `network.timeout` (15 s) / `network.retries` (3) / `network.maxConcurrent` (4).
/// - `images.cache.path` / `images.cache.maxBytes` (256 MiB) / `images.memory.maxBytes` (64 MiB).
public struct PicsumConfiguration: Hashable, Sendable {
    /// Picsum's address.
    public var baseURL: URL
    /// How long one request may take.
    public var timeout: Duration
    /// How many times a failed request is retried (5xx, 429, timeouts).
    public var retries: Int
    /// How many downloads run at once.
    public var maxConcurrent: Int
    /// The disk cache's folder.
    public var diskCachePath: String
    /// The disk cache's limit in bytes, enforced at every write.
    public var diskCacheMaxBytes: Int
    /// The memory cache's limit in bytes.
    public var memoryCacheMaxBytes: Int

    /// Creates a configuration.
    public init(
        baseURL: URL, timeout: Duration = .seconds(15), retries: Int = 3, maxConcurrent: Int = 4,
        diskCachePath: String, diskCacheMaxBytes: Int = 256 << 20, memoryCacheMaxBytes: Int = 64 << 20
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.retries = retries
        self.maxConcurrent = maxConcurrent
        self.diskCachePath = diskCachePath
        self.diskCacheMaxBytes = diskCacheMaxBytes
        self.memoryCacheMaxBytes = memoryCacheMaxBytes
    }
}
