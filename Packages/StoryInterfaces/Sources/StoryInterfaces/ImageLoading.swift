public import Foundation

/// How urgently an image is wanted.
public enum ImagePriority: Int, Comparable, Hashable, Sendable {
    /// Prefetch: wanted soon, may wait behind everything else.
    case low = 0
    /// On screen now.
    case high = 1

    /// Orders low before high.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The image pipeline's role: bytes for a URL, from memory, disk or network (PRODUCT.md §5).
///
/// Identical requests in flight share one download; a download is cancelled when every
/// caller waiting for it has been cancelled.
public protocol ImageLoading: Sendable {
    /// The encoded image bytes for `url` (JPEG, PNG, GIF or WebP).
    func imageData(for url: URL, priority: ImagePriority) async throws -> Data

    /// Starts loading `urls` at low priority without waiting for them.
    func prefetch(_ urls: [URL]) async
}
