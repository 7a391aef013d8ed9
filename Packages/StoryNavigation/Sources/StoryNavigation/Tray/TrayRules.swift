public import StoryInterfaces

/// The order of users in the tray (`tray.order`).
public enum TrayOrder: String, CaseIterable, Hashable, Sendable {
    /// Users with anything unseen first, then fully seen users; source order within each group.
    case unseenFirst = "unseen-first"
    /// The source's own order.
    case source
}

/// The ring around an avatar.
public enum RingState: String, Hashable, Sendable, Codable {
    /// Something is unseen: Instagram's gradient ring.
    case unseen
    /// Every item is seen: a gray ring.
    case seen
}

/// A tray entry: a story with what the tray shows about it (PRODUCT.md §2 and §3 `tray --json`).
public struct TrayEntry: Hashable, Sendable {
    /// The story.
    public var story: Story
    /// Gradient while any item is unseen, gray once all are.
    public var ring: RingState
    /// How many of the story's items are seen.
    public var seenItems: Int
    /// Where the viewer opens: the first unseen item, else 0.
    public var resumeIndex: Int
    /// The user's seen items, as the store holds them.
    public var seenItemIDs: Set<StoryItemID>
    /// Whether the user is muted: last on the page, never auto-played into.
    public var isMuted: Bool

    /// Applies the tray rules to a story and its user's progress.
    public init(story: Story, progress: UserProgress) {
        self.story = story
        seenItemIDs = progress.seenItemIDs
        isMuted = progress.isMuted
        let isSeen = { (item: StoryItemID) in progress.seenItemIDs.contains(item) }
        seenItems = story.seenCount(isSeen)
        ring = story.isAllSeen(isSeen) ? .seen : .unseen
        resumeIndex = story.resumeIndex(isSeen)
    }
}

/// The tray's ordering rule. Applied only when the tray is (re)loaded, never under the user's eyes.
public enum TrayRules {
    /// Orders `entries` by `order`, muted users last whatever the order; the sorts are stable.
    public static func ordered(_ entries: [TrayEntry], by order: TrayOrder) -> [TrayEntry] {
        let muted = entries.filter(\.isMuted)
        let shown = entries.filter { !$0.isMuted }
        switch order {
        case .source:
            return shown + muted
        case .unseenFirst:
            return shown.filter { $0.ring == .unseen } + shown.filter { $0.ring == .seen } + muted
        }
    }
}

extension TrayRules {
    /// One tray page — the one rule every tray uses (`stories tray`, the interactive tray, the
    /// scripted viewer's page): the content's page `request`, its users' progress read in one
    /// query, each story's entry, ordered by `order` once, as the page loads.
    public static func page(
        _ request: PageRequest, content: any StoryContentProviding, store: any SeenLikeStoring, order: TrayOrder
    ) async throws -> Page<TrayEntry> {
        try await entries(of: try await content.stories(request), store: store, order: order)
    }

    /// The tray page (pages of `pageSize`) holding `user`, in tray order; an unknown user is
    /// ``StoryContentError/unknownUser(_:)``.
    public static func page(
        containing user: UserID, in content: any StoryContentProviding, store: any SeenLikeStoring, order: TrayOrder,
        pageSize: Int
    ) async throws -> [Story] {
        var request = try PageRequest(page: 1, limit: pageSize)
        while true {
            let page = try await content.stories(request)
            if page.elements.contains(where: { $0.user.id == user }) {
                return try await entries(of: page, store: store, order: order).elements.map(\.story)
            }
            guard let next = page.nextPage else { throw StoryContentError.unknownUser(user) }
            request = try PageRequest(page: next, limit: request.limit)
        }
    }

    /// The tray page holding `user` between its neighbours: the page before it (if any), the
    /// page, the page after it (if any), each in tray order as the tray shows it — so a viewer
    /// opened there moves on into the next page at the page's end, back into the previous one
    /// at its start, and closes only at the real end.
    public static func pages(
        around user: UserID, in content: any StoryContentProviding, store: any SeenLikeStoring, order: TrayOrder,
        pageSize: Int
    ) async throws -> [Story] {
        var request = try PageRequest(page: 1, limit: pageSize)
        var previous: Page<Story>? = nil
        while true {
            let page = try await content.stories(request)
            if page.elements.contains(where: { $0.user.id == user }) {
                var stories: [Story] = []
                if let previous {
                    stories = try await entries(of: previous, store: store, order: order).elements.map(\.story)
                }
                stories += try await entries(of: page, store: store, order: order).elements.map(\.story)
                if let next = page.nextPage {
                    let after = try await content.stories(try PageRequest(page: next, limit: pageSize))
                    stories += try await entries(of: after, store: store, order: order).elements.map(\.story)
                }
                return stories
            }
            guard let next = page.nextPage else { throw StoryContentError.unknownUser(user) }
            previous = page
            request = try PageRequest(page: next, limit: request.limit)
        }
    }

    /// The tray entries of a content page already loaded: progress in one query, then ordered.
    public static func entries(of page: Page<Story>, store: any SeenLikeStoring, order: TrayOrder) async throws
        -> Page<TrayEntry>
    {
        let progress = try await store.progress(for: page.elements.map(\.user.id))
        let entries = page.elements.map { TrayEntry(story: $0, progress: progress[$0.user.id] ?? .empty($0.user.id)) }
        return Page(request: page.request, elements: ordered(entries, by: order), nextPage: page.nextPage)
    }
}
