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
