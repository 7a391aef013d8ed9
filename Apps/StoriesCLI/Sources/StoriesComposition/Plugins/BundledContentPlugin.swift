public import StoryInterfaces
import StoryModels

/// `content.source = bundled`: the bundled sample users, no network (the mock content source).
public enum BundledContentPlugin: StoriesPlugin {
    /// `bundled`.
    public static let name = "bundled"
    /// One line about it.
    public static let summary = "the bundled sample users and images, offline (the mock)"
    /// The bundled catalog, ages relative to now.
    public static func make(_ settings: StoriesSettings) throws -> any StoryContentProviding {
        BundledStoryContent()
    }
}
