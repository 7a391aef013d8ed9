public import Foundation
public import StoryInterfaces
public import StoryModels
public import StoryNavigation

/// What the web viewer is composed from: the same content, store and rules as every other
/// command (the app hands them over; this feature never picks an implementation).
public struct WebContent: Sendable {
    /// Users and their stories.
    public var stories: any StoryContentProviding
    /// The gallery's photos.
    public var photos: any PhotoCataloging
    /// Loads a picture's bytes (the source's image loader: its disk cache, its limits).
    public var images: @Sendable (URL) async throws -> Data
    /// The local file of a clip (a bundled clip, a folder's file), or nil for a clip that has
    /// none here (the web viewer serves only clips it can read from disk).
    public var clipFile: @Sendable (URL) -> URL?
    /// Seen, liked and muted state.
    public var store: any SeenLikeStoring
    /// The tray's order (tray.order).
    public var trayOrder: TrayOrder
    /// Users per tray page (feed.pageSize).
    public var pageSize: Int
    /// The viewer's timing (viewer.imageDuration, autoAdvance).
    public var viewer: ViewerConfiguration
    /// Where resized pictures are kept between runs (the app's disk image cache), if anywhere.
    public var pictureCache: WebPictureCache?
    /// Today's memories (one story an earlier year), shown first in the tray and at
    /// `/memories`; nil for a source without dates.
    public var memories: MemoriesContent?

    /// Assembles the web viewer's content.
    public init(
        stories: any StoryContentProviding, photos: any PhotoCataloging,
        images: @escaping @Sendable (URL) async throws -> Data, clipFile: @escaping @Sendable (URL) -> URL?,
        store: any SeenLikeStoring, trayOrder: TrayOrder = .unseenFirst, pageSize: Int = 20,
        viewer: ViewerConfiguration, pictureCache: WebPictureCache? = nil
    ) {
        self.stories = stories
        self.photos = photos
        self.images = images
        self.clipFile = clipFile
        self.store = store
        self.trayOrder = trayOrder
        self.pageSize = pageSize
        self.viewer = viewer
        self.pictureCache = pictureCache
    }
}

/// A disk cache for resized pictures, keyed by a URL naming the source and the width.
public struct WebPictureCache: Sendable {
    /// The kept bytes for a key, if any.
    public var load: @Sendable (URL) -> Data?
    /// Keeps bytes for a key.
    public var store: @Sendable (Data, URL) -> Void

    /// A cache over two functions (e.g. `DiskImageCache.data(for:)` and `store(_:for:)`).
    public init(load: @escaping @Sendable (URL) -> Data?, store: @escaping @Sendable (Data, URL) -> Void) {
        self.load = load
        self.store = store
    }
}

/// A user's story as the viewer page and `/api/users/{user}` give it: the items with their
/// media URLs and, for each, where every move goes — computed by ``StoryViewer`` (the same
/// rules as the terminal's), so the page's script never decides a move itself.
struct StoryPage: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        var id: String
        var index: Int
        var type: String
        var src: String
        /// The picture at the widths the server makes (`srcset`), for pictures.
        var srcset: String?
        var poster: String?
        var duration: Int
        var caption: String?
        var alt: String?
        var link: String?
        var postedAt: Date?
        /// How long ago, as the terminal's viewer says it (``PhotoDates/age(_:now:timeZone:)``).
        var age: String?
        var liked: Bool
        var seen: Bool
        var url: String
        /// Where `next`, `previous`, `nextUser` and `previousUser` go: an item's URL, or "/"
        /// (the viewer closes).
        var moves: [String: String]
    }

    struct User: Encodable, Sendable {
        var id: String
        var name: String
        var avatar: String?
        var muted: Bool
    }

    var user: User
    var items: [Item]
    /// The item the viewer opens at (the first unseen; the asked one on an item's URL).
    var start: Int
    var autoAdvance: Bool
    /// The next user's first unseen item's picture, to preload.
    var preload: String?
}
