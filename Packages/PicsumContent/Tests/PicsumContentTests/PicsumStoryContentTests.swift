import Foundation
import PicsumContent
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

@Suite("Picsum authors as users")
struct PicsumStoryContentTests {
    static func photo(_ id: String, _ author: String, width: Int = 5000, height: Int = 3333) -> Photo {
        Photo(
            id: PhotoID(id), author: author, width: width, height: height,
            url: URL(string: "https://unsplash.com/\(id)")!,
            downloadURL: URL(string: "https://picsum.photos/id/\(id)/\(width)/\(height)")!)
    }

    static let endpoints = PicsumEndpoints(baseURL: URL(string: "https://picsum.photos")!)

    @Test func runsBecomeStoriesWithAvatarsAndPortraitSizedImages() async throws {
        let authors = TestPageFetcher<[Photo]>(onFetch: { request in
            Page(
                request: request,
                elements: [
                    [
                        Self.photo("0", "Alejandro Escamilla"),
                        Self.photo("1", "Alejandro Escamilla", width: 2000, height: 3000),
                    ]
                ], nextPage: nil)
        })
        let content = PicsumStoryContent(authors: authors, endpoints: Self.endpoints)
        let page = try await content.stories(try PageRequest(page: 1, limit: 30))
        let story = try #require(page.elements.first)
        #expect(
            story.user
                == StoryUser(
                    id: "alejandro-escamilla", name: "Alejandro Escamilla",
                    avatarURL: URL(string: "https://picsum.photos/id/0/200/200")))
        #expect(story.items.map(\.id) == ["0", "1"])
        #expect(story.items[0].media == .image(URL(string: "https://picsum.photos/id/0/1080/720")!))
        #expect(story.items[1].media == .image(URL(string: "https://picsum.photos/id/1/1080/1620")!))
        #expect(story.items[0].pixelSize == PixelSize(width: 5000, height: 3333))
        #expect(content.sourceName == "picsum")
    }

    @Test func anAuthorIsFoundPageByPage() async throws {
        let authors = TestPageFetcher<[Photo]>(onFetch: { request in
            switch request.page {
            case 1: Page(request: request, elements: [[Self.photo("0", "A")]], nextPage: 2)
            case 2:
                Page(
                    request: request, elements: [[Self.photo("5", "Paul Jarvis"), Self.photo("6", "Paul Jarvis")]],
                    nextPage: nil)
            default: Page(request: request, elements: [], nextPage: nil)
            }
        })
        let content = PicsumStoryContent(authors: authors, endpoints: Self.endpoints)
        #expect(try await content.story(for: "paul-jarvis").items.count == 2)
        await #expect(throws: StoryContentError.unknownUser("nobody")) { try await content.story(for: "nobody") }
    }
}
