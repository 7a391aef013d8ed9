import SeenLikeStore
public import StoryInterfaces

/// `store.kind = memory`: state kept for one process only (the mock store).
public enum InMemoryStorePlugin: StoriesPlugin {
    /// `memory`.
    public static let name = "memory"
    /// One line about it.
    public static let summary = "in memory, forgotten at exit (the mock)"
    /// Creates an empty store.
    public static func make(_ settings: StoriesSettings) throws -> any SeenLikeStoring {
        InMemorySeenLikeStore()
    }

    /// Nothing to check: nothing is kept.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        "\(name) (nothing is kept after the process ends)"
    }
}
