import Foundation
import StoryInterfaces
import StoryModels
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

    @Test func orderNamesMatchTheConfigurationValues() {
        #expect(TrayOrder.allCases.map(\.rawValue) == ["unseen-first", "source"])
    }
}
