import Foundation
import StoriesScreens
import StoryInterfaces
import StoryTerminal

/// Small rules of the loop's edges: the sizes asked of the source, kitty's refusals in words,
/// the feeds' requests.
extension InteractiveLoop {
    /// A small image for a gallery cell (240 pixels wide; its cells' pixels in a graphics mode),
    /// as the source sizes its photos.
    static func thumbnailURL(_ session: Session, cell: CellPixels?) -> @Sendable (Photo) -> URL {
        let photos = session.photos
        let width = max(240, GalleryLayout.thumbnailColumns * (cell?.width ?? 0))
        return { photo in
            return photos.imageURL(for: photo, width: width, height: max(1, width * photo.height / max(1, photo.width)))
        }
    }

    /// What the viewer says of a picture kitty would not show: its error's code
    /// (`i=5,p=6;ENOSPC:…` → "the terminal could not show it (ENOSPC)").
    static func refusalReason(_ reply: String) -> String {
        let error = reply.split(separator: ";", maxSplits: 1).last.map { $0.prefix { $0 != ":" } } ?? ""
        let code = error.filter { $0.isLetter || $0.isNumber }.prefix(16)
        return code.isEmpty ? "the terminal could not show it" : "the terminal could not show it (\(code))"
    }

    /// The detail's image, sized for the screen where the source can (not a 5000-pixel original).
    static func detailURL(_ session: Session, _ photo: Photo, columns: Int, rows: Int, cell: CellPixels?)
        -> URL
    {
        let size: (width: Int, height: Int)
        if let cell {
            let fitted = cell.fitted(width: photo.width, height: photo.height, columns: columns, rows: rows)
            size = (fitted.width, fitted.height)
        } else {
            // Half blocks: a little more than the cells need, for the box filter.
            let fitted = ImageCells.fittedSize(width: photo.width, height: photo.height, columns: columns, rows: rows)
            size = (fitted.width * 2, fitted.height * 2)
        }
        return session.photos.imageURL(for: photo, width: size.width, height: size.height)
    }

    /// Carries out a feed request on either feed.
    static func perform(_ request: FeedRequest, on feed: some UserFeedPaging) async {
        switch request {
        case .show(let position): await feed.didShow(position: position)
        case .refresh: await feed.refresh()
        case .retry: await feed.retry()
        }
    }

    /// Entries kept behind the last shown position, at least (more than a screen of cells).
    static let minimumRetained = 300

    /// How often the open app asks the store whether its state changed elsewhere.
    static let stateWatchInterval: Duration = .seconds(1)
}
