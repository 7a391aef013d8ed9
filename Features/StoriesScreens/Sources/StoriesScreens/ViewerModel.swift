public import Foundation
public import StoryInterfaces
public import StoryNavigation
public import StoryTerminal

/// Media decoded for the viewer: the picture (nil for a video without a poster) and its size.
public struct DecodedMedia: Hashable, Sendable {
    /// The picture, scaled for the screen it was decoded for; nil: draw a placeholder.
    public var image: RGBImage?
    /// The media's own pixel size, when known.
    public var pixelSize: PixelSize?
    /// The image area (cells) it was decoded for; after a resize, media decoded for another
    /// area is decoded again, so a window made small and big again never keeps a tiny decode.
    public var area: ScreenSize?
    /// A video ready to play (`image` is its first frame); nil for an image, or a video shown
    /// by its poster.
    public var video: PlayableVideo?
    /// One line to show over the media (a video shown by its poster: what to install).
    public var notice: String?

    /// Creates decoded media.
    public init(
        image: RGBImage?, pixelSize: PixelSize? = nil, area: ScreenSize? = nil, video: PlayableVideo? = nil,
        notice: String? = nil
    ) {
        self.image = image
        self.pixelSize = pixelSize
        self.area = area
        self.video = video
        self.notice = notice
    }
}

/// A video the runtime can play: its file on this machine and the frames to decode from it.
public struct PlayableVideo: Hashable, Sendable {
    /// The clip's file (bundled, or the cached download).
    public var file: URL
    /// Frame width in pixels (fitted to the image area).
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames per second to decode (what the graphics mode can take).
    public var frameRate: Double

    /// Describes a playable video.
    public init(file: URL, width: Int, height: Int, frameRate: Double) {
        self.file = file
        self.width = width
        self.height = height
        self.frameRate = frameRate
    }
}

/// A load of an item's media that is under way: at which priority, for which image area.
public struct MediaRequest: Hashable, Sendable {
    /// The priority it runs at.
    public var priority: ImagePriority
    /// The image area (cells) it decodes for.
    public var area: ScreenSize
    /// Creates a request.
    public init(priority: ImagePriority, area: ScreenSize) {
        self.priority = priority
        self.area = area
    }
}

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
}
