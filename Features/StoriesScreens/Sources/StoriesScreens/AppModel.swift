public import Foundation
public import StoryInterfaces
public import StoryNavigation
public import StoryTerminal

/// A tray user: the story and which of its items were seen when the page loaded.
public struct TrayUser: Hashable, Sendable, Identifiable {
    /// The user's story.
    public var story: Story
    /// Items seen (from the store when loaded).
    public var seen: Set<StoryItemID>

    /// Creates a tray user.
    public init(story: Story, seen: Set<StoryItemID>) {
        self.story = story
        self.seen = seen
    }

    /// The user's id.
    public var id: UserID { story.user.id }
}

/// Media decoded for the viewer: the picture (nil for a video without a poster) and its size.
public struct DecodedMedia: Hashable, Sendable {
    /// The picture, scaled for the screen it was decoded for; nil: draw a placeholder.
    public var image: RGBImage?
    /// The media's own pixel size, when known.
    public var pixelSize: PixelSize?
    /// The image area (cells) it was decoded for; after a resize, media decoded for another
    /// area is decoded again, so a window made small and big again never keeps a tiny decode.
    public var area: ScreenSize?

    /// Creates decoded media.
    public init(image: RGBImage?, pixelSize: PixelSize? = nil, area: ScreenSize? = nil) {
        self.image = image
        self.pixelSize = pixelSize
        self.area = area
    }
}

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

/// Which full screen is up (the viewer, when open, is drawn over either).
public enum AppScreen: Hashable, Sendable {
    /// The tray of users.
    case tray
    /// The gallery of photos.
    case gallery
}

/// A short animation, counted in clock ticks (none in accessible mode).
public enum AppAnimation: Hashable, Sendable {
    /// The heart pops over the image after a like.
    case heartPop(ticksLeft: Int)
    /// The new user's story slides in; the viewer's clock waits for it.
    case slide(ticksLeft: Int)

    /// Ticks an animation lasts.
    public static let length = 4
}

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

/// The screen size in cells.
public struct ScreenSize: Hashable, Sendable {
    /// Columns.
    public var columns: Int
    /// Rows.
    public var rows: Int
    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }
}

/// The tray: the feed's window of users, the selection and the avatars.
public struct TrayModel: Sendable {
    /// The loaded entries, in position order.
    public var entries: [FeedEntry<TrayUser>] = []
    /// The feed's phase.
    public var phase: FeedPhase = .idle
    /// The selected entry's position (not its index: the window moves when wrapping).
    public var selected = 0
    /// The first position drawn (the row scrolls to keep the selection visible).
    public var firstVisible = 0
    /// Items seen while the app runs (rings turn gray without a reload).
    public var seenNow: Set<StoryItemID> = []
    /// Decoded avatars by URL.
    public var avatars: [URL: RGBImage] = [:]
    /// Avatars asked for and not yet answered.
    public var avatarsRequested: Set<URL> = []

    /// The selected entry's index in ``entries``.
    public var selectedIndex: Int? { entries.firstIndex { $0.position == selected } }

    /// Whether every item of `user` is seen (gray ring).
    public func isAllSeen(_ user: TrayUser) -> Bool {
        user.story.items.allSatisfy { user.seen.contains($0.id) || seenNow.contains($0.id) }
    }
}

/// The open viewer: the state machine and its media.
public struct ViewerModel: Sendable {
    /// The viewer's state machine.
    public var viewer: StoryViewer
    /// Decoded media by item (the current one and the neighbours decoded ahead).
    public var media: [StoryItemID: DecodedMedia] = [:]
    /// Items whose media was asked for.
    public var requested: Set<StoryItemID> = []
    /// When the viewer opened, for the items' age.
    public var now: Date
    /// The user of the last item shown (the tray selects it when the viewer closes).
    public var lastShownUser: UserID?

    /// Creates a viewer model.
    public init(viewer: StoryViewer, now: Date) {
        self.viewer = viewer
        self.now = now
    }
}

/// The whole app's state: plain values, changed only by ``AppUpdate``.
public struct AppModel: Sendable {
    /// The screen size.
    public var size: ScreenSize
    /// The content source's name, for the status line.
    public var source: String
    /// Why `auto` fell back to the bundled samples, if it did.
    public var fallback: String?
    /// Colour depth for images.
    public var depth: ColorMode
    /// Viewer durations and modes.
    public var viewerConfiguration: ViewerConfiguration
    /// The tray.
    public var tray = TrayModel()
    /// The viewer, when open.
    public var viewer: ViewerModel?
    /// A store error to show on the status line.
    public var storeError: String?
    /// Set when the app should end.
    public var isQuitting = false
    /// The full screen under the viewer.
    public var screen: AppScreen = .tray
    /// The gallery (kept when left, so coming back is instant).
    public var gallery = GalleryModel()
    /// Whether the help overlay is up.
    public var isShowingHelp = false
    /// Whether opening the help paused the viewer (closing it resumes).
    public var helpPausedViewer = false
    /// The animation running, if any.
    public var animation: AppAnimation?
    /// Sentences for accessible mode, in order; the runtime prints and clears them.
    public var announcements: [String] = []

    /// Accessible mode: no animation or auto-advance, every change said in a sentence.
    public var isAccessible: Bool { viewerConfiguration.accessible }

    /// A model before anything is loaded.
    public init(
        size: ScreenSize, source: String, fallback: String? = nil, depth: ColorMode,
        viewerConfiguration: ViewerConfiguration
    ) {
        self.size = size
        self.source = source
        self.fallback = fallback
        self.depth = depth
        self.viewerConfiguration = viewerConfiguration
    }
}
