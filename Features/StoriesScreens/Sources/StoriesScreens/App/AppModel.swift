public import StoryNavigation
public import StoryTerminal

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

/// The whole app's state: plain values, changed only by ``AppUpdate``: each screen's model,
/// the context every screen reads (``ScreenContext``), and the app's own (help, animation,
/// the store's health, quitting).
public struct AppModel: Sendable {
    /// What every screen's update reads and writes besides its own model.
    public var context: ScreenContext
    /// The screen size.
    public var size: ScreenSize {
        get { context.size }
        set { context.size = newValue }
    }
    /// The content source's name, for the status line.
    public var source: String {
        get { context.source }
        set { context.source = newValue }
    }
    /// Why `auto` fell back to the bundled samples, if it did.
    public var fallback: String?
    /// Colour depth for images.
    public var depth: ColorMode
    /// Whether pictures are drawn in a graphics protocol (kitty, sixel: ``CellGraphic``s on the
    /// frame) rather than in half blocks.
    public var graphics: Bool {
        get { context.graphics }
        set { context.graphics = newValue }
    }
    /// Whether the terminal's background is light (its OSC 11 answer): the bar's filled
    /// segments are drawn dark, its empty ones light. Text that is neither a
    /// picture nor an accent is in the terminal's own foreground, whatever the background.
    public var lightBackground = false
    /// Whether the terminal said its background colour (OSC 11). When it did not (tmux, an
    /// xterm with colour queries off), colours are the ones safe on any background:
    /// ``AppView/readableOnAny(_:)``, and the progress bar's done segments in the terminal's
    /// own foreground colour.
    public var backgroundKnown = true
    /// The terminal's cell in pixels, when it says: half blocks take its shape, so a picture
    /// keeps its proportions where cells are not 1:2 (kitty's are 8% narrower).
    public var cell: CellPixels?
    /// Viewer durations and modes.
    public var viewerConfiguration: ViewerConfiguration {
        didSet { context.isAccessible = viewerConfiguration.accessible }
    }
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
    /// Sentences for accessible mode said by the last update (or at start), in order; the
    /// runtime prints them after each update.
    public var announcements: [String] {
        get { context.announcements }
        set { context.announcements = newValue }
    }
    /// Whether the content source is open (``AppMessage/sourceChosen(name:fallback:)`` came);
    /// before it, only the keys that quit act.
    public var isSourceOpen = false

    /// Accessible mode: no animation or auto-advance, every change said in a sentence.
    public var isAccessible: Bool { context.isAccessible }

    /// A model before anything is loaded.
    public init(
        size: ScreenSize, source: String, fallback: String? = nil, depth: ColorMode, graphics: Bool = false,
        viewerConfiguration: ViewerConfiguration
    ) {
        context = ScreenContext(
            size: size, isAccessible: viewerConfiguration.accessible, graphics: graphics, source: source)
        self.fallback = fallback
        self.depth = depth
        self.viewerConfiguration = viewerConfiguration
        if viewerConfiguration.accessible {
            announcements = ["Stories, accessible mode: loading the tray from \(source)."]
        }
    }
}
