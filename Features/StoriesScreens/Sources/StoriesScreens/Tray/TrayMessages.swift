public import Foundation
public import StoryImages
public import StoryInterfaces
import StoryTerminal

/// What happens to the tray.
public enum TrayMessage: Sendable {
    /// The tray's feed changed.
    case feed(FeedSnapshot<TrayUser>)
    /// An avatar was decoded (nil: it could not be loaded).
    case avatarLoaded(URL, RGBImage?)
    /// The store says its state changed (the phone, another terminal, the sync's pull).
    case stateChanged
    /// The loaded users' seen and muted state as the store holds it now.
    case progress([UserID: UserProgress])
}

/// What the tray asks.
public enum TrayEffect: Hashable, Sendable {
    /// Ask the tray's feed to show, refresh or retry.
    case feed(FeedRequest)
    /// Load and decode these avatars.
    case loadAvatars([URL])
    /// Read the liked state of these stories, then open the viewer (``ViewerMessage/ready``).
    case openViewer(stories: [Story], userIndex: Int)
    /// Record a mute or an unmute.
    case setMuted(UserID, Bool)
    /// Read these users' seen and muted state (``TrayMessage/progress(_:)``).
    case readProgress([UserID])
    /// Read the liked state of these stories, then give them to the open viewer
    /// (``ViewerMessage/more(stories:liked:)``): the tray's next page, after its last user.
    case extendViewer(stories: [Story])
}
