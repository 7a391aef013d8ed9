import FeedPaging
import StoriesScreens
import StoryInterfaces
import StoryModels
import StoryNavigation

/// The tray's pages for the paginator: a content page, its users' progress in one query,
/// sorted by `tray.order` once, when the page loads (never under the user's eyes).
struct TrayPageFetcher: PageFetching {
    let content: any StoryContentProviding
    let store: any SeenLikeStoring
    let order: TrayOrder

    func fetch(_ request: PageRequest) async throws -> Page<TrayUser> {
        let page = try await TrayRules.page(request, content: content, store: store, order: order)
        return Page(
            request: request,
            elements: page.elements.map { TrayUser(story: $0.story, seen: $0.seenItemIDs, isMuted: $0.isMuted) },
            nextPage: page.nextPage)
    }
}

/// The gallery's pages for the paginator: the photo catalog's pages as they are.
struct PhotoPageFetcher: PageFetching {
    let catalog: any PhotoCataloging

    func fetch(_ request: PageRequest) async throws -> Page<Photo> {
        try await catalog.photos(request)
    }
}
