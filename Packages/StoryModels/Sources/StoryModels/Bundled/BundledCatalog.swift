public import Foundation
import StoryBase
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
            Self.story(for: user, number: index, opening: samples[index % samples.count], samples: samples, now: now)
        }
        photos = samples.enumerated().map { index, sample in
            Photo(
                id: PhotoID("bundled-\(index)"),
                author: sample.author,
                width: sample.size.width, height: sample.size.height, url: sample.url, downloadURL: sample.url)
        }
    }

    /// A user's story: 1 to 8 items picked by the user id; about one in five is a video
    /// (one of the clips, by the user's `number` in the catalog and the item's place) with its
    /// real duration and the photograph it was made from as its poster. The first item shows `opening` (the user's
    /// place in the catalog picks it, so two neighbouring users never open on one picture).
    static func story(
        for user: StoryUser, number: Int, opening: BundledSample, samples: [BundledSample], now: Date
    ) -> Story {
        let id = user.id.rawValue
        let count = user.id == BundledUsers.longVideoUser ? 2 : StableHash.pick(id, salt: "items", in: 1...8)
        // Posted in the story's order, as a story is made: the first item the oldest (ages
        // picked per item had a story say "21h, 3h, 17h").
        let ages = (0..<count).map { StableHash.pick(id, salt: "age\($0)", in: 1...23) }.sorted(by: >)
        let items = (0..<count).map { index -> StoryItem in
            let sample =
                index == 0 ? opening : samples[StableHash.pick(id, salt: "sample\(index)", in: 0...(samples.count - 1))]
            let itemID = StoryItemID("\(id)-\(index)")
            // A story never opens on a video (its first picture is the user's own sample).
            let isVideo =
                user.id == BundledUsers.longVideoUser
                ? index == 1 : index > 0 && StableHash.pick(id, salt: "video\(index)", in: 0...4) == 0
            let media: StoryMedia
            var size = sample.size
            if isVideo {
                let clip =
                    user.id == BundledUsers.longVideoUser
                    ? BundledClips.long
                    : BundledClips.all[(number + index) % BundledClips.all.count]
                media = .video(clip.url, duration: clip.duration, poster: clip.poster.url)
                size = BundledClips.size
            } else {
                media = .image(sample.url)
            }
            let hoursAgo = ages[index]
            return StoryItem(
                id: itemID, userID: user.id, media: media, postedAt: now.addingTimeInterval(-Double(hoursAgo) * 3600),
                pixelSize: size)
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
    /// `bundled://samples/NAME.jpg`, parsed once: the catalog hands it to every item and
    /// avatar that shows the sample (parsing it each time was 1.5 M instructions of start-up).
    let url: URL

    init(_ name: String, _ width: Int, _ height: Int, by author: String) {
        self.name = name
        self.size = PixelSize(width: width, height: height)
        self.author = author
        self.url = URL(string: "\(BundledCatalog.scheme)://samples/\(name).jpg")!
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

    static func named(_ name: String) -> BundledSample { all.first { $0.name == name }! }

    /// The squares, the avatars' pictures: faces and a few subjects (a cat, a cup).
    static let avatars = all.filter { $0.size.width == $0.size.height }
}

/// One bundled video clip (Resources/videos, made by Scripts/make-videos from the samples).
struct BundledClip: Hashable, Sendable {
    var file: String
    /// Its real length (what ffprobe says; a test checks).
    var duration: Duration
    /// The sample it was made from, shown until it plays.
    var poster: BundledSample
    /// `bundled://videos/FILE`, parsed once.
    let url: URL

    init(file: String, duration: Duration, poster: BundledSample) {
        self.file = file
        self.duration = duration
        self.poster = poster
        self.url = URL(string: "\(BundledCatalog.scheme)://videos/\(file)")!
    }
}

/// The clips: 360×640, a few seconds each, and one 90 s slideshow the viewer cuts at 60 s.
enum BundledClips {
    static let size = PixelSize(width: 360, height: 640)
    static let all = [
        BundledClip(file: "rocket-zoom.mp4", duration: .seconds(6), poster: BundledSamples.named("rocket-portrait")),
        BundledClip(file: "coffee-pan.mp4", duration: .seconds(5), poster: BundledSamples.named("coffee-landscape")),
        BundledClip(file: "chelsea-zoom.webm", duration: .seconds(4), poster: BundledSamples.named("chelsea-square")),
        BundledClip(file: "hubble-drift.mp4", duration: .seconds(8), poster: BundledSamples.named("hubble-portrait")),
    ]
    static let long = BundledClip(
        file: "slideshow-90s.mp4", duration: .seconds(90), poster: BundledSamples.named("astronaut-portrait"))
}

extension BundledCatalog {
    /// The file of a bundled clip (`bundled://videos/NAME`), nil for any other URL or a clip
    /// that is not there.
    public static func videoFile(for url: URL) -> URL? {
        guard url.scheme == scheme, url.host == "videos", url.pathComponents.count == 2 else { return nil }
        return BundledResources.file(url.lastPathComponent, in: "videos")
    }
}

extension BundledCatalog {
    /// Every bundled sample and clip (`bundled://samples/…`, `bundled://videos/…`).
    public static var allMedia: [URL] {
        BundledSamples.all.map(\.url) + (BundledClips.all + [BundledClips.long]).map(\.url)
    }

    /// The file behind any bundled URL, sample or clip; nil when it is not there.
    public static func file(for url: URL) -> URL? {
        guard url.scheme == scheme, url.pathComponents.count == 2 else { return nil }
        switch url.host {
        case "samples": return BundledResources.file(url.lastPathComponent, in: "samples")
        case "videos": return videoFile(for: url)
        default: return nil
        }
    }
}
