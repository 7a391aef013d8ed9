import Foundation
public import StoryInterfaces

/// Everything a content plugin hands the app (the role of `content.source`): the tray's
/// stories, the gallery's photos (with their sized image URLs), how images are loaded, and
/// what a user should be told about the choice. The app never asks which source it is.
public struct ContentSource: Sendable {
    /// Users and their stories.
    public var stories: any StoryContentProviding
    /// The gallery's photos, and their thumbnail and detail URLs.
    public var photos: any PhotoCataloging
    /// Makes the loader for every image this source names (stories' media, avatars, the
    /// gallery's photos); called when a command first needs images, so commands that show
    /// none never open an image cache.
    public var makeImages: @Sendable () throws -> any ImageLoading
    /// Why the configured choice was not served as asked (`auto` fell back), if it was not.
    public var fallback: String?
    /// Non-fatal problems found while opening it (a stories document's warnings).
    public var warnings: [String]

    /// Assembles a source.
    public init(
        stories: any StoryContentProviding, photos: any PhotoCataloging,
        makeImages: @escaping @Sendable () throws -> any ImageLoading, fallback: String? = nil,
        warnings: [String] = []
    ) {
        self.stories = stories
        self.photos = photos
        self.makeImages = makeImages
        self.fallback = fallback
        self.warnings = warnings
    }

    /// The source's name as `tray --json` prints it.
    public var name: String { stories.sourceName }
}
