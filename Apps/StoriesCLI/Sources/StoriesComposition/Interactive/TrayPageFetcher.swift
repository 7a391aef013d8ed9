import FeedPaging
import StoriesScreens
import StoryInterfaces
import StoryModels

/// The tray's pages for the paginator: a content page, its users' progress in one query,
/// sorted by `tray.order` once, when the page loads (never under the user's eyes).
struct TrayPageFetcher: PageFetching {
    let content: any StoryContentProviding
    let store: any SeenLikeStoring
    let order: TrayOrder

    func fetch(_ request: PageRequest) async throws -> Page<TrayUser> {
        let page = try await content.stories(request)
        let progress = try await store.progress(for: page.elements.map(\.user.id))
        let entries = page.elements.map { TrayEntry(story: $0, progress: progress[$0.user.id] ?? .empty($0.user.id)) }
        let users = TrayRules.ordered(entries, by: order).map { entry in
            TrayUser(story: entry.story, seen: progress[entry.story.user.id]?.seenItemIDs ?? [])
        }
        return Page(request: request, elements: users, nextPage: page.nextPage)
    }
}

/// The gallery's pages for the paginator: the photo catalog's pages as they are.
struct PhotoPageFetcher: PageFetching {
    let catalog: any PhotoCataloging

    func fetch(_ request: PageRequest) async throws -> Page<Photo> {
        try await catalog.photos(request)
    }
}
