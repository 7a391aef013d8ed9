public import Foundation
public import StoryInterfaces

/// The bundled sample content: the mock content source's users, stories and gallery photos,
/// with no network (PRODUCT.md §1, `content.source = bundled`).
///
/// Stories are generated from the user ids, the same every run; only the items' ages are
/// relative to `now`. Media URLs use the `bundled:` scheme and are served by
/// ``BundledImageLoader`` from the package's resources.
public struct BundledCatalog: Sendable {
    /// The URL scheme of bundled media.
    public static let scheme = "bundled"

    /// Every bundled user's story, in catalog order.
    public let stories: [Story]
    /// The gallery's photos: one per sample image.
    public let photos: [Photo]

    /// Builds the catalog; items' `postedAt` are hours before `now`.
    public init(now: Date = Date()) {
        let samples = BundledSamples.all
        stories = BundledUsers.all.enumerated().map { index, user in
            Self.story(for: user, opening: samples[index % samples.count], samples: samples, now: now)
        }
        photos = samples.enumerated().map { index, sample in
            Photo(
                id: PhotoID("bundled-\(index)"),
                author: sample.author,
                width: sample.size.width, height: sample.size.height, url: sample.url, downloadURL: sample.url)
        }
    }

    /// A user's story: 1 to 8 items picked by the user id; about one in five is a video
    /// with a duration and a sample as its poster. The first item shows `opening` (the user's
    /// place in the catalog picks it, so two neighbouring users never open on one picture).
    static func story(for user: StoryUser, opening: BundledSample, samples: [BundledSample], now: Date) -> Story {
        let id = user.id.rawValue
        let count = user.id == BundledUsers.longVideoUser ? 2 : StableHash.pick(id, salt: "items", in: 1...8)
        let items = (0..<count).map { index -> StoryItem in
            let sample =
                index == 0 ? opening : samples[StableHash.pick(id, salt: "sample\(index)", in: 0...(samples.count - 1))]
            let itemID = StoryItemID("\(id)-\(index)")
            let isVideo =
                user.id == BundledUsers.longVideoUser
                ? index == 1 : StableHash.pick(id, salt: "video\(index)", in: 0...4) == 0
            let media: StoryMedia
            if isVideo {
                let seconds =
                    user.id == BundledUsers.longVideoUser
                    ? 90 : StableHash.pick(id, salt: "duration\(index)", in: 3...30)
                media = .video(
                    URL(string: "\(scheme)://videos/\(itemID.rawValue).mp4")!, duration: .seconds(seconds),
                    poster: sample.url)
            } else {
                media = .image(sample.url)
            }
            let hoursAgo = StableHash.pick(id, salt: "age\(index)", in: 1...23)
            return StoryItem(
                id: itemID, userID: user.id, media: media, postedAt: now.addingTimeInterval(-Double(hoursAgo) * 3600),
                pixelSize: sample.size)
        }
        return Story(user: user, items: items)
    }
}

/// One bundled sample image.
struct BundledSample: Hashable, Sendable {
    var name: String
    var size: PixelSize
    /// Who took the photograph (the gallery's author line).
    var author: String
    var url: URL { URL(string: "\(BundledCatalog.scheme)://samples/\(name).jpg")! }

    init(_ name: String, _ width: Int, _ height: Int, by author: String) {
        self.name = name
        self.size = PixelSize(width: width, height: height)
        self.author = author
    }
}

/// The sample photographs in Resources/samples (made by Scripts/make-samples; their sources
/// and licences are in the package's README), in the script's order.
enum BundledSamples {
    static let all = [
        BundledSample("astronaut-portrait", 720, 1280, by: nasa),
        BundledSample("hopper-portrait", 720, 1280, by: navy),
        BundledSample("rocket-portrait", 720, 1280, by: "SpaceX"),
        BundledSample("chelsea-landscape", 900, 600, by: "Stefan van der Walt"),
        BundledSample("retina-portrait", 720, 1280, by: "Mikael Häggström"),
        BundledSample("coffee-landscape", 1200, 800, by: "Rachel Michetti"),
        BundledSample("hubble-portrait", 720, 1280, by: "NASA, ESA (Hubble)"),
        BundledSample("rocket-landscape", 1280, 854, by: "SpaceX"),
        BundledSample("astronaut-square", 720, 720, by: nasa),
        BundledSample("hopper-square", 720, 720, by: navy),
        BundledSample("chelsea-square", 720, 720, by: "Stefan van der Walt"),
        BundledSample("coffee-square", 720, 720, by: "Rachel Michetti"),
    ]

    static let nasa = "NASA"
    static let navy = "James S. Davis, US Navy"

    /// The squares, the avatars' pictures: faces and a few subjects (a cat, a cup).
    static let avatars = all.filter { $0.size.width == $0.size.height }
}
