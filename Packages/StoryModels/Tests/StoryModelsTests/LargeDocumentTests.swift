import Foundation
import StoryInterfaces
import Testing

@testable import StoryModels

/// A large users-pages document is decoded once, with the users kept and each story generated
/// only when a page asks for it (generating all of them up front made a 170,000-user document
/// take 33–40 s and 590 MB).
@Suite("Stories documents: large")
struct LargeDocumentTests {
    @Test func usersAreKeptAndStoriesGeneratedPerPage() async throws {
        let users = (0..<20_000).map { #"{"id":\#($0),"name":"U\#($0)"}"# }.joined(separator: ",")
        let document = try StoryDocumentDecoder(picsumBaseURL: URL(string: "https://picsum.photos")!)
            .decode(Data((#"{"pages":[{"users":["# + users + "]}]}").utf8), file: "big.json")
        #expect(document.count == 20_000)
        #expect(
            document.entries.allSatisfy { if case .generated = $0 { true } else { false } },
            "no story generated before a page asks")
        let content = FileStoryContent(document: document)
        let last = try await content.stories(try PageRequest(page: 667, limit: 30))
        #expect(last.elements.map(\.user.id.rawValue) == (19_980..<20_000).map(String.init))
        #expect(last.nextPage == nil)
        let generator = SeedStoryGenerator(picsumBaseURL: URL(string: "https://picsum.photos")!)
        #expect(try await content.story(for: "19999") == generator.story(for: last.elements[19].user))
    }
}
