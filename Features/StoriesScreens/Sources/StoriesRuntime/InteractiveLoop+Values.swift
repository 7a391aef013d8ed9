public import FeedPaging
public import Foundation
import StoriesScreens
public import StoryInterfaces
import StoryModels
public import StoryNavigation
import StoryTerminal

/// What the loop is given: the screens' settings, and the session it opens.
extension InteractiveLoop {
    /// What the app's configuration says of the screens.
    public struct Settings: Sendable {
        /// `content.source` as configured (shown until the source is open).
        public var source: String
        /// The viewer's durations, auto-advance and accessible mode.
        public var viewer: ViewerConfiguration
        /// Page size and prefetch distance of the tray and the gallery.
        public var feed: FeedPagingConfiguration
        /// `tray.order`.
        public var trayOrder: TrayOrder
        /// `viewer.videoFrameRate` (0: the mode's).
        public var videoFrameRate: Int

        /// Settings for the loop.
        public init(
            source: String, viewer: ViewerConfiguration, feed: FeedPagingConfiguration, trayOrder: TrayOrder,
            videoFrameRate: Int
        ) {
            self.source = source
            self.viewer = viewer
            self.feed = feed
            self.trayOrder = trayOrder
            self.videoFrameRate = videoFrameRate
        }
    }

    /// An open content source and store.
    public struct Session: Sendable {
        /// Users and their stories.
        public var content: any StoryContentProviding
        /// The gallery's photos and their sized URLs.
        public var photos: any PhotoCataloging
        /// Why `auto` fell back, if it did.
        public var fallback: String?
        /// Every image the source names, at a priority.
        public var images: @Sendable (URL, ImagePriority) async throws -> Data
        /// Seen and liked state.
        public var store: any SeenLikeStoring
        /// A failure in one line for the status line and the log.
        public var describe: @Sendable (any Error) -> String
        /// Whether the store refused a change for good (a value it can never take): set aside.
        public var refusedForGood: @Sendable (any Error) -> Bool

        /// A session.
        public init(
            content: any StoryContentProviding, photos: any PhotoCataloging, fallback: String? = nil,
            images: @escaping @Sendable (URL, ImagePriority) async throws -> Data, store: any SeenLikeStoring,
            describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
            refusedForGood: @escaping @Sendable (any Error) -> Bool = { _ in false }
        ) {
            self.content = content
            self.photos = photos
            self.fallback = fallback
            self.images = images
            self.store = store
            self.describe = describe
            self.refusedForGood = refusedForGood
        }
    }
}
