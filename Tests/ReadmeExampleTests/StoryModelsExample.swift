import Foundation
import StoryInterfaces
import StoryModels

/// Packages/StoryModels/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoryModelsExample {
    static func run() async throws {
        // README
        let content = BundledStoryContent()  // the offline samples, no network
        let page = try await content.stories(try PageRequest(page: 1, limit: 5))
        for story in page.elements { print(story.user.name, story.items.count) }

        let decoder = StoryDocumentDecoder(picsumBaseURL: URL(string: "https://picsum.photos")!)
        let document = try decoder.decode(
            try Data(contentsOf: URL(fileURLWithPath: "stories.json")), file: "stories.json")
        // /README
    }
}
