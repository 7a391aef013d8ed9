public import Foundation

/// A Lorem Picsum photo as the gallery shows it (`GET /v2/list` and `/id/{id}/info`).
public struct Photo: Hashable, Sendable, Codable, Identifiable {
    /// The Picsum id (a string; ids have gaps).
    public var id: PhotoID
    /// The photographer; untrusted text.
    public var author: String
    /// Width in pixels of the original.
    public var width: Int
    /// Height in pixels of the original.
    public var height: Int
    /// The photo's page at its source (Unsplash).
    public var url: URL
    /// The full-size download URL on Picsum.
    public var downloadURL: URL
    /// When it was taken, where the source knows (a file's EXIF date, else its modification
    /// time); not part of the JSON form (PRODUCT.md's `photos --json` keys).
    public var takenAt: Date?

    /// Creates a photo.
    public init(
        id: PhotoID, author: String, width: Int, height: Int, url: URL, downloadURL: URL, takenAt: Date? = nil
    ) {
        self.id = id
        self.author = author
        self.width = width
        self.height = height
        self.url = url
        self.downloadURL = downloadURL
        self.takenAt = takenAt
    }

    /// The JSON form's keys: `takenAt` is not one.
    enum CodingKeys: String, CodingKey { case id, author, width, height, url, downloadURL }
}
