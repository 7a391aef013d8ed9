import FeedPaging
import PicsumContent
public import StoryInterfaces

/// `content.source = picsum`: Lorem Picsum's authors as users (the live content source).
public enum PicsumContentPlugin: StoriesPlugin {
    /// `picsum`.
    public static let name = "picsum"
    /// One line about it.
    public static let summary = "Lorem Picsum authors and their photos, live"
    /// Authors grouped across list pages by FeedPaging, stories by PicsumContent.
    public static func make(_ settings: StoriesSettings) throws -> any StoryContentProviding {
        let client = SharedHTTP.client(settings.picsum)
        let grouped = GroupingPageFetcher(
            source: PicsumListFetcher(client: client), key: { UserID.picsumAuthor($0.author) })
        return PicsumStoryContent(authors: AuthorRuns(groups: grouped), endpoints: client.endpoints)
    }
}

/// FeedPaging's groups as the plain photo runs PicsumContent takes (neither package knows the other).
struct AuthorRuns: PageFetching {
    let groups: GroupingPageFetcher<Photo, UserID>

    func fetch(_ request: PageRequest) async throws -> Page<[Photo]> {
        let page = try await groups.fetch(request)
        return Page(request: request, elements: page.elements.map(\.elements), nextPage: page.nextPage)
    }
}
