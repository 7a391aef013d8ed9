import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import Testing

/// `feed.maxAge`: items posted longer ago than it are hidden, users left with
/// none are left out, items without a time never expire, and pages keep their next page.
@Suite("Stories that expire")
struct ExpiringStoryContentTests {
    static let now = Date(timeIntervalSince1970: 1_795_600_000)

    static func item(_ user: String, _ index: Int, hoursAgo: Double?) -> StoryItem {
        StoryItem(
            id: StoryItemID("\(user)-\(index)"), userID: UserID(user),
            media: .image(URL(string: "https://e.com/\(user)/\(index).jpg")!),
            postedAt: hoursAgo.map { now.addingTimeInterval(-$0 * 3600) })
    }

    /// Ada: one item 2 h old, one 30 h old. Bo: 48 h only. Cy: no times. Page 1 of 2.
    static let source = TestStoryContent(
        onStories: { request in
            Page(
                request: request,
                elements: [
                    Story(
                        user: StoryUser(id: "ada", name: "Ada"),
                        items: [item("ada", 0, hoursAgo: 30), item("ada", 1, hoursAgo: 2)]),
                    Story(user: StoryUser(id: "bo", name: "Bo"), items: [item("bo", 0, hoursAgo: 48)]),
                    Story(user: StoryUser(id: "cy", name: "Cy"), items: [item("cy", 0, hoursAgo: nil)]),
                ], nextPage: 2)
        },
        onStory: { user in
            Story(user: StoryUser(id: user, name: "Bo"), items: [item(user.rawValue, 0, hoursAgo: 48)])
        })

    @Test func olderItemsAndUsersLeftWithoutAnyAreHidden() async throws {
        let content = ExpiringStoryContent(Self.source, maxAge: .seconds(24 * 3600), now: { Self.now })
        let page = try await content.stories(try PageRequest(page: 1, limit: 3))
        #expect(page.elements.map(\.user.id.rawValue) == ["ada", "cy"])
        #expect(page.elements[0].items.map(\.id.rawValue) == ["ada-1"], "the 30 h old item is gone")
        #expect(page.elements[1].items.count == 1, "an item without a time never expires")
        #expect(page.nextPage == 2, "a shorter page still says what follows")
        #expect(content.sourceName == "test")
        await #expect(throws: StoryContentError.unknownUser("bo")) { try await content.story(for: "bo") }
    }

    @Test func aLongerAgeKeepsMore() async throws {
        let content = ExpiringStoryContent(Self.source, maxAge: .seconds(72 * 3600), now: { Self.now })
        let page = try await content.stories(try PageRequest(page: 1, limit: 3))
        #expect(page.elements.map { $0.items.count } == [2, 1, 1])
        #expect(try await content.story(for: "bo").items.count == 1)
    }
}
