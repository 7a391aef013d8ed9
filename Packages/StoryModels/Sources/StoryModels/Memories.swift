public import Foundation
public import StoryInterfaces
import Synchronization

/// Memories of a day: for each earlier year, the items taken on that day of that year (within
/// `window` days), as one story a year — "1 year ago", "3 years ago" — newest year first.
///
/// The day's month and day are found in each year; 29 February falls on 28 February in a year
/// without it. An item's day is its `postedAt` (a folder's: the EXIF capture time, a clip's
/// movie header, else the file's time) in `calendar`'s time zone; an item without a time is
/// never a memory. A year with nothing has no story.
public struct Memories: Sendable {
    /// The day asked for (its year is "this year": memories come from the years before).
    public var day: DateComponents
    /// How many days either side of the day count (0: the day itself).
    public var window: Int
    /// The calendar of the days.
    public var calendar: Calendar

    /// The largest window: a month either side.
    public static let maximumWindow = 31

    /// Memories of `date`'s day in `calendar`, `window` days either side.
    public init(of date: Date, window: Int = 0, calendar: Calendar = .current) {
        self.day = calendar.dateComponents([.year, .month, .day], from: date)
        self.window = max(0, min(window, Self.maximumWindow))
        self.calendar = calendar
    }

    /// One year's memories.
    public struct Year: Sendable, Hashable {
        /// The year they were taken in.
        public var year: Int
        /// How many years ago (1 or more).
        public var yearsAgo: Int
        /// The day in that year (28 February for a 29th in a year without one).
        public var date: Date
        /// The items, oldest first.
        public var items: [StoryItem]

        /// "1 year ago", "3 years ago".
        public var label: String { yearsAgo == 1 ? "1 year ago" : "\(yearsAgo) years ago" }

        /// The story's user id: `memories-YEAR`.
        public var userID: UserID { UserID("memories-\(year)") }
    }

    /// The day of `year` that stands for the asked day (28 February for the 29th in a year
    /// without it).
    public func date(in year: Int) -> Date? {
        guard let month = day.month, let dayOfMonth = day.day else { return nil }
        var parts = DateComponents(year: year, month: month, day: dayOfMonth, hour: 12)
        if let date = calendar.date(from: parts), calendar.component(.month, from: date) == month { return date }
        parts.day = dayOfMonth - 1  // 29 February in a year without it
        return calendar.date(from: parts)
    }

    /// The years before the asked one that have items within the window of the day, newest first.
    public func years(from stories: [Story]) -> [Year] {
        guard let thisYear = day.year else { return [] }
        var byYear: [Int: [StoryItem]] = [:]
        var targets: [Int: Date] = [:]
        func target(_ year: Int) -> Date? {
            if let known = targets[year] { return known }
            let found = date(in: year)
            targets[year] = found
            return found
        }
        for item in stories.flatMap(\.items) {
            guard let taken = item.postedAt else { continue }
            let takenDay = calendar.startOfDay(for: taken)
            let year = calendar.component(.year, from: taken)
            // The day's date in the item's year, or a neighbour's (a window across New Year).
            for candidate in [year, year + 1, year - 1] where candidate < thisYear {
                guard let day = target(candidate),
                    let apart = calendar.dateComponents([.day], from: calendar.startOfDay(for: day), to: takenDay).day,
                    abs(apart) <= window
                else { continue }
                byYear[candidate, default: []].append(item)
                break
            }
        }
        return byYear.keys.sorted(by: >).compactMap { year in
            guard let date = target(year) else { return nil }
            let items = (byYear[year] ?? []).sorted { ($0.postedAt ?? .distantPast) < ($1.postedAt ?? .distantPast) }
            return Year(year: year, yearsAgo: thisYear - year, date: date, items: items)
        }
    }

