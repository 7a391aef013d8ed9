public import ConfigurationLayers
import Foundation
import StoryBase
import StoryImages
import StoryInterfaces
import StoryModels
import StoryTerminal

/// `content.source = folder`: the pictures and videos at `content.folder` as stories (each
/// subfolder a user, or each day of the files' dates), every picture in the gallery.
public enum FolderContentPlugin: StoriesPlugin {
    /// `folder`.
    public static let name = "folder"
    /// One line about it.
    public static let summary = "your own pictures at content.folder: each subfolder (or day) a user"

    /// Its key: the folder.
    public static let settings = [
        SettingSpec(
            key: "content.folder", kind: .path, defaultText: nil, flag: "folder",
            summary: "the folder of pictures for content.source=folder")
    ]

    /// Lists the folder; a missing `content.folder` is bad configuration, an unreadable one too.
    public static func make(_ settings: StoriesSettings) async throws -> ContentSource {
        let folder = try await open(settings)
        return ContentSource(
            stories: FolderStoryContent(folder: folder), photos: FolderPhotoCatalog(folder: folder),
            makeImages: { FolderImageLoader(limit: ImageDecoder.maximumBytes) },
            warnings: folder.warning.map { [$0] } ?? [])
    }

    /// Lists the folder and says how many users it holds.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        let folder = try await open(settings)
        return "\(name): \(folder.root.path), \(folder.users.count) users" + (folder.warning.map { "; \($0)" } ?? "")
    }

    private static func open(_ settings: StoriesSettings) async throws -> FolderContent {
        guard let path = settings.resolved.text("content.folder") else {
            let setting = settings.resolved["content.folder"]
            throw ConfigurationError.invalidValue(
                key: "content.folder", value: "null", source: setting.source, origin: "content.source=folder",
                allowed: "the path of a folder of pictures (--folder PATH) when content.source is folder")
        }
        do {
            return try await OwnThread.run { try FolderContent(root: URL(fileURLWithPath: path)) }
        } catch FolderContent.FolderError.unreadable(_, let reason) {
            throw ConfigurationError.invalidValue(
                key: "content.folder", value: path, source: settings.resolved["content.folder"].source,
                origin: "content.source=folder", allowed: "a folder of pictures and videos (this one: \(reason))")
        }
    }
}
