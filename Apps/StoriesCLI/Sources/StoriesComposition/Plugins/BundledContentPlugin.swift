import StoryModels

/// `content.source = bundled`: the bundled sample users, gallery and images, no network (the
/// mock content source).
public enum BundledContentPlugin: StoriesPlugin {
    /// `bundled`.
    public static let name = "bundled"
    /// One line about it.
    public static let summary = "the bundled sample users and images, offline (the mock)"
    /// The bundled catalog (ages relative to now), its photos as the gallery, images from the
    /// package's resources.
    public static func make(_ settings: StoriesSettings) throws -> ContentSource {
        ContentSource(
            stories: BundledStoryContent(), photos: BundledPhotoCatalog(), makeImages: { BundledImageLoader() })
    }
}
