import Foundation
import StoriesComposition
import StoryInterfaces
import StoryModels
import Testing

@Suite("Content plugins")
struct ContentPluginTests {
    @Test func bundledAndFileAreRegistered() {
        #expect(PluginRegistry.standard.contents.names == ["bundled", "file"])
    }

    @Test func bundledServesTheCatalog() async throws {
        let content = try Sandbox().load(flags: ["content.source": "bundled"]).makeContent()
        #expect(content.sourceName == "bundled")
        #expect(try await content.stories(try PageRequest(page: 1, limit: 100)).elements.count >= 40)
    }

    @Test func autoIsBundledUntilThePicsumPluginExists() throws {
        #expect(try Sandbox().load().makeContent().sourceName == "bundled")
    }

    @Test func fileLoadsTheDocumentWithSeedsOnTheConfiguredBase() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("s.json", #"{"pages":[{"users":[{"id":1,"name":"Neo"}]}]}"#)
        let content = try sandbox.load(
            flags: ["content.source": "file", "content.file": path, "picsum.baseURL": "http://127.0.0.1:9999"]
        ).makeContent()
        let story = try await content.story(for: "1")
        #expect(story.items[0].media.url.absoluteString == "http://127.0.0.1:9999/seed/1-0/1080/1920")
    }

    @Test func fileWithoutAPathIsBadConfiguration() throws {
        let root = try Sandbox().load(flags: ["content.source": "file"])
        #expect {
            try root.makeContent()
        } throws: { error in
            ErrorReport.status(for: error) == .configuration && "\(error)".contains("content.file")
        }
    }

    @Test func aBrokenDocumentIsBadInputData() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("s.json", #"{"data":[{"id":"1","user":{"username":"n"},"snaps":[]}]}"#)
        let root = try sandbox.load(flags: ["content.source": "file", "content.file": path])
        #expect {
            try root.makeContent()
        } throws: { error in
            ErrorReport.status(for: error) == .dataError && ErrorReport.message(for: error).contains(path)
                && ErrorReport.message(for: error).contains("data[0]")
        }
    }
}
