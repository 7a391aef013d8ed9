import PicsumContent
public import StoryInterfaces
import StoryModels

/// `content.source = file`: the stories document at `content.file` (PRODUCT.md §6), decoded
/// and validated at start; users-pages documents get seed stories on `picsum.baseURL`.
public enum FileContentPlugin: StoriesPlugin {
    /// `file`.
    public static let name = "file"
    /// One line about it.
    public static let summary = "the stories document at content.file"
    /// Loads the document; a missing `content.file` is bad configuration, a bad document bad data.
    public static func make(_ settings: StoriesSettings) async throws -> any StoryContentProviding {
        guard let path = settings.contentFile else {
            let setting = settings.resolved["content.file"]
            throw ConfigurationError.invalidValue(
                key: "content.file", value: "null", source: setting.source, origin: "content.source=file",
                allowed: "the path of a stories document (--stories-file PATH) when content.source is file")
        }
        let decoder = StoryDocumentDecoder(picsumBaseURL: settings.picsum.baseURL)
        // Reading and decoding a file blocks: on a thread of its own, never the cooperative pool.
        return try await OwnThread.run { FileStoryContent(document: try decoder.load(path: path)) }
    }
}
