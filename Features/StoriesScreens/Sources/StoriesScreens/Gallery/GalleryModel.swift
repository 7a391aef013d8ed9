public import StoryImages
public import StoryInterfaces
import StoryTerminal

/// The gallery: the photo feed's window, the selection, thumbnails and the detail view.
public struct GalleryModel: Sendable {
    /// The loaded photos, in position order.
    public var entries: [FeedEntry<Photo>] = []
    /// The feed's phase.
    public var phase: FeedPhase = .idle
    /// The selected photo's position.
    public var selected = 0
    /// The first row drawn.
    public var firstRow = 0
    /// Decoded thumbnails by photo.
    public var thumbnails: [PhotoID: RGBImage] = [:]
    /// Thumbnails asked for and not yet answered.
    public var requested: Set<PhotoID> = []
    /// The detail view, when open.
    public var detail: GalleryDetail?
    /// Whether the gallery's feed was started (``AppEffect/galleryOpen`` is asked once).
    public var isFeedStarted = false

    /// The selected entry's index in ``entries``.
    public var selectedIndex: Int? { entries.firstIndex { $0.position == selected } }
}

/// The detail of one photo: its image (once loaded) or why it failed.
public struct GalleryDetail: Sendable {
    /// The photo.
    public var photo: Photo
    /// The decoded image, once loaded.
    public var image: RGBImage?
    /// Why the image could not be loaded.
    public var failure: String?
}
