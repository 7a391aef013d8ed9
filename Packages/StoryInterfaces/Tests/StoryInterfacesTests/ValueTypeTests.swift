import Foundation
import StoryInterfaces
import Testing

@Suite("Value types")
struct ValueTypeTests {
    @Test func identifiersEncodeAsPlainJSONStrings() throws {
        let ids: [UserID] = ["42", "0", "ü-1"]
        let data = try JSONEncoder().encode(ids)
        #expect(String(decoding: data, as: UTF8.self) == #"["42","0","ü-1"]"#)
        #expect(try JSONDecoder().decode([UserID].self, from: data) == ids)
    }

    @Test func identifiersRefuseNumbers() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([UserID].self, from: Data("[42]".utf8)) }
    }

    @Test(arguments: [
        (StoryMedia.image(URL(string: "https://picsum.photos/id/1/100/100")!), Duration.seconds(5)),
        (.video(URL(string: "https://example.com/a.mp4")!, duration: .seconds(12), poster: nil), .seconds(12)),
        (.video(URL(string: "https://example.com/b.mp4")!, duration: .seconds(600), poster: nil), .seconds(60)),
        (.video(URL(string: "https://example.com/c.mp4")!, duration: .seconds(-3), poster: nil), .zero),
    ])
    func itemDurationFollowsMediaAndIsCapped(media: StoryMedia, expected: Duration) {
        let item = StoryItem(id: "i", userID: "u", media: media)
        #expect(item.duration(imageDuration: .seconds(5)) == expected)
    }

    @Test func aStorysSeenRules() {
        let media = StoryMedia.image(URL(string: "https://picsum.photos/id/1/100/100")!)
        let items = ["a", "b", "c"].map { StoryItem(id: StoryItemID($0), userID: "u", media: media) }
        let story = Story(user: StoryUser(id: "u", name: "U"), items: items)
        let some: Set<StoryItemID> = ["a", "c"]
        #expect(!story.isAllSeen(some.contains) && story.seenCount(some.contains) == 2)
        #expect(story.resumeIndex(some.contains) == 1, "the first unseen item")
        let all: Set<StoryItemID> = ["a", "b", "c"]
        #expect(story.isAllSeen(all.contains) && story.resumeIndex(all.contains) == 0, "all seen: from the start")
    }

    @Test func mediaKnowsItsURLAndKind() {
        let url = URL(string: "https://example.com/v.mp4")!
        let video = StoryMedia.video(url, duration: .seconds(3), poster: nil)
        #expect(video.url == url)
        #expect(video.isVideo)
        #expect(!StoryMedia.image(url).isVideo)
    }

    @Test func storyIsIdentifiedByItsUser() {
        let story = Story(user: StoryUser(id: "7", name: "Neo"), items: [])
        #expect(story.id == "7")
    }

    @Test func emptyProgressHasNothingSeen() {
        let progress = UserProgress.empty("u")
        #expect(progress.lastSeenIndex == -1)
        #expect(progress.seenItemIDs.isEmpty)
    }

    @Test func resetAllCoversSeenAndLikes() {
        #expect(ResetScope.all.contains(.seen))
        #expect(ResetScope.all.contains(.likes))
    }
}

@Suite("Paging values")
struct PagingValueTests {
    @Test(arguments: [(0, 30), (-1, 30), (1, 0), (1, 101)])
    func invalidRequestsAreRefused(page: Int, limit: Int) {
        #expect(throws: PageRequestError.self) { try PageRequest(page: page, limit: limit) }
    }

    @Test func followingKeepsTheLimit() throws {
        let next = try PageRequest(page: 3, limit: 100).following
        #expect(next.page == 4 && next.limit == 100)
    }

    @Test func errorsNameTheAllowedRange() {
        #expect(PageRequestError.limitOutOfRange(500).description.contains("1 to 100"))
    }

    @Test func aPageWithoutNextIsTheLast() throws {
        let request = try PageRequest(page: 2, limit: 10)
        #expect(Page<Int>(request: request, elements: [], nextPage: nil).isLast)
        #expect(!Page<Int>(request: request, elements: [1], nextPage: 3).isLast)
    }
}
