import Foundation
public import StoryImages
public import StoryInterfaces
import StoryTerminal

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
    public var video: PreparedVideo?
    /// One line to show over the media (a video shown by its poster: what to install).
    public var notice: String?
    /// An image item's animation (GIF, WebP, APNG): `video` plays while it is shown, looping,
    /// on the item's own duration; the bar follows the clock, not the frames.
    public var animated: Bool

    /// Creates decoded media.
    public init(
        image: RGBImage?, pixelSize: PixelSize? = nil, area: ScreenSize? = nil, video: PreparedVideo? = nil,
        notice: String? = nil, animated: Bool = false
    ) {
        self.image = image
        self.pixelSize = pixelSize
        self.area = area
        self.video = video
        self.notice = notice
        self.animated = animated
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