    /// The memories as stories: one a year, its items under the year's user (their ids kept, so
    /// a like is the photo's like).
    public func stories(from stories: [Story]) -> [Story] {
        let avatars = Dictionary(
            stories.map { ($0.user.id, $0.user.avatarURL) }, uniquingKeysWith: { first, _ in first })
        return years(from: stories).map { year in
            let avatar =
                year.items.first.flatMap { item -> URL? in
                    if case .image(let url) = item.media { return url }
                    return nil
                } ?? year.items.first.flatMap { avatars[$0.userID] ?? nil }
            return Story(
                user: StoryUser(id: year.userID, name: year.label, avatarURL: avatar),
                items: year.items.map { item in
                    var item = item
                    item.userID = year.userID
                    return item
                })
        }
    }
}

/// A content source of memories: the wrapped source's stories read once (every page, up to
/// ``maximumUsers`` users), then served as ``Memories`` stories.
public final class MemoriesContent: StoryContentProviding {
    private let base: any StoryContentProviding
    private let memories: Memories
    /// The one read of the wrapped source: whoever asks first starts it, the others wait for
    /// it (a server's tray page and `/api/tray` asked at once read every page once, not twice).
    private let reading = Mutex<Task<(years: [Memories.Year], stories: [Story]), any Error>?>(nil)

    /// The most users of the wrapped source read for memories.
    public static let maximumUsers = 10_000

    /// Memories of `memories`' day from `base`.
    public init(_ base: any StoryContentProviding, memories: Memories) {
        self.base = base
        self.memories = memories
    }

    /// `memories`.
    public var sourceName: String { "memories" }

    /// The wrapped source's name (`folder`, `file`…).
    public var baseSourceName: String { base.sourceName }

    /// Every memory story (read from the wrapped source the first time).
    public func all() async throws -> [Story] { try await read().stories }

    /// The years with memories, newest first (read from the wrapped source the first time).
    public func years() async throws -> [Memories.Year] { try await read().years }

    private func read() async throws -> (years: [Memories.Year], stories: [Story]) {
        let task = reading.withLock { reading in
            if let task = reading { return task }
            let (base, memories) = (base, memories)
            let task = Task { try await Self.read(base, memories) }
            reading = task
            return task
        }
        do {
            return try await task.value
        } catch {
            reading.withLock { if $0 == task { $0 = nil } }  // a failed read is tried again next time
            throw error
        }
    }

    private static func read(_ base: any StoryContentProviding, _ memories: Memories) async throws -> (
        years: [Memories.Year], stories: [Story]
    ) {
        var stories: [Story] = []
        var request = try PageRequest(page: 1, limit: PageRequest.maximumLimit)
        while stories.count < maximumUsers {
            let page = try await base.stories(request)
            stories += page.elements
            guard let next = page.nextPage else { break }
            request = try PageRequest(page: next, limit: request.limit)
        }
        return (memories.years(from: stories), memories.stories(from: stories))
    }

    /// A page of the memory stories.
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        StoryPaging.page(try await all(), request)
    }

    /// One year's story.
    public func story(for user: UserID) async throws -> Story {
        try StoryPaging.story(for: user, in: try await all())
    }
}

/// A source with today's memories first: the memory stories (``MemoriesContent``) lead its
/// first page, every other page is the source's own — the phone's tray shows a ring a year
/// before the people.
public struct MemoriesFirstContent: StoryContentProviding {
    private let base: any StoryContentProviding
    private let memories: MemoriesContent

    /// `base` with `memories` leading its first page.
    public init(_ base: any StoryContentProviding, memories: MemoriesContent) {
        self.base = base
        self.memories = memories
    }

    /// The source's name.
    public var sourceName: String { base.sourceName }

    /// Page 1: the memories, then the source's first page; any other page: the source's.
    public func stories(_ request: PageRequest) async throws -> Page<Story> {
        var page = try await base.stories(request)
        if request.page == 1 { page.elements = try await memories.all() + page.elements }
        return page
    }

    /// A memory year's story (`memories-YEAR`), or the source's user's.
    public func story(for user: UserID) async throws -> Story {
        if user.rawValue.hasPrefix("memories-"),
            let story = try await memories.all().first(where: { $0.user.id == user })
        {
            return story
        }
        return try await base.story(for: user)
    }
}
