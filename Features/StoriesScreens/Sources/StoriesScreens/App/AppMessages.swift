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

/// Why a media could not be shown (one line).
public struct MediaFailure: Error, Hashable, Sendable {
    /// The reason, for the screen.
    public var reason: String
    /// Creates a failure; a URL's password and query string in it are hidden.
    public init(_ reason: String) { self.reason = Redaction.redacted(reason) }
}

/// What the update asks the world to do; the runtime performs it and answers with messages.
/// What one screen asks — its feed's pages too — is that screen's effect (``TrayEffect``,
/// ``ViewerEffect``, ``GalleryEffect``).
public enum AppEffect: Hashable, Sendable {
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

/// What a screen asks of its feed (the tray's users, the gallery's photos).
public enum FeedRequest: Hashable, Sendable {
    /// `position` is on screen: load ahead while it is within the prefetch distance.
    case show(position: Int)
    /// Reload from page 1.
    case refresh
    /// Load the failed page again.
    case retry
}
