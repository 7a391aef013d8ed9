public import Foundation
import StoryBase
public import StoryInterfaces

/// Makes a user's story from their id alone, with Picsum seed URLs on a base URL: 1 to 8
/// portrait images, the same for the same user on every run and machine, different for
/// different users (PRODUCT.md §1, users-pages documents).
public struct SeedStoryGenerator: Hashable, Sendable {
    /// The size of generated images.
    public static let imageSize = PixelSize(width: 1080, height: 1920)

    /// Characters a seed keeps in its path segment; built once (building a CharacterSet per
    /// URL was most of the time a 170,000-user document took).
    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    /// Picsum's address (`picsum.baseURL`).
    public var picsumBaseURL: URL

    /// Generates on `picsumBaseURL`.
    public init(picsumBaseURL: URL) {
        self.picsumBaseURL = picsumBaseURL
    }

    /// The story of `user`: items `ID-0` … `ID-n` with images `/seed/ID-k/1080/1920`.
    public func story(for user: StoryUser) -> Story {
        let count = StableHash.pick(user.id.rawValue, salt: "items", in: 1...8)
        let items = (0..<count).map { index in
            let seed = "\(user.id.rawValue)-\(index)"
            return StoryItem(
                id: StoryItemID(TextLimits.fitted(seed)), userID: user.id, media: .image(seedURL(seed)),
                pixelSize: Self.imageSize)
        }
        return Story(user: user, items: items)
    }

    /// `/seed/{seed}/1080/1920` on the base URL, the seed escaped into one path segment.
    func seedURL(_ seed: String) -> URL {
        let escaped = seed.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? seed
        let base =
            picsumBaseURL.absoluteString.hasSuffix("/")
            ? String(picsumBaseURL.absoluteString.dropLast()) : picsumBaseURL.absoluteString
        return URL(string: "\(base)/seed/\(escaped)/\(Self.imageSize.width)/\(Self.imageSize.height)")!
    }
}
