import Foundation
import StoriesComposition
import StoryInterfaces
import StoryModels
import Testing

@Suite("Content plugins")
struct ContentPluginTests {
    @Test func autoPicsumBundledFileAndFolderAreRegistered() {
        #expect(PluginRegistry.standard.contents.names == ["auto", "picsum", "bundled", "file", "folder"])
    }

    @Test func bundledServesTheCatalog() async throws {
        let content = try await Sandbox().load(flags: ["content.source": "bundled"]).makeContent().stories
        #expect(content.sourceName == "bundled")
        #expect(try await content.stories(try PageRequest(page: 1, limit: 100)).elements.count >= 40)
    }

    @Test func autoFallsBackToBundledWhenPicsumCannotBeReachedAndSaysWhy() async throws {
        // Port 9 on loopback: connection refused at once, no internet involved.
        let source = try await Sandbox().load(flags: ["picsum.baseURL": "http://127.0.0.1:9"]).makeContent()
        #expect(source.name == "bundled")
        #expect(source.fallback?.contains("http://127.0.0.1:9") == true)
        let picsum = try await Sandbox().load(flags: [
            "content.source": "picsum", "picsum.baseURL": "http://127.0.0.1:9",
        ]).makeContent()
        #expect(picsum.name == "picsum" && picsum.fallback == nil)
    }

    @Test func fileLoadsTheDocumentWithSeedsOnTheConfiguredBase() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("s.json", #"{"pages":[{"users":[{"id":1,"name":"Neo"}]}]}"#)
        let content = try await sandbox.load(
            flags: ["content.source": "file", "content.file": path, "picsum.baseURL": "http://127.0.0.1:9999"]
        ).makeContent().stories
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

    static let photo = Photo(
        id: "10", author: "Paul Jarvis", width: 2500, height: 1667,
        url: URL(string: "https://unsplash.com/photos/6J--NXulQCs")!,
        downloadURL: URL(string: "http://127.0.0.1:9999/id/10/2500/1667")!)

    @Test func picsumHandsOverItsGalleryAndSizedImageURLs() async throws {
        let source = try await Sandbox().load(flags: [
            "content.source": "picsum", "picsum.baseURL": "http://127.0.0.1:9999",
        ]).makeContent()
        #expect(
            source.photos.imageURL(for: Self.photo, width: 240, height: 160).absoluteString
                == "http://127.0.0.1:9999/id/10/240/160")
        #expect(
            source.photos.imageURL(for: Self.photo, width: 9000, height: 6000).absoluteString
                == "http://127.0.0.1:9999/id/10/5000/5000", "Picsum's largest side")
    }

    @Test func bundledHandsOverItsSamplesAsGalleryAndImages() async throws {
        let source = try await Sandbox().load(flags: ["content.source": "bundled"]).makeContent()
        let photo = try #require(try await source.photos.photos(try PageRequest(page: 1, limit: 1)).elements.first)
        #expect(photo.downloadURL.scheme == "bundled")
        #expect(source.photos.imageURL(for: photo, width: 240, height: 160) == photo.downloadURL, "one size only")
        let data = try await source.makeImages().imageData(for: photo.downloadURL, priority: .high)
        #expect(data.starts(with: [0xFF, 0xD8]), "a JPEG from the package's resources")
    }

    @Test func fileHandsOverTheDocumentsWarningsAndTheBundledGallery() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write(
            "s.json",
            #"{"data":[{"id":"0","user":{"username":"neo"},"snap_count":3,"snaps":[{"media_type":"image","media_url":"http://127.0.0.1:9/1.jpg"}]}]}"#
        )
        let source = try await sandbox.load(flags: ["content.source": "file", "content.file": path]).makeContent()
        #expect(source.name == "file" && source.fallback == nil)
        #expect(source.warnings.count == 1 && source.warnings[0].contains("snap_count is 3"), "\(source.warnings)")
        let photo = try #require(try await source.photos.photos(try PageRequest(page: 1, limit: 1)).elements.first)
        let images = try source.makeImages()
        #expect(try await images.imageData(for: photo.downloadURL, priority: .high).starts(with: [0xFF, 0xD8]))
        await #expect(throws: (any Error).self, "the document's media go to the network (refused here)") {
            try await images.imageData(for: URL(string: "http://127.0.0.1:9/1.jpg")!, priority: .high)
        }
    }

    @Test func eachSourcesDoctorSaysWhatItChecked() async throws {
        let sandbox = try Sandbox()
        let offline = try sandbox.load(flags: ["picsum.baseURL": "http://127.0.0.1:9"])
        let auto = try await offline.registry.contents.entry("auto").doctor(offline.settings, false)
        #expect(auto.hasPrefix("auto: Picsum at http://127.0.0.1:9 cannot be reached") && auto.contains("bundled"))
        await #expect(throws: (any Error).self, "an explicit picsum source that cannot be reached fails its check") {
            try await offline.registry.contents.entry("picsum").doctor(offline.settings, false)
        }
        let path = try sandbox.write("u.json", #"{"pages":[{"users":[{"id":1,"name":"Neo"},{"id":2,"name":"Ann"}]}]}"#)
        let file = try sandbox.load(flags: ["content.source": "file", "content.file": path])
        #expect(try await file.registry.contents.entry("file").doctor(file.settings, false) == "file: \(path), 2 users")
    }
}
