public import StoryInterfaces
public import Testing

/// A closure-backed ``PageFetching``: fails the test when called without `onFetch`.
public struct TestPageFetcher<Element: Sendable>: PageFetching {
    /// Answers ``fetch(_:)``.
    public var onFetch: @Sendable (PageRequest) async throws -> Page<Element>

    /// Creates a double; without `onFetch` a call records an issue and throws ``UnexpectedCall``.
    public init(
        onFetch: (@Sendable (PageRequest) async throws -> Page<Element>)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.onFetch =
            onFetch ?? { _ in throw UnexpectedCall.record("fetch(_:)", sourceLocation: sourceLocation) }
    }

    /// Calls ``onFetch``.
    public func fetch(_ request: PageRequest) async throws -> Page<Element> { try await onFetch(request) }
}
