public import Foundation
public import StoryInterfaces
public import StoryNavigation

/// The open viewer: the state machine and its media.
public struct ViewerModel: Sendable {
    /// The viewer's state machine.
    public var viewer: StoryViewer
    /// Decoded media by item (the current one and the neighbours decoded ahead).
    public var media: [StoryItemID: DecodedMedia] = [:]
    /// Loads under way, by item: the one record of what is in flight. The update starts a
    /// load only for an item not here (or here for another image area), raises one here at low
    /// priority when its item is shown, and removes it when its answer comes.
    public var requested: [StoryItemID: MediaRequest] = [:]
    /// When the viewer opened, for the items' age.
    public var now: Date
    /// The user of the last item shown (the tray selects it when the viewer closes).
    public var lastShownUser: UserID?
    /// The video item whose playback is running (the runtime's one player), if any.
    public var playing: StoryItemID?
    /// Frames of that playback shown so far (names each frame's picture).
    public var framesShown = 0
    /// In a graphics protocol, the current item's seen mark, held until its picture has been
    /// on screen for ``AppUpdate/seenConfirmation`` or the viewer moves on: kitty answers a
    /// picture it cannot show within milliseconds, and such an item is not seen.
    public var unconfirmedSeen: UnconfirmedSeen?
    /// Space or the mouse button held down since its press, until its release.
    public var hold: ViewerHold?
    /// The viewer was paused because the terminal lost the focus (it resumes on focus).
    public var pausedByFocus = false
    /// How many users the viewer had when it last asked the tray for its next page (asked
    /// once per count, on reaching the last user but one).
    public var askedForMoreAt = 0
    /// A word for the footer while `item` is shown ("link copied"), in place of the hints.
    public var footerNotice: (item: StoryItemID, text: String)?

    /// Creates a viewer model.
    public init(viewer: StoryViewer, now: Date) {
        self.viewer = viewer
        self.now = now
    }
}

/// A seen mark not yet written: the item, its user and place, and how long it has been shown.
public struct UnconfirmedSeen: Hashable, Sendable {
    /// The item shown.
    public var item: StoryItemID
    /// Its user.
    public var user: UserID
    /// Its index in the user's story.
    public var index: Int
    /// How long it has been on screen so far.
    public var shownFor: Duration = .zero

    /// A mark for `item` of `user` at `index`, shown for `shownFor` so far.
    public init(item: StoryItemID, user: UserID, index: Int, shownFor: Duration = .zero) {
        self.item = item
        self.user = user
        self.index = index
        self.shownFor = shownFor
    }
}

/// A press in the viewer waiting for its release: holding pauses, letting go resumes; a short
/// press is a tap (space toggles, a click moves on).
public struct ViewerHold: Hashable, Sendable {
    /// What is held.
    public enum Source: Hashable, Sendable {
        /// The space bar (its release comes only from kitty's keyboard protocol).
        case space
        /// The left mouse button, pressed at a cell of the picture.
        case mouse(x: Int, y: Int)
    }
    /// What is held.
    public var source: Source
    /// Whether the press paused the viewer (letting go after a hold resumes it only then).
    public var pausedIt: Bool
}
