public import StoryImages
public import StoryInterfaces
import StoryTerminal

/// What happens to the gallery.
public enum GalleryMessage: Sendable {
    /// The gallery's feed changed.
    case feed(FeedSnapshot<Photo>)
    /// A thumbnail was decoded (nil: it could not be loaded).
    case thumbnailLoaded(PhotoID, RGBImage?)
    /// The detail's image was loaded and decoded, or failed.
    case detailLoaded(PhotoID, Result<RGBImage, MediaFailure>)
}

/// What the gallery asks.
public enum GalleryEffect: Hashable, Sendable {
    /// Ask the gallery's feed to show, refresh or retry (after ``open`` started it).
    case feed(FeedRequest)
    /// Start the gallery's feed (asked the first time the gallery opens; kept afterwards).
    case open
    /// Load and decode these photos' thumbnails.
    case loadThumbnails([Photo])
    /// Load and decode a photo for the detail view's image area.
    case loadDetail(Photo)
}
