public import Foundation
import StoryBase
public import StoryInterfaces
public import StoryTerminal

/// Everything that happens to the app: input, time, and finished work (Model–Update–View).
/// What belongs to one screen is that screen's message (``TrayMessage``, ``ViewerMessage``,
/// ``GalleryMessage``), handled by its update; the rest is the app's own.
public enum AppMessage: Sendable {
    /// A key or a click (routed to the screen that is up).
    case input(InputEvent)
    /// A key or mouse button let go (``InputEvent/keyReleased(_:)``, a mouse release) after
    /// being held for `heldFor` since its press (the runtime times it): a hold or a tap.
    case released(InputEvent, heldFor: Duration)
    /// The terminal has a new size.
    case resized(columns: Int, rows: Int)
    /// Time passed on the clock (for the viewer's progress).
    case tick(Duration)
    /// A store write or read failed (a write is kept and tried again).
    case storeFailed(String)
    /// The store saves again: the writes kept after a failure are saved.
    case storeRecovered
    /// The content source is open (`auto` resolved): its name, and why it fell back, if it did.
    case sourceChosen(name: String, fallback: String?)
    /// The tray's.
    case tray(TrayMessage)
    /// The viewer's.
    case viewer(ViewerMessage)
    /// The gallery's.
    case gallery(GalleryMessage)
}

/// What happens to the tray.
public enum TrayMessage: Sendable {
    /// The tray's feed changed.
    case feed(FeedSnapshot<TrayUser>)
    /// An avatar was decoded (nil: it could not be loaded).
    case avatarLoaded(URL, RGBImage?)
}

/// What happens to the viewer.
public enum ViewerMessage: Sendable {
    /// The viewer's stories and their liked state are ready: open it.
    case ready(stories: [Story], userIndex: Int, liked: Set<StoryItemID>, now: Date)
    /// An item's media was loaded and decoded, or failed with a reason.
    case mediaLoaded(StoryItemID, Result<DecodedMedia, MediaFailure>)
    /// The playing video showed its frame at `at` from its start.
    case videoFrame(StoryItemID, RGBImage, at: Duration)
    /// The playing video's last frame was shown.
    case videoEnded(StoryItemID)
    /// The playing video stopped with an error (one line).
    case videoFailed(StoryItemID, String)
    /// The terminal gave up showing the picture named `key` (kitty refused it, and again when
    /// sent anew): the item it belongs to fails and is not counted as seen.
    case pictureNotShown(key: String, reason: String)
}

/// What happens to the gallery.
public enum GalleryMessage: Sendable {
    /// The gallery's feed changed.
    case feed(FeedSnapshot<Photo>)
    /// A thumbnail was decoded (nil: it could not be loaded).
    case thumbnailLoaded(PhotoID, RGBImage?)
    /// The detail's image was loaded and decoded, or failed.
    case detailLoaded(PhotoID, Result<RGBImage, MediaFailure>)
}

/// Why a media could not be shown (one line).
public struct MediaFailure: Error, Hashable, Sendable {
    /// The reason, for the screen.
    public var reason: String
    /// Creates a failure; a URL's password and query string in it are hidden.
    public init(_ reason: String) { self.reason = Redaction.redacted(reason) }
}

/// What the update asks the world to do; the runtime performs it and answers with messages.
/// What one screen asks is that screen's effect (``TrayEffect``, ``ViewerEffect``,
/// ``GalleryEffect``).
public enum AppEffect: Hashable, Sendable {
    /// Ask one of the two feeds (the tray's, the gallery's) to show, refresh or retry.
    case feed(AppFeed, FeedRequest)
    /// Give the terminal back and stop (Ctrl-Z); the runtime takes it again and redraws
    /// everything when the shell continues the app.
    case suspend
    /// Leave the app.
    case quit
    /// The tray's.
    case tray(TrayEffect)
    /// The viewer's.
    case viewer(ViewerEffect)
    /// The gallery's.
    case gallery(GalleryEffect)
}

/// What the tray asks.
public enum TrayEffect: Hashable, Sendable {
    /// Load and decode these avatars.
    case loadAvatars([URL])
    /// Read the liked state of these stories, then open the viewer (``ViewerMessage/ready``).
    case openViewer(stories: [Story], userIndex: Int)
    /// Record a mute or an unmute.
    case setMuted(UserID, Bool)
}

/// What the viewer asks.
public enum ViewerEffect: Hashable, Sendable {
    /// Load and decode an item's media for an image area (cells), replacing a load of it
    /// under way for another area.
    case loadMedia(StoryItem, priority: ImagePriority, area: ScreenSize)
    /// An item's load under way at low priority is now wanted on screen: raise it to high.
    case raiseMedia(StoryItem)
    /// Play a video item from its start (stopping any other playback); its frames arrive as
    /// ``ViewerMessage/videoFrame(_:_:at:)``.
    case playVideo(StoryItemID, PreparedVideo)
    /// Hold the playback on its frame (pause).
    case pauseVideo
    /// Continue the playback from the frame it holds.
    case resumeVideo
    /// Stop the playback and its decoding at once.
    case stopVideo
    /// Record a seen item.
    case markSeen(StoryItemID, user: UserID, index: Int)
    /// Record a like or an unlike.
    case setLiked(StoryItemID, Bool)
    /// Record a mute or an unmute.
    case setMuted(UserID, Bool)
    /// Put text on the terminal's clipboard (OSC 52; the terminal may refuse).
    case copyToClipboard(String)
}

/// What the gallery asks.
public enum GalleryEffect: Hashable, Sendable {
    /// Start the gallery's feed (asked the first time the gallery opens; kept afterwards).
    case open
    /// Load and decode these photos' thumbnails.
    case loadThumbnails([Photo])
    /// Load and decode a photo for the detail view's image area.
    case loadDetail(Photo)
}

/// The app's two feeds.
public enum AppFeed: Hashable, Sendable {
    /// The tray's users.
    case tray
    /// The gallery's photos.
    case gallery
}

/// What a feed is asked to do.
public enum FeedRequest: Hashable, Sendable {
    /// `position` is on screen: load ahead while it is within the prefetch distance.
    case show(position: Int)
    /// Reload from page 1.
    case refresh
    /// Load the failed page again.
    case retry
}
