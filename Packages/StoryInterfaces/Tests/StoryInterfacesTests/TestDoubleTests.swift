import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

@Suite("Test doubles")
struct TestDoubleTests {
    @Test func configuredClosuresAnswer() async throws {
        let request = try PageRequest(page: 1, limit: 2)
        let content = TestStoryContent(onStories: { Page(request: $0, elements: [], nextPage: nil) })
        #expect(try await content.stories(request).isLast)

        let store = TestSeenLikeStore(onLikedItems: { Set($0.filter { $0 == "liked" }) })
        #expect(try await store.likedItems(among: ["liked", "other"]) == ["liked"])
    }

    @Test func unexpectedCallsFailTheTest() async throws {
        let request = try PageRequest(page: 1, limit: 2)
        await withKnownIssue("an unset closure records an issue") {
            _ = try await TestStoryContent().story(for: "u")
        }
        await withKnownIssue {
            _ = try await TestPhotoCatalog().photos(request)
        }
        await withKnownIssue {
            try await TestSeenLikeStore().markSeen("i", user: "u", index: 0)
        }
        await withKnownIssue {
            _ = try await TestImageLoader().imageData(for: URL(string: "https://x.test/a")!, priority: .high)
        }
        await withKnownIssue {
            _ = try await TestPageFetcher<Int>().fetch(request)
        }
        withKnownIssue {
            _ = TestClockTicking().ticks(every: .milliseconds(100))
        }
    }

    @Test func scriptedTicksYieldTheirSteps() async {
        var seen: [Duration] = []
        for await step in TestClockTicking.scripted([.seconds(1), .milliseconds(500)]).ticks(every: .seconds(1)) {
            seen.append(step)
        }
        #expect(seen == [.seconds(1), .milliseconds(500)])
    }
}
