import Foundation
import StoryBase
import StoryInterfaces
import StoryModels

/// `content.source = bundled`: the bundled sample users, gallery and images, no network (the
/// mock content source).
public enum BundledContentPlugin: StoriesPlugin {
    /// `bundled`.
    public static let name = "bundled"
    /// One line about it.
    public static let summary = "the bundled sample users and images, offline (the mock)"
    /// The bundled catalog (ages relative to now), its photos as the gallery, images from the
    /// package's resources.
    public static func make(_ settings: StoriesSettings) throws -> ContentSource {
        ContentSource(
            stories: BundledStoryContent(), photos: BundledPhotoCatalog(), makeImages: { BundledImageLoader() })
    }

    /// Every bundled sample and clip is installed and is what its name says.
    public static func doctor(_ settings: StoriesSettings, repair: Bool) async throws -> String {
        "\(name): \(try await installation())"
    }

    /// Checks every bundled file (present, readable, a JPEG or a video by its first bytes) and
    /// says where they are; a missing or damaged one is ``BundledImageError/missing(_:)`` (78:
    /// the installation is broken).
    static func installation() async throws -> String {
        try await OwnThread.run {
            var counts = (samples: 0, clips: 0)
            for url in BundledCatalog.allMedia {
                guard let file = BundledCatalog.file(for: url), let handle = try? FileHandle(forReadingFrom: file)
                else { throw BundledImageError.missing(url) }
                let head = (try? handle.read(upToCount: 16)) ?? Data()
                try? handle.close()
                let expected: MediaFormat = url.host == "videos" ? .video : .jpeg
                guard MediaFormat.sniff(head) == expected else { throw BundledImageError.missing(url) }
                if expected == .video { counts.clips += 1 } else { counts.samples += 1 }
            }
            let folder = BundledResources.folder?.path ?? "?"
            return "\(counts.samples) sample images and \(counts.clips) clips installed in \(folder)"
        }
    }
}
