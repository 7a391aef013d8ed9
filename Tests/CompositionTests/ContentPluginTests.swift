import Foundation
import StoriesComposition
import StoryInterfaces
import StoryModels
import Testing

@Suite("Content plugins")
struct ContentPluginTests {
    @Test func picsumBundledAndFileAreRegistered() {
        #expect(PluginRegistry.standard.contents.names == ["picsum", "bundled", "file"])
    }

    @Test func bundledServesTheCatalog() async throws {
        let content = try await Sandbox().load(flags: ["content.source": "bundled"]).makeContent().content
        #expect(content.sourceName == "bundled")
        #expect(try await content.stories(try PageRequest(page: 1, limit: 100)).elements.count >= 40)
    }

    @Test func autoFallsBackToBundledWhenPicsumCannotBeReachedAndSaysWhy() async throws {
        // Port 9 on loopback: connection refused at once, no internet involved.
        let (content, fallback) = try await Sandbox().load(flags: ["picsum.baseURL": "http://127.0.0.1:9"])
            .makeContent()
        #expect(content.sourceName == "bundled")
        #expect(fallback?.contains("http://127.0.0.1:9") == true)
        let picsum = try await Sandbox().load(flags: [
            "content.source": "picsum", "picsum.baseURL": "http://127.0.0.1:9",
        ]).makeContent()
        #expect(picsum.content.sourceName == "picsum" && picsum.fallback == nil)
    }

    @Test func fileLoadsTheDocumentWithSeedsOnTheConfiguredBase() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("s.json", #"{"pages":[{"users":[{"id":1,"name":"Neo"}]}]}"#)
        let content = try await sandbox.load(
            flags: ["content.source": "file", "content.file": path, "picsum.baseURL": "http://127.0.0.1:9999"]
        ).makeContent().content
        let story = try await content.story(for: "1")
        #expect(story.items[0].media.url.absoluteString == "http://127.0.0.1:9999/seed/1-0/1080/1920")
    }

    @Test func fileWithoutAPathIsBadConfiguration() async throws {
        let root = try Sandbox().load(flags: ["content.source": "file"])
        await #expect {
            try await root.makeContent()
        } throws: { error in
            ErrorReport.status(for: error) == .configuration && "\(error)".contains("content.file")
        }
    }

    @Test func aBrokenDocumentIsBadInputData() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("s.json", #"{"data":[{"id":"1","user":{"username":"n"},"snaps":[]}]}"#)
        let root = try sandbox.load(flags: ["content.source": "file", "content.file": path])
        await #expect {
            try await root.makeContent()
        } throws: { error in
            ErrorReport.status(for: error) == .dataError && ErrorReport.message(for: error).contains(path)
                && ErrorReport.message(for: error).contains("data[0]")
        }
    }
}
