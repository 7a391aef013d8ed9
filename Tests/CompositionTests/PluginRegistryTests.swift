import ConfigurationLayers
import Foundation
import SeenLikeStore
import StoriesComposition
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// A plugin defined by a test: proves that one type plus one `register` line adds a store.
enum RecordingStorePlugin: StoriesPlugin {
    static let name = "recording"
    static let summary = "a test double"
    static func make(_ settings: StoriesSettings) throws -> any SeenLikeStoring {
        TestSeenLikeStore(onSummary: { SeenLikeSummary(seenItemIDs: ["from-plugin"], likedItemIDs: [], users: []) })
    }
}

@Suite("Plugin registry")
struct PluginRegistryTests {
    @Test func theStandardRegistryShipsTheLiveAndMockStores() {
        #expect(PluginRegistry.standard.stores.names == ["sqlite", "memory", "postgres"])
    }

    @Test func storeKindPicksTheImplementation() async throws {
        let sandbox = try Sandbox()
        let memory = try await sandbox.load(flags: ["store.kind": "memory"]).makeStore()
        #expect(memory is InMemorySeenLikeStore)
        let sqlite = try await sandbox.load(flags: ["store.path": sandbox.root + "/s/state.sqlite"]).makeStore()
        #expect(sqlite is SQLiteSeenLikeStore)
        try await sqlite.setLiked("i", true)
        #expect(FileManager.default.fileExists(atPath: sandbox.root + "/s/state.sqlite"))
    }

    @Test func aRegisteredPluginBecomesAValidConfigurationValue() async throws {
        var registry = PluginRegistry.standard
        registry.stores.register(RecordingStorePlugin.self)
        let sandbox = try Sandbox()
        let root = try CompositionRoot.load(
            flags: [:], environment: sandbox.environment.merging(["STORIES_STORE_KIND": "recording"]) { $1 },
            configFile: nil, registry: registry)
        #expect(try await root.makeStore().summary().seenItemIDs == ["from-plugin"])
        #expect(throws: ConfigurationError.self) {
            try CompositionRoot.load(
                flags: ["store.kind": "recording"], environment: sandbox.environment, configFile: nil)
        }
    }
}

/// A content source defined by a test, with a key of its own: one type plus one `register`
/// line adds a source whose stories, gallery and images the app uses without knowing it.
enum TinyContentPlugin: StoriesPlugin {
    static let name = "tiny"
    static let summary = "one user from a test"
    static let settings = [
        SettingSpec(key: "tiny.author", kind: .text, defaultText: "Ann", summary: "the gallery's one author")
    ]
    static func make(_ settings: StoriesSettings) throws -> ContentSource {
        let author = settings.resolved.text("tiny.author") ?? "?"
        let photo = Photo(
            id: "t1", author: author, width: 100, height: 50, url: URL(string: "tiny://p/t1")!,
            downloadURL: URL(string: "tiny://p/t1/full")!)
        return ContentSource(
            stories: BundledStoryContentStandIn(), photos: TinyCatalog(photo: photo),
            makeImages: { TinyImages() })
    }
}

struct BundledStoryContentStandIn: StoryContentProviding {
    let sourceName = "tiny"
    func stories(_ request: PageRequest) async throws -> Page<Story> {
        Page(request: request, elements: [], nextPage: nil)
    }
    func story(for user: UserID) async throws -> Story { throw StoryContentError.unknownUser(user) }
}

struct TinyCatalog: PhotoCataloging {
    let photo: Photo
    func photos(_ request: PageRequest) async throws -> Page<Photo> {
        Page(request: request, elements: [photo], nextPage: nil)
    }
    func photo(id: PhotoID) async throws -> Photo { photo }
    func imageURL(for photo: Photo, width: Int, height: Int) -> URL {
        URL(string: "tiny://p/\(photo.id.rawValue)/\(width)x\(height)")!
    }
}

struct TinyImages: ImageLoading {
    func imageData(for url: URL, priority: ImagePriority) async throws -> Data { Data(url.absoluteString.utf8) }
    func prefetch(_ urls: [URL]) async {}
}

@Suite("Plugin registry: a new content source")
struct NewContentPluginTests {
    @Test func aRegisteredSourceAndItsKeyAreConfigurableAndServeEverything() async throws {
        var registry = PluginRegistry.standard
        registry.contents.register(TinyContentPlugin.self)
        let sandbox = try Sandbox()
        let root = try CompositionRoot.load(
            flags: ["content.source": "tiny"],
            environment: sandbox.environment.merging(["STORIES_TINY_AUTHOR": "Bo"]) { $1 }, configFile: nil,
            registry: registry)
        #expect(root.settings.resolved["tiny.author"].source == .environment)
        let source = try await root.makeContent()
        let photo = try #require(try await source.photos.photos(try PageRequest(page: 1, limit: 5)).elements.first)
        #expect(photo.author == "Bo")
        let thumbnail = source.photos.imageURL(for: photo, width: 240, height: 120)
        #expect(thumbnail.absoluteString == "tiny://p/t1/240x120")
        #expect(
            try await source.makeImages().imageData(for: thumbnail, priority: .high) == Data("tiny://p/t1/240x120".utf8)
        )
        #expect(throws: ConfigurationError.self, "the standard registry does not know it") {
            try CompositionRoot.load(
                flags: ["content.source": "tiny"], environment: sandbox.environment, configFile: nil)
        }
    }
}
