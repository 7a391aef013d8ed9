public import Foundation
import StoryBase
public import StoryInterfaces

/// The list as a page source (`PageFetching<Photo>`), for the gallery and for grouping authors.
public struct PicsumListFetcher: PageFetching {
    /// The client.
    public let client: PicsumClient

    /// Fetches through `client`.
    public init(client: PicsumClient) {
        self.client = client
    }

    /// One list page.
    public func fetch(_ request: PageRequest) async throws -> Page<Photo> {
        try await client.list(request)
    }
}

/// The live ``PhotoCataloging``: the gallery is Picsum's list, a detail its `/info`.
public struct PicsumPhotoCatalog: PhotoCataloging {
    /// The client.
    public let client: PicsumClient

    /// Serves `client`'s list.
    public init(client: PicsumClient) {
        self.client = client
    }

    /// One list page.
    public func photos(_ request: PageRequest) async throws -> Page<Photo> {
        try await client.list(request)
    }

    /// A photo's details; a 404 is ``PhotoCatalogError/unknownPhoto(_:)``.
    public func photo(id: PhotoID) async throws -> Photo {
        do {
            return try await client.info(id: id)
        } catch .http(status: 404, _) {
            throw PhotoCatalogError.unknownPhoto(id)
        }
    }

    /// Picsum's resized image (`/id/ID/W/H`, each side at most ``PicsumEndpoints/maximumSide``).
    public func imageURL(for photo: Photo, width: Int, height: Int) -> URL {
        client.endpoints.image(id: photo.id.rawValue, width: width, height: height)
    }
}

/// The live ``StoryContentProviding``: Picsum authors as users, their photos as items.
///
/// `authors` yields, for list page N, the photo runs of the authors whose first photo is on
/// page N, each complete (the composition root builds it with FeedPaging's grouping); this
/// type turns each run into a story.
public actor PicsumStoryContent: StoryContentProviding {
    /// `picsum`.
    public nonisolated let sourceName = "picsum"
    private let authors: any PageFetching<[Photo]>
    private let endpoints: PicsumEndpoints
    private var known: [UserID: Story] = [:]

    /// Stories from `authors` (runs of photos by one author), with image URLs on `endpoints`.
    public init(authors: any PageFetching<[Photo]>, endpoints: PicsumEndpoints) {
        self.authors = authors
        self.endpoints = endpoints
    }

    /// Tray page N: the authors whose first photo is on list page N, with all their photos.
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        let page = try await authors.fetch(request)
        let stories = page.elements.compactMap(story(from:))
        for story in stories { known[story.user.id] = story }
        return Page(request: request, elements: stories, nextPage: page.nextPage)
    }

    /// An author's story, looked up page by page (100 photos a page) when not yet seen.
    public func story(for user: UserID) async throws -> Story {
        if let story = known[user] { return story }
        var request = try PageRequest(page: 1, limit: PageRequest.maximumLimit)
        while true {
            let page = try await stories(request)
            if let story = page.elements.first(where: { $0.user.id == user }) { return story }
            guard let next = page.nextPage else { throw StoryContentError.unknownUser(user) }
            request = try PageRequest(page: next, limit: request.limit)
        }
    }

    /// An author's run as a story: portrait-sized images keeping each photo's aspect, the
    /// avatar a 200×200 crop of the first photo.
    func story(from photos: [Photo]) -> Story? {
        guard let first = photos.first else { return nil }
        let user = StoryUser(
            id: .photoAuthor(first.author), name: first.author,
            avatarURL: endpoints.image(id: first.id.rawValue, width: 200, height: 200))
        let items = photos.map { photo in
            let size = Self.displaySize(width: photo.width, height: photo.height)
            return StoryItem(
                id: StoryItemID(photo.id.rawValue), userID: user.id,
                media: .image(endpoints.image(id: photo.id.rawValue, width: size.width, height: size.height)),
                pixelSize: PixelSize(width: photo.width, height: photo.height))
        }
        return Story(user: user, items: items)
    }

    /// At most 1080 wide and 1920 high, aspect kept (what a terminal can show, and far less
    /// to download than the 5000 px originals).
    static func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (1080, 1920) }
        let scale = min(1, min(1080 / Double(width), 1920 / Double(height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
