public import StoryInterfaces

/// ``StoryContentProviding`` over a decoded stories document (`content.source = file`): a tray
/// page is `limit` users in document order (a users-pages document's own pages only give the
/// order, PRODUCT.md §3).
public struct FileStoryContent: StoryContentProviding {
    /// `file`.
    public let sourceName = "file"
    /// The document served.
    public let document: StoryDocument

    /// Serves `document`.
    public init(document: StoryDocument) {
        self.document = document
    }

    /// Users `(page-1)·limit ..< page·limit`.
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        StoryPaging.page(document.stories, request)
    }

    /// The user's story, or ``StoryContentError/unknownUser(_:)``.
    public func story(for user: UserID) async throws -> Story {
        try StoryPaging.story(for: user, in: document.stories)
    }
}
