public import Foundation

/// What one story item shows.
public enum StoryMedia: Hashable, Sendable, Codable {
    /// A still image, shown for the viewer's image duration.
    case image(URL)
    /// A video that lasts `duration`; `poster` is an image to show in its place, if any.
    case video(URL, duration: Duration, poster: URL?)

    /// The URL of the media itself.
    public var url: URL {
        switch self {
        case .image(let url), .video(let url, _, _): url
        }
    }

    /// Whether this is a video.
    public var isVideo: Bool {
        if case .video = self { return true }
        return false
    }
}

/// One photo or video in a user's story.
public struct StoryItem: Hashable, Sendable, Codable, Identifiable {
    /// The longest a video item may drive the progress bar (PRODUCT.md §2: capped at 60 s).
    public static let maximumVideoDuration: Duration = .seconds(60)

    /// The item's stable id.
    public var id: StoryItemID
    /// The user whose story holds the item.
    public var userID: UserID
    /// The image or video.
    public var media: StoryMedia
    /// When the item was posted, for the "age" in the viewer header; nil when unknown.
    public var postedAt: Date?
    /// The media's pixel size, when the source knows it.
    public var pixelSize: PixelSize?
    /// A line shown under the picture (a stories document's `caption`).
    public var caption: String?
    /// What the picture shows, read in accessible mode (a document's `alt`).
    public var alt: String?
    /// A web page the item points to (a document's `link`).
    public var link: URL?
    /// How long an image stays on screen, when the item says (a document's `duration`);
    /// nil: `viewer.imageDuration`.
    public var imageDuration: Duration?

    /// Creates an item.
    public init(
        id: StoryItemID, userID: UserID, media: StoryMedia, postedAt: Date? = nil,
        pixelSize: PixelSize? = nil, caption: String? = nil, alt: String? = nil, link: URL? = nil,
        imageDuration: Duration? = nil
    ) {
        self.id = id
        self.userID = userID
        self.media = media
        self.postedAt = postedAt
        self.pixelSize = pixelSize
        self.caption = caption
        self.alt = alt
        self.link = link
        self.imageDuration = imageDuration
    }

    /// How long the item stays on screen: the item's own ``imageDuration`` or else
    /// `imageDuration` for images, the video's own duration for videos, capped at
    /// ``maximumVideoDuration``. Never negative.
    public func duration(imageDuration: Duration) -> Duration {
        switch media {
        case .image:
            return max(.zero, self.imageDuration ?? imageDuration)
        case .video(_, let duration, _):
            return min(max(.zero, duration), Self.maximumVideoDuration)
        }
    }
}

/// A width and a height in pixels.
public struct PixelSize: Hashable, Sendable, Codable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
