import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryNavigation
import Testing

@Suite("Tray rules")
struct TrayRulesTests {
    static func story(_ user: String, items count: Int) -> Story {
        let items = (0..<count).map { index in
            StoryItem(
                id: StoryItemID("\(user)-\(index)"), userID: UserID(user),
                media: .image(URL(string: "https://picsum.photos/seed/\(user)-\(index)/1080/1920")!))
        }
        return Story(user: StoryUser(id: UserID(user), name: user), items: items)
    }

    /// The one tray-page rule: the content's page, one progress query for its users, the
    /// entries ordered unseen-first, the next page kept.
    @Test func aTrayPageIsOneContentPageOneProgressQueryAndTheOrder() async throws {
        let stories = [Self.story("a", items: 1), Self.story("b", items: 2), Self.story("c", items: 1)]
        let request = try PageRequest(page: 2, limit: 3)
        let content = TestStoryContent(onStories: { asked in
            #expect(asked == request)
            return Page(request: asked, elements: stories, nextPage: 3)
        })
        let queries = QueryCounter()
        let store = TestSeenLikeStore(onProgress: { users in
            await queries.increment()
            #expect(users == ["a", "b", "c"])
            return ["a": Self.progress("a", seen: [0])]
        })
        let page = try await TrayRules.page(request, content: content, store: store, order: .unseenFirst)
        #expect(page.elements.map(\.story.user.id) == ["b", "c", "a"])
        #expect(page.elements.last?.seenItemIDs == ["a-0"] && page.elements.last?.ring == .seen)
        #expect(page.nextPage == 3 && page.request == request)
        #expect(await queries.value == 1)
    }

    static func progress(_ user: String, seen indexes: [Int]) -> UserProgress {
        UserProgress(
            userID: UserID(user), seenItemIDs: Set(indexes.map { StoryItemID("\(user)-\($0)") }),
            lastSeenIndex: indexes.max() ?? -1)
    }

    @Test(arguments: [
        ([Int](), RingState.unseen, 0, 0),
        ([0], .unseen, 1, 1),
        ([0, 2], .unseen, 2, 1),
        ([1, 2], .unseen, 2, 0),
        ([0, 1, 2], .seen, 3, 0),
    ])
    func ringSeenCountAndResumeIndex(seen: [Int], ring: RingState, seenItems: Int, resumeIndex: Int) {
        let entry = TrayEntry(story: Self.story("u", items: 3), progress: Self.progress("u", seen: seen))
        #expect(entry.ring == ring)
        #expect(entry.seenItems == seenItems)
        #expect(entry.resumeIndex == resumeIndex)
    }

    @Test func seenIdsOfOtherStoriesDoNotCount() {
        let entry = TrayEntry(story: Self.story("u", items: 1), progress: Self.progress("v", seen: [0]))
        #expect(entry.ring == .unseen && entry.seenItems == 0)
    }

    @Test func unseenFirstIsStable() {
        let entries = [("a", true), ("b", false), ("c", true), ("d", false)].map { name, seen in
            TrayEntry(story: Self.story(name, items: 1), progress: Self.progress(name, seen: seen ? [0] : []))
        }
        #expect(TrayRules.ordered(entries, by: .unseenFirst).map(\.story.user.name) == ["b", "d", "a", "c"])
        #expect(TrayRules.ordered(entries, by: .source).map(\.story.user.name) == ["a", "b", "c", "d"])
    }

    /// Muted users go last in either order, keeping their own order.
    @Test func mutedUsersGoLastInEitherOrder() {
        let entries = [("a", true, true), ("b", false, true), ("c", true, false), ("d", false, false)].map {
            name, seen, muted in
            var progress = Self.progress(name, seen: seen ? [0] : [])
            progress.isMuted = muted
            return TrayEntry(story: Self.story(name, items: 1), progress: progress)
        }
        #expect(entries.map(\.isMuted) == [true, true, false, false])
        #expect(TrayRules.ordered(entries, by: .unseenFirst).map(\.story.user.name) == ["d", "c", "a", "b"])
        #expect(TrayRules.ordered(entries, by: .source).map(\.story.user.name) == ["c", "d", "a", "b"])
    }

    @Test func orderNamesMatchTheConfigurationValues() {
        #expect(TrayOrder.allCases.map(\.rawValue) == ["unseen-first", "source"])
    }
}

@Suite("Tray rules: properties")
struct TrayRulesPropertyTests {
    static func randomEntries(seed: UInt64) -> [TrayEntry] {
        var random = SeededRandom(seed: seed)
        return (0..<Int.random(in: 0...30, using: &random)).map { index in
            let story = TrayRulesTests.story("u\(index)", items: Int.random(in: 1...8, using: &random))
            let seen = story.items.indices.filter { _ in Bool.random(using: &random) }
            return TrayEntry(story: story, progress: TrayRulesTests.progress("u\(index)", seen: seen))
        }
    }

    @Test(arguments: 1...100)
    func ringSeenCountAndResumeAgree(seed: Int) {
        for entry in Self.randomEntries(seed: UInt64(seed)) {
            let count = entry.story.items.count
            #expect((entry.ring == .seen) == (entry.seenItems == count))
            #expect((0..<count).contains(entry.resumeIndex))
            if entry.ring == .unseen {
                let prefix = entry.story.items[..<entry.resumeIndex].map(\.id)
                #expect(entry.seenItems >= prefix.count)
            } else {
                #expect(entry.resumeIndex == 0)
            }
        }
    }

    @Test(arguments: 1...100)
    func unseenFirstIsAStablePartition(seed: Int) {
        let entries = Self.randomEntries(seed: UInt64(seed))
        let ordered = TrayRules.ordered(entries, by: .unseenFirst)
        #expect(ordered.count == entries.count)
        #expect(Set(ordered.map(\.story.id)) == Set(entries.map(\.story.id)))
        let firstSeen = ordered.firstIndex { $0.ring == .seen } ?? ordered.count
        #expect(ordered[firstSeen...].allSatisfy { $0.ring == .seen })
        #expect(
            ordered.filter { $0.ring == .unseen }.map(\.story.id)
                == entries.filter { $0.ring == .unseen }.map(\.story.id))
        #expect(
            ordered.filter { $0.ring == .seen }.map(\.story.id) == entries.filter { $0.ring == .seen }.map(\.story.id))
        #expect(TrayRules.ordered(ordered, by: .unseenFirst) == ordered)
    }
}

actor QueryCounter {
    private(set) var value = 0
    func increment() { value += 1 }
}
