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
        stories = BundledUsers.all.map { user in Self.story(for: user, samples: samples, now: now) }
        photos = samples.enumerated().map { index, sample in
            Photo(
                id: PhotoID("bundled-\(index)"),
                author: BundledUsers.photographers[index % BundledUsers.photographers.count],
                width: sample.size.width, height: sample.size.height, url: sample.url, downloadURL: sample.url)
        }
    }

    /// A user's story: 1 to 8 items picked by the user id; about one in five is a video
    /// with a duration and a sample as its poster.
    static func story(for user: StoryUser, samples: [BundledSample], now: Date) -> Story {
        let id = user.id.rawValue
        let count = user.id == BundledUsers.longVideoUser ? 2 : StableHash.pick(id, salt: "items", in: 1...8)
        let items = (0..<count).map { index -> StoryItem in
            let sample = samples[StableHash.pick(id, salt: "sample\(index)", in: 0...(samples.count - 1))]
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
    var url: URL { URL(string: "\(BundledCatalog.scheme)://samples/\(name).jpg")! }

    init(_ name: String, _ width: Int, _ height: Int) {
        self.name = name
        self.size = PixelSize(width: width, height: height)
    }
}

/// The sample images in Resources/samples (made by Scripts/make-samples).
enum BundledSamples {
    static let all = [
        BundledSample("dawn-portrait", 1080, 1920), BundledSample("dusk-portrait", 1080, 1920),
        BundledSample("sea-landscape", 1200, 800), BundledSample("forest-landscape", 1600, 900),
        BundledSample("desert-square", 800, 800), BundledSample("night-square", 800, 800),
        BundledSample("aurora-tall", 720, 1600), BundledSample("snow-wide", 1920, 800),
        BundledSample("lake-portrait", 900, 1400), BundledSample("canyon-landscape", 1280, 853),
        BundledSample("meadow-square", 640, 640), BundledSample("city-portrait", 750, 1334),
    ]
}
