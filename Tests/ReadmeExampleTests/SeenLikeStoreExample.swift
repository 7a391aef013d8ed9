import SeenLikeStore
import StoryInterfaces

/// Packages/SeenLikeStore/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum SeenLikeStoreExample {
    static func run() async throws {
        // README
        let store = try await SQLiteSeenLikeStore.open(path: "state.sqlite")
        try await store.markSeen("ada-0", user: "ada", index: 0)
        try await store.setLiked("ada-0", true)
        let progress = try await store.progress(for: ["ada"])  // seen items, resume index, muted
        // /README
    }
}
