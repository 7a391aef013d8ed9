public import Foundation
public import StoryInterfaces
public import Testing

/// A closure-backed ``ImageLoading``: every closure left out fails the test when called.
public struct TestImageLoader: ImageLoading {
    /// Answers ``imageData(for:priority:)``.
    public var onImageData: @Sendable (URL, ImagePriority) async throws -> Data
    /// Answers ``prefetch(_:)``.
    public var onPrefetch: @Sendable ([URL]) async -> Void

    /// Creates a double; closures not given record an issue (and throw ``UnexpectedCall``).
    public init(
        onImageData: (@Sendable (URL, ImagePriority) async throws -> Data)? = nil,
        onPrefetch: (@Sendable ([URL]) async -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.onImageData =
            onImageData ?? { _, _ in
                throw UnexpectedCall.record("imageData(for:priority:)", sourceLocation: sourceLocation)
            }
        self.onPrefetch =
            onPrefetch ?? { _ in _ = UnexpectedCall.record("prefetch(_:)", sourceLocation: sourceLocation) }
    }

    /// Calls ``onImageData``.
    public func imageData(for url: URL, priority: ImagePriority) async throws -> Data {
        try await onImageData(url, priority)
    }
    /// Calls ``onPrefetch``.
    public func prefetch(_ urls: [URL]) async { await onPrefetch(urls) }
}
