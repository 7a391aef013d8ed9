public import StoryInterfaces
public import Testing

/// A closure-backed ``PhotoCataloging``: every closure left out fails the test when called.
public struct TestPhotoCatalog: PhotoCataloging {
    /// Answers ``photos(_:)``.
    public var onPhotos: @Sendable (PageRequest) async throws -> Page<Photo>
    /// Answers ``photo(id:)``.
    public var onPhoto: @Sendable (PhotoID) async throws -> Photo

    /// Creates a double; closures not given record an issue and throw ``UnexpectedCall``.
    public init(
        onPhotos: (@Sendable (PageRequest) async throws -> Page<Photo>)? = nil,
        onPhoto: (@Sendable (PhotoID) async throws -> Photo)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.onPhotos =
            onPhotos ?? { _ in throw UnexpectedCall.record("photos(_:)", sourceLocation: sourceLocation) }
        self.onPhoto =
            onPhoto ?? { _ in throw UnexpectedCall.record("photo(id:)", sourceLocation: sourceLocation) }
    }

    /// Calls ``onPhotos``.
    public func photos(_ request: PageRequest) async throws -> Page<Photo> { try await onPhotos(request) }
    /// Calls ``onPhoto``.
    public func photo(id: PhotoID) async throws -> Photo { try await onPhoto(id) }
}
