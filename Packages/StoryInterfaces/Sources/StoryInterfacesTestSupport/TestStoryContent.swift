public import StoryInterfaces
public import Testing

/// A closure-backed ``StoryContentProviding``: every closure left out fails the test when called.
public struct TestStoryContent: StoryContentProviding {
    /// The name returned by ``sourceName``.
    public var sourceName: String
    /// Answers ``stories(_:)``.
    public var onStories: @Sendable (PageRequest) async throws -> Page<Story>
    /// Answers ``story(for:)``.
    public var onStory: @Sendable (UserID) async throws -> Story

    /// Creates a double; closures not given record an issue and throw ``UnexpectedCall``.
    public init(
        sourceName: String = "test",
        onStories: (@Sendable (PageRequest) async throws -> Page<Story>)? = nil,
        onStory: (@Sendable (UserID) async throws -> Story)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.sourceName = sourceName
        self.onStories =
            onStories ?? { _ in throw UnexpectedCall.record("stories(_:)", sourceLocation: sourceLocation) }
        self.onStory =
            onStory ?? { _ in throw UnexpectedCall.record("story(for:)", sourceLocation: sourceLocation) }
    }

    /// Calls ``onStories``.
    public func stories(_ request: PageRequest) async throws -> Page<Story> { try await onStories(request) }
    /// Calls ``onStory``.
    public func story(for user: UserID) async throws -> Story { try await onStory(user) }
}
