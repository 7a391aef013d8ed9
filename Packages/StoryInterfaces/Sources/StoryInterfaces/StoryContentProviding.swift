/// A content source: the users of the tray and their stories (PRODUCT.md §1).
///
/// Implementations: the live Picsum source, the bundled catalog (the mock) and stories
/// documents. The composition root picks one from `content.source`.
public protocol StoryContentProviding: Sendable {
    /// The source's configured name, as `tray --json` prints it ("picsum", "bundled", "file").
    var sourceName: String { get }

    /// One tray page: the stories whose users belong on page `request.page`.
    func stories(_ request: PageRequest) async throws -> Page<Story>

    /// The story of one user, or ``StoryContentError/unknownUser(_:)``.
    func story(for user: UserID) async throws -> Story
}

/// Errors every content source reports the same way.
public enum StoryContentError: Error, Hashable, Sendable {
    /// No user with this id exists in the source.
    case unknownUser(UserID)
    /// No item with this id exists in the source.
    case unknownItem(StoryItemID)
}
