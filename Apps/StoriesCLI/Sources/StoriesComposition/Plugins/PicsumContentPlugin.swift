import FeedPaging
import Foundation
import PicsumContent
import StoryBase
import StoryInterfaces

/// `content.source = picsum`: Lorem Picsum's authors as users, its list as the gallery, its
/// resized images for thumbnails and details (the live content source).
public enum PicsumContentPlugin: StoriesPlugin {
    /// `picsum`.
    public static let name = "picsum"
    /// One line about it.
    public static let summary = "Lorem Picsum authors and their photos, live"

    /// Authors grouped across list pages by FeedPaging, stories by PicsumContent; images through
    /// the shared pipeline.
    public static func make(_ settings: StoriesSettings) throws -> ContentSource {
        let client = SharedHTTP.client(settings.picsum)
        let grouped = GroupingPageFetcher(
            source: PicsumListFetcher(client: client), key: { UserID.photoAuthor($0.author) })
        return ContentSource(
            stories: PicsumStoryContent(authors: AuthorRuns(groups: grouped), endpoints: client.endpoints),
            photos: PicsumPhotoCatalog(client: client),
            makeImages: { SharedImages.pipeline(settings.picsum, cache: settings.imageCache) })
    }

    /// Asks for the first list page (one photo) and says how long Picsum took; an error if it
    /// cannot be reached.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let elapsed = try await probe(settings, within: settings.picsum.network.timeout)
        return "\(name): \(settings.picsum.baseURL.absoluteString) answered in \(milliseconds(elapsed)) ms"
    }

    /// How long Picsum took to send its first list page (one photo), asked once, within `limit`.
    static func probe(_ settings: StoriesSettings, within limit: Duration) async throws -> Duration {
        var configuration = settings.picsum
        configuration.network.timeout = limit
        configuration.network.retries = 0
        let started = ContinuousClock.now
        _ = try await SharedHTTP.client(configuration).list(try PageRequest(page: 1, limit: 1))
        return ContinuousClock.now - started
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
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
