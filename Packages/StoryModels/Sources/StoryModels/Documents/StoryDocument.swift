public import StoryInterfaces

/// A decoded, validated stories document (PRODUCT.md §6).
public struct StoryDocument: Hashable, Sendable {
    /// The three formats.
    public enum Format: String, Hashable, Sendable {
        /// `{"pages":[{"users":[…]}]}`: users only; stories generated from their ids.
        case usersPages = "users-pages"
        /// `{"data":[{"id","user","snap_count","snaps"}]}`: stories with snaps.
        case storiesWithSnaps = "stories-with-snaps"
        /// `[{"id","author","width","height","url","download_url"}]`: one Picsum list page.
        case picsumList = "picsum-list"
    }

    /// Which format the file was in.
    public var format: Format
    /// The stories, in document order (users-pages: page order, then user order).
    public var stories: [Story]
    /// The photos of a Picsum list document (empty for the other formats).
    public var photos: [Photo]
    /// Non-fatal remarks, e.g. a wrong `snap_count`; the CLI prints them on stderr.
    public var warnings: [String]

    /// Creates a document.
    public init(format: Format, stories: [Story], photos: [Photo] = [], warnings: [String] = []) {
        self.format = format
        self.stories = stories
        self.photos = photos
        self.warnings = warnings
    }
}
