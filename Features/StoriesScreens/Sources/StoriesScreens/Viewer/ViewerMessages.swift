public import Foundation
public import StoryImages
public import StoryInterfaces
import StoryTerminal

/// What happens to the viewer.
public enum ViewerMessage: Sendable {
    /// The viewer's stories and their liked state are ready: open it.
    case ready(stories: [Story], userIndex: Int, liked: Set<StoryItemID>, now: Date)
    /// The tray's next users (its next page, loaded while the viewer is open) and their
    /// liked items: the viewer goes on into them (``TrayEffect/extendViewer(stories:)``).
    case more(stories: [Story], liked: Set<StoryItemID>)
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
