public import Foundation
import StoryBase
public import StoryInterfaces

/// The mock ``ImageLoading`` for bundled content: `bundled://samples/NAME.jpg` from the
/// installation's resources (``BundledResources``), no network. Anything else is ``BundledImageError/notBundled(_:)``.
public struct BundledImageLoader: ImageLoading {
    /// Creates a loader.
    public init() {}

    /// The sample's bytes.
    public func imageData(for url: URL, priority: ImagePriority) async throws -> Data {
        guard url.scheme == BundledCatalog.scheme, url.host == "samples" else {
            throw BundledImageError.notBundled(url)
        }
        let name = url.deletingPathExtension().lastPathComponent
        guard url.pathExtension == "jpg", BundledSamples.all.contains(where: { $0.name == name }) else {
            throw BundledImageError.notBundled(url)
        }
        // A file read blocks: it runs on a queue of its own, not on the cooperative pool.
        let data = await Self.files.run {
            BundledResources.file("\(name).jpg", in: "samples").flatMap { try? Data(contentsOf: $0) }
        }
        guard let data else { throw BundledImageError.missing(url) }
        return data
    }

    private static let files = BlockingQueue(label: "stories.bundled-samples")

    /// Nothing to do: the samples are on disk.
    public func prefetch(_ urls: [URL]) async {}
}

/// Why a bundled image could not be served.
public enum BundledImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL is not a bundled sample (a video, or another scheme).
    case notBundled(URL)
    /// The sample is not in the resources (a broken installation).
    case missing(URL)

    /// One line.
    public var description: String {
        switch self {
        case .notBundled(let url):
            "\(url.absoluteString) is not a bundled sample image (`stories photos --source bundled --json` lists their URLs)"
        case .missing(let url):
            "the bundled sample \(url.absoluteString) is missing from the installation: \(BundledResources.missingAdvice)"
        }
    }
}

/// Bundled samples (`bundled://…`) from the package's resources, every other URL from
/// `others` (a stories document's media on the network next to the bundled gallery).
public struct BundledFirstImageLoader: ImageLoading {
    private let bundled = BundledImageLoader()
    private let others: any ImageLoading

    /// Routes what is not bundled to `others`.
    public init(others: any ImageLoading) {
        self.others = others
    }

    /// The sample's bytes, or `others`' answer.
    public func imageData(for url: URL, priority: ImagePriority) async throws -> Data {
        url.scheme == BundledCatalog.scheme
            ? try await bundled.imageData(for: url, priority: priority)
            : try await others.imageData(for: url, priority: priority)
    }

    /// Prefetches what is not bundled.
    public func prefetch(_ urls: [URL]) async {
        await others.prefetch(urls.filter { $0.scheme != BundledCatalog.scheme })
    }
}
