import Foundation
import PicsumContent
import StoryInterfaces
import StoryModels
import Synchronization
import VideoDecoding

/// Where a video item's clip is on this machine, for `ffmpeg` to read: a bundled clip in
/// the package's resources, a local file, or a download.
///
/// Downloads go through an image pipeline of their own (the shared HTTP client, one
/// download per URL, on-screen before prefetch), whose caches keep only complete bodies that
/// start like an MP4 or WebM file, on disk in `<images.diskCachePath>-videos` capped at
/// `images.diskCacheMaxBytes`, each at most 25 MiB. The body is then written once per run
/// into a private folder (complete files only: written aside, then renamed), removed at the end
/// (and, for a run that could not, by the next run's first download):
/// ffmpeg needs a file that stays while the viewer may play it again, and the capped cache may
/// evict its copy at any time.
final class VideoClips: Sendable {
    private let settings: PicsumConfiguration
    /// The downloads' pipeline, made on first use (bundled clips never start the HTTP client).
    private let pipeline = Mutex<ImagePipeline?>(nil)
    private let folder: URL

    init(settings: PicsumConfiguration) {
        self.settings = settings
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            Self.prefix + "\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// The file for `url` (fetched at `priority` when it is a download).
    func file(for url: URL, priority: ImagePriority) async throws -> URL {
        switch url.scheme {
        case BundledCatalog.scheme:
            guard let file = BundledCatalog.videoFile(for: url) else {
                throw VideoClipError("no bundled clip \(url.absoluteString)")
            }
            return file
        case "file":
            return url
        case "http", "https":
            let ext = url.pathExtension.isEmpty ? "video" : url.pathExtension
            let file = folder.appendingPathComponent("\(StableHash.fnv1a(url.absoluteString)).\(ext)")
            if FileManager.default.fileExists(atPath: file.path) { return file }
            let data = try await downloads().imageData(for: url, priority: priority)
            try Task.checkCancellation()
            try await OwnThread.run { try self.write(data, to: file) }
            return file
        default:
            throw VideoClipError("cannot play \(url.absoluteString): not a bundled, file or http(s) URL")
        }
    }

    /// Asks for a download under way again at high priority (its item is on screen).
    func raise(_ url: URL) {
        guard url.scheme == "http" || url.scheme == "https" else { return }
        let downloads = downloads()
        Task { _ = try? await downloads.imageData(for: url, priority: .high) }
    }

    private func downloads() -> ImagePipeline {
        pipeline.withLock { made in
            if let made { return made }
            let new = SharedImages.clipPipeline(settings)
            made = new
            return new
        }
    }

    /// Removes this run's clip files.
    func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a clip aside and renames it into place: a full disk or a folder that cannot be
    /// written leaves no partial file and says so in one line (what, where, how to fix).
    private func write(_ data: Data, to file: URL) throws {
        let part = file.appendingPathExtension("part-\(UUID().uuidString)")
        if !FileManager.default.fileExists(atPath: folder.path) { Self.removeStale(besides: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: part)
        } catch {
            try? FileManager.default.removeItem(at: part)
            let reason =
                (error as? CocoaError)?.code == .fileWriteOutOfSpace ? "the disk is full" : "it cannot be written"
            throw VideoClipError(
                "cannot keep the clip in \(folder.deletingLastPathComponent().path): \(reason) (TMPDIR sets that folder)"
            )
        }
        // Two loads of one clip may race: the rename of either leaves a complete file.
        if rename(part.path, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: part)
            throw VideoClipError("cannot keep the clip in \(folder.path): \(reason)")
        }
    }
}

extension VideoClips {
    static let prefix = "stories-clips-"

    /// Removes the clip folders of runs that ended without removing their own (a closed
    /// terminal's hang-up, a kill): those whose process is gone. A folder of a live process,
    /// or of another user's (not ours to signal), stays.
    static func removeStale(besides folder: URL) {
        let parent = folder.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }
}

/// A clip that cannot be found or kept (one line for the screen).
struct VideoClipError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
