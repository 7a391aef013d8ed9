public import Foundation
public import StoryInterfaces

extension StoryContentProviding {
    /// The user and index of each of `items`, found in one pass over the pages (100 users a
    /// page), stopping as soon as all are found; one unknown item is
    /// ``StoryContentError/unknownItem(_:)``, several ``UnknownItemsError``.
    public func locate(_ items: [StoryItemID]) async throws -> [StoryItemID: (user: UserID, index: Int)] {
        var wanted = Set(items)
        var found: [StoryItemID: (user: UserID, index: Int)] = [:]
        var request = try PageRequest(page: 1, limit: PageRequest.maximumLimit)
        while !wanted.isEmpty {
            let page = try await stories(request)
            for story in page.elements {
                for (index, item) in story.items.enumerated() where wanted.remove(item.id) != nil {
                    found[item.id] = (story.user.id, index)
                }
            }
            guard let next = page.nextPage else { break }
            request = try PageRequest(page: next, limit: request.limit)
        }
        var missing: [StoryItemID] = []
        for item in items where found[item] == nil && !missing.contains(item) { missing.append(item) }
        if missing.count == 1 { throw StoryContentError.unknownItem(missing[0]) }
        if !missing.isEmpty { throw UnknownItemsError(items: missing) }
        return found
    }
}

/// Several unknown items in one command: each is said on a line of its own.
public struct UnknownItemsError: Error, CustomStringConvertible {
    /// The unknown ids, in the order given.
    public var items: [StoryItemID]

    /// Wraps the unknown ids.
    public init(items: [StoryItemID]) { self.items = items }

    /// Each unknown id on a line, then how to list a user's ids.
    public var description: String {
        items.map { "unknown item \"\($0.rawValue)\"" }.joined(separator: "\n")
            + "\nnothing was written; `stories view USER --list` lists a user's item ids"
    }
}

/// A content source whose items older than `maxAge` are hidden (`feed.maxAge`: stories
/// expire, as Instagram's do after a day), and whose users with none left are left out of
/// the tray. Items without a posting time never expire. Pages keep their numbers and their
/// next page (a page may come back shorter, or empty).
public struct ExpiringStoryContent: StoryContentProviding {
    private let base: any StoryContentProviding
    private let maxAge: Duration
    private let now: @Sendable () -> Date

    /// `base` without what is older than `maxAge` at `now()`.
    public init(_ base: any StoryContentProviding, maxAge: Duration, now: @escaping @Sendable () -> Date = Date.init) {
        self.base = base
        self.maxAge = maxAge
        self.now = now
    }

    /// The wrapped source's name.
    public var sourceName: String { base.sourceName }

    /// The wrapped source's page, without what has expired.
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        var page = try await base.stories(request)
        let oldest = cutoff()
        page.elements = page.elements.compactMap { Self.recent($0, since: oldest) }
        return page
    }

    /// The user's story without what has expired; ``StoryContentError/unknownUser(_:)`` when
    /// nothing is left.
    public func story(for user: UserID) async throws -> Story {
        guard let story = Self.recent(try await base.story(for: user), since: cutoff()) else {
            throw StoryContentError.unknownUser(user)
        }
        return story
    }

    private func cutoff() -> Date {
        now().addingTimeInterval(-(Double(maxAge.components.seconds) + Double(maxAge.components.attoseconds) / 1e18))
    }

    /// `story` with only the items posted at or after `oldest`; nil when none is left.
    static func recent(_ story: Story, since oldest: Date) -> Story? {
        let kept = story.items.filter { item in item.postedAt.map { $0 >= oldest } ?? true }
        guard !kept.isEmpty else { return nil }
        var story = story
        story.items = kept
        return story
    }
}
