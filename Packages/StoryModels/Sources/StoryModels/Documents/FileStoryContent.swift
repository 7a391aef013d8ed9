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
        let start = min(document.count, request.offset)
        let end = min(document.count, start + request.limit)
        return Page(
            request: request, elements: document.stories(in: start..<end),
            nextPage: end < document.count ? request.page + 1 : nil)
    }

    /// The user's story, or ``StoryContentError/unknownUser(_:)``.
    public func story(for user: UserID) async throws -> Story {
        guard let story = document.story(for: user) else { throw StoryContentError.unknownUser(user) }
        return story
    }
}
