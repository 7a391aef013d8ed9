/// The image caches every source's pictures go through: `images.cache.path`,
/// `images.cache.maxBytes` (256 MiB, the video clips' cache beside it has as much),
/// `images.memory.maxBytes` (64 MiB).
public struct ImageCacheSettings: Hashable, Sendable {
    /// The disk cache's folder.
    public var diskPath: String
    /// The disk cache's limit in bytes, enforced at every write.
    public var diskMaxBytes: Int
    /// The memory cache's limit in bytes.
    public var memoryMaxBytes: Int

    /// Cache settings.
    public init(diskPath: String, diskMaxBytes: Int = 256 << 20, memoryMaxBytes: Int = 64 << 20) {
        self.diskPath = diskPath
        self.diskMaxBytes = diskMaxBytes
        self.memoryMaxBytes = memoryMaxBytes
    }
}
