import Foundation
public import StoryInterfaces

/// The mock ``StoryContentProviding``: the bundled catalog, paged by the request's limit.
public struct BundledStoryContent: StoryContentProviding {
    /// `bundled`.
    public let sourceName = "bundled"
    /// The catalog served.
    public let catalog: BundledCatalog

    /// Serves `catalog`.
    public init(catalog: BundledCatalog = BundledCatalog()) {
        self.catalog = catalog
    }

    /// Users `(page-1)·limit ..< page·limit`; `nextPage` is nil after the last user.
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        StoryPaging.page(catalog.stories, request)
    }

    /// The user's story, or ``StoryContentError/unknownUser(_:)``.
    public func story(for user: UserID) async throws -> Story {
        try StoryPaging.story(for: user, in: catalog.stories)
    }
}

/// The mock ``PhotoCataloging``: the bundled samples as a gallery.
public struct BundledPhotoCatalog: PhotoCataloging {
    /// The catalog served.
    public let catalog: BundledCatalog

    /// Serves `catalog`.
    public init(catalog: BundledCatalog = BundledCatalog()) {
        self.catalog = catalog
    }

    /// Photos `(page-1)·limit ..< page·limit`.
    public func photos(_ request: PageRequest) async throws -> Page<Photo> {
        StoryPaging.page(catalog.photos, request)
    }

    /// One photo, or ``PhotoCatalogError/unknownPhoto(_:)``.
    public func photo(id: PhotoID) async throws -> Photo {
        guard let photo = catalog.photos.first(where: { $0.id == id }) else { throw PhotoCatalogError.unknownPhoto(id) }
        return photo
    }
}

/// Paging a list held in memory.
enum StoryPaging {
    static func story(for user: UserID, in stories: [Story]) throws(StoryContentError) -> Story {
        guard let story = stories.first(where: { $0.user.id == user }) else { throw .unknownUser(user) }
        return story
    }

    static func page<Element: Sendable>(_ all: [Element], _ request: PageRequest) -> Page<Element> {
        let start = min(all.count, request.offset)
        let end = min(all.count, start + request.limit)
        return Page(
            request: request, elements: Array(all[start..<end]), nextPage: end < all.count ? request.page + 1 : nil)
    }
}
