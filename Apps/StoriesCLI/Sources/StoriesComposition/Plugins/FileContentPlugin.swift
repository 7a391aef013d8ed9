public import ConfigurationLayers
import PicsumContent
import StoryBase
import StoryInterfaces
import StoryModels

/// `content.source = file`: the stories document at `content.file` (PRODUCT.md §6), decoded
/// and validated at start; users-pages documents get seed stories on `picsum.baseURL`. A
/// document has no gallery: the gallery shows the bundled samples. Its media come over the
/// network through the image pipeline.
public enum FileContentPlugin: StoriesPlugin {
    /// `file`.
    public static let name = "file"
    /// One line about it.
    public static let summary = "the stories document at content.file (gallery: the bundled samples)"

    /// Its key: the document.
    public static let settings = [
        SettingSpec(
            key: "content.file", kind: .path, defaultText: nil, flag: "stories-file",
            summary: "the stories document for content.source=file")
    ]

    /// Loads the document; a missing `content.file` is bad configuration, a bad document bad
    /// data; its warnings are handed on for the user.
    public static func make(_ settings: StoriesSettings) async throws -> ContentSource {
        let document = try await load(settings)
        return ContentSource(
            stories: FileStoryContent(document: document), photos: BundledPhotoCatalog(),
            makeImages: {
                BundledFirstImageLoader(others: SharedImages.pipeline(settings.picsum, cache: settings.imageCache))
            },
            warnings: document.warnings)
    }

    /// Loads the document and says how many users it holds.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let document = try await load(settings)
        let path = settings.resolved.text("content.file") ?? ""
        return "\(name): \(path), \(document.stories.count) users"
            + (document.warnings.isEmpty ? "" : ", \(document.warnings.count) warnings")
    }

    private static func load(_ settings: StoriesSettings) async throws -> StoryDocument {
        guard let path = settings.resolved.text("content.file") else {
            let setting = settings.resolved["content.file"]
            throw ConfigurationError.invalidValue(
                key: "content.file", value: "null", source: setting.source, origin: "content.source=file",
                allowed: "the path of a stories document (--stories-file PATH) when content.source is file")
        }
        let decoder = StoryDocumentDecoder(picsumBaseURL: settings.picsum.baseURL)
        // Reading and decoding a file blocks: on a thread of its own, never the cooperative pool.
        return try await OwnThread.run { try decoder.load(path: path) }
    }
}
