import Foundation
import StoryBase
import StoryInterfaces
import StoryModels
import StoryNavigation
import Synchronization

/// The site's content side: the tray, a user's story with its moves, media lookups — what
/// the pages and the JSON API both render, in one place.
struct WebSite: Sendable {
    let content: WebContent
    /// Stories looked up by user for the media routes, for a few seconds (a page's pictures
    /// and a clip's ranges ask for the same story many times; a folder is listed once for them).
    let stories = StoryCache()
    /// The tray pages and stories as sent, until the state or the content changes.
    let pages: WebPageCache
    /// The store's version, asked while a page listens on `/events`.
    let watch: WebStateWatch

    init(content: WebContent) {
        self.content = content
        pages = WebPageCache(store: content.store)
        watch = WebStateWatch(store: content.store)
    }

    /// `user`'s story (from ``stories`` when asked for lately).
    func story(for user: UserID) async throws -> Story {
        try await stories.story(user) { try await content.stories.story(for: user) }
    }

    /// The item `id` of `user`'s story: one story looked up, never the content scanned.
    func item(_ id: StoryItemID, of user: UserID) async throws -> StoryItem {
        guard let item = try await story(for: user).items.first(where: { $0.id == id }) else {
            throw StoryContentError.unknownItem(id)
        }
        return item
    }

    /// One page of the tray, by the tray's own rules (unseen first, muted last).
    func tray(page: Int) async throws -> Page<TrayEntry> {
        let request = try PageRequest(page: page, limit: content.pageSize)
        return try await TrayRules.page(
            request, content: content.stories, store: content.store, order: content.trayOrder)
    }

    /// The user's story with every item's moves; `item` nil opens at the first unseen item.
    func storyPage(user: UserID, item: StoryItemID? = nil) async throws -> StoryPage {
        // The user's tray page between its neighbours: the viewer goes on into the next page
        // (and back into the previous one) and closes at the real end, as the terminal's does.
        let stories = try await TrayRules.pages(
            around: user, in: content.stories, store: content.store, order: content.trayOrder,
            pageSize: content.pageSize)
        guard let userIndex = stories.firstIndex(where: { $0.user.id == user }) else {
            throw StoryContentError.unknownUser(user)
        }
        let story = stories[userIndex]
        let progress = try await content.store.progress(for: stories.map(\.user.id))
        let seen = Set(progress.values.flatMap(\.seenItemIDs))
        let muted = Set(progress.values.filter(\.isMuted).map(\.userID))
        let liked = try await content.store.likedItems(among: story.items.map(\.id))
        let start: Int
        if let item {
            guard let index = story.items.firstIndex(where: { $0.id == item }) else {
                throw StoryContentError.unknownItem(item)
            }
            start = index
        } else {
            start = story.resumeIndex { seen.contains($0) }
        }
        let configuration = content.viewer
        return try await WebMedia.tagging(stories.flatMap(WebMedia.urls)) {
            Self.storyPage(
                stories, userIndex: userIndex, start: start, seen: seen, liked: liked, muted: muted,
                configuration: configuration)
        }
    }

    /// The page of `stories[userIndex]` opened at `start`: its items with their media's
    /// versioned paths (a stat per local file: run on the bounded pool) and moves.
    private static func storyPage(
        _ stories: [Story], userIndex: Int, start: Int, seen: Set<StoryItemID>, liked: Set<StoryItemID>,
        muted: Set<UserID>, configuration: ViewerConfiguration
    ) -> StoryPage {
        let story = stories[userIndex]
        let items = story.items.enumerated().map { index, item in
            var moves: [String: String] = [:]
            if let viewer = StoryViewer.open(
                stories, at: ViewerPosition(userIndex: userIndex, itemIndex: index), configuration: configuration,
                seen: seen, liked: liked, muted: muted)
            {
                for (name, command) in Self.moves {
                    var moved = viewer
                    _ = moved.apply(command)
                    moves[name] = moved.position.map { Self.itemPath(stories[$0.userIndex], $0.itemIndex) } ?? "/"
                }
            }
            return StoryPage.Item(
                id: item.id.rawValue, index: index, type: item.media.isVideo ? "video" : "image",
                src: Self.mediaPath(item), srcset: item.media.isVideo ? nil : Self.srcset(Self.mediaPath(item)),
                poster: Self.posterPath(item),
                duration: Int(item.duration(imageDuration: configuration.imageDuration).milliseconds),
                caption: item.caption, alt: item.alt, link: HTML.safeLink(item.link), postedAt: item.postedAt,
                age: item.postedAt.map { PhotoDates.age($0, now: Date()) },
                liked: liked.contains(item.id), seen: seen.contains(item.id),
                url: Self.itemPath(story, index), moves: moves)
        }
        let nextUser = items.indices.contains(start) ? items[start].moves["nextUser"] : nil
        let preload =
            nextUser.flatMap { path in
                stories.lazy.flatMap(\.items).first { Self.itemPath(stories, $0) == path }
            }.map { $0.media.isVideo ? Self.posterPath($0) : Self.mediaPath($0) } ?? nil
        return StoryPage(
            user: .init(
                id: story.user.id.rawValue, name: story.user.name,
                avatar: story.user.avatarURL.map { _ in Self.sized(Self.avatarPath(story.user), 160) },
                muted: muted.contains(story.user.id)),
            items: items, start: start, autoAdvance: configuration.advancesAutomatically, preload: preload)
    }

