public import Foundation
public import StoryInterfaces
public import StoryTerminal

/// Everything that happens to the app: input, time, and finished work (Model–Update–View).
public enum AppMessage: Sendable {
    /// A key or a click.
    case input(InputEvent)
    /// The terminal has a new size.
    case resized(columns: Int, rows: Int)
    /// Time passed on the clock (for the viewer's progress).
    case tick(Duration)
    /// The tray's feed changed.
    case feed(FeedSnapshot<TrayUser>)
    /// An avatar was decoded (nil: it could not be loaded).
    case avatarLoaded(URL, RGBImage?)
    /// A viewer item's media was loaded and decoded, or failed with a reason.
    case mediaLoaded(StoryItemID, Result<DecodedMedia, MediaFailure>)
    /// The viewer's stories and their liked state are ready: open it.
    case viewerReady(stories: [Story], userIndex: Int, liked: Set<StoryItemID>, now: Date)
    /// A store write or read failed.
    case storeFailed(String)
    /// The gallery's feed changed.
    case galleryFeed(FeedSnapshot<Photo>)
    /// A gallery thumbnail was decoded (nil: it could not be loaded).
    case thumbnailLoaded(PhotoID, RGBImage?)
    /// The gallery detail's image was loaded and decoded, or failed.
    case detailLoaded(PhotoID, Result<RGBImage, MediaFailure>)
    /// The content source is open (`auto` resolved): its name, and why it fell back, if it did.
    case sourceChosen(name: String, fallback: String?)
}

/// Why a media could not be shown (one line).
public struct MediaFailure: Error, Hashable, Sendable {
    /// The reason, for the screen.
    public var reason: String
    /// Creates a failure.
    public init(_ reason: String) { self.reason = reason }
}

/// What the update asks the world to do; the runtime performs it and answers with messages.
public enum AppEffect: Hashable, Sendable {
    /// Load and decode these avatars.
    case loadAvatars([URL])
    /// Load and decode an item's media for the viewer's image area.
    case loadMedia(StoryItem, priority: ImagePriority)
    /// Tell the feed which position is on screen (it loads ahead).
    case feedShow(position: Int)
    /// Reload the feed from page 1.
    case feedRefresh
    /// Load the failed page again.
    case feedRetry
    /// Read the liked state of these stories, then open the viewer (``AppMessage/viewerReady``).
    case openViewer(stories: [Story], userIndex: Int)
    /// Record a seen item.
    case markSeen(StoryItemID, user: UserID, index: Int)
    /// Record a like or an unlike.
    case setLiked(StoryItemID, Bool)
    /// Open the gallery's feed (started the first time, kept afterwards).
    case galleryOpen
    /// Tell the gallery's feed which position is on screen.
    case galleryShow(position: Int)
    /// Reload the gallery from page 1.
    case galleryRefresh
    /// Load the gallery's failed page again.
    case galleryRetry
    /// Load and decode these photos' thumbnails.
    case loadThumbnails([Photo])
    /// Load and decode a photo for the detail view's image area.
    case loadDetail(Photo)
    /// Leave the app.
    case quit
}