    /// The viewer's moves by the names the page's script uses.
    static let moves: [(String, ViewerCommand)] = [
        ("next", .next), ("previous", .previous), ("nextUser", .nextUser), ("previousUser", .previousUser),
    ]

    // MARK: - Paths (every id one escaped segment)

    static func userPath(_ user: UserID) -> String { WebRoute.user(user).path }

    static func itemPath(_ story: Story, _ index: Int) -> String {
        WebRoute.item(story.user.id, story.items[index].id).path
    }

    private static func itemPath(_ stories: [Story], _ item: StoryItem) -> String {
        WebRoute.item(item.userID, item.id).path
    }

    /// An item's media: `/media/item/{user}/{item}/{tag}.{ext}`, the tag naming the source
    /// URL's version (a clip's extension is what Safari plays by); the user lets the server find
    /// the item in one story.
    static func mediaPath(_ item: StoryItem) -> String {
        let ext = item.media.isVideo ? WebMedia.clipExtension(item.media.url) : "img"
        return "/media/item/\(itemSegments(item))/\(WebMedia.tag(item.media.url)).\(ext)"
    }

    /// `{user}/{item}`, each one escaped segment.
    private static func itemSegments(_ item: StoryItem) -> String {
        HTML.segment(item.userID.rawValue) + "/" + HTML.segment(item.id.rawValue)
    }

    /// A clip's poster, if it has one.
    static func posterPath(_ item: StoryItem) -> String? {
        guard case .video(_, _, let poster?) = item.media else { return nil }
        return "/media/poster/\(itemSegments(item))/\(WebMedia.tag(poster)).img"
    }

    /// `path` at each of ``WebPictures/widths`` (`…/tag.img` → `…/tag-720.img 720w, …`).
    static func srcset(_ path: String, widths: [Int] = WebPictures.widths) -> String {
        let stem = path.dropLast(".img".count)
        return widths.map { "\(stem)-\($0).img \($0)w" }.joined(separator: ", ")
    }

    /// `path` at `width` (`…/tag.img` → `…/tag-160.img`).
    static func sized(_ path: String, _ width: Int) -> String {
        "\(path.dropLast(".img".count))-\(width).img"
    }

    static func avatarPath(_ user: StoryUser) -> String {
        "/media/avatar/\(HTML.segment(user.id.rawValue))/\(WebMedia.tag(user.avatarURL)).img"
    }

    static func photoPath(_ photo: Photo) -> String {
        "/media/photo/\(HTML.segment(photo.id.rawValue))/\(WebMedia.tag(photo.downloadURL)).img"
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        let parts = components
        return parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
    }
}

/// Stories by user for a few seconds, misses included (an unknown id asked again costs a
/// dictionary lookup); at most 512 kept; a story asked by many at once is looked up once.
final class StoryCache: Sendable {
    private let kept = Mutex<[UserID: (story: Result<Story, any Error>, at: ContinuousClock.Instant)]>([:])
    private let loading = Mutex<[UserID: Task<Story, any Error>]>([:])
    private let lifetime: Duration = .seconds(3)

    func story(_ user: UserID, load: @escaping @Sendable () async throws -> Story) async throws -> Story {
        if let entry = kept.withLock({ $0[user] }), ContinuousClock.now - entry.at < lifetime {
            return try entry.story.get()
        }
        let task = loading.withLock { loading in
            if let task = loading[user] { return task }
            let task = Task {
                defer { _ = self.loading.withLock { $0.removeValue(forKey: user) } }
                let story: Result<Story, any Error>
                do {
                    story = .success(try await load())
                } catch let error as StoryContentError {
                    story = .failure(error)
                }
                self.kept.withLock { kept in
                    if kept.count >= 512 { kept.removeAll() }
                    kept[user] = (story, .now)
                }
                return try story.get()
            }
            loading[user] = task
            return task
        }
        return try await task.value
    }
}
