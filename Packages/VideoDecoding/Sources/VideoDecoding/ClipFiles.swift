import Foundation
import StoryBase
import StoryInterfaces
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a video item's clip is on this machine, for `ffmpeg` to read: a file the app locates
/// (a bundled clip, a local file), or a download.
///
/// Downloads come through the app's `download` (its image pipeline for clips: one download per
/// URL, on-screen before prefetch, a capped disk cache). The body is then written once per run
/// into a private folder (complete files only: written aside, then renamed), removed at the end
/// (and, for a run that could not, by the next run's first download). That folder is made
/// atomically with `mkdtemp` (0700, a name no one can guess, under `$XDG_RUNTIME_DIR` when
/// set, else `TMPDIR`), and its files are created anew (`O_EXCL | O_NOFOLLOW`, 0600): a folder
/// or link another user of the machine made first is never used.
/// ffmpeg needs a file that stays while the viewer may play it again, and a capped cache may
/// evict its copy at any time.
final class ClipFiles: Sendable {
    /// The file a clip URL names on this machine; nil for a URL to download; throws when it
    /// should be here and is not (a bundled clip missing from the installation).
    private let locate: @Sendable (URL) throws -> URL?
    /// A download's bytes.
    private let download: @Sendable (URL, ImagePriority) async throws -> Data
    /// Where temporary folders go: `$XDG_RUNTIME_DIR` (the user's own) when set, else `TMPDIR`.
    private let parent: URL
    /// This run's folder, made by the first download.
    private let made = Mutex<URL?>(nil)

    init(
        locate: @escaping @Sendable (URL) throws -> URL?,
        download: @escaping @Sendable (URL, ImagePriority) async throws -> Data,
        environment: [String: String]
    ) {
        self.locate = locate
        self.download = download
        parent = Self.parent(environment)
    }

    /// `$XDG_RUNTIME_DIR` when it is a folder of ours, else the temporary folder.
    static func parent(_ environment: [String: String]) -> URL {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            var status = stat()
            if stat(runtime, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() {
                return URL(fileURLWithPath: runtime, isDirectory: true)
            }
        }
        return FileManager.default.temporaryDirectory
    }

    /// The file for `url` (fetched at `priority` when it is a download).
    func file(for url: URL, priority: ImagePriority) async throws -> URL {
        if let file = try locate(url) { return file }
        guard url.scheme == "http" || url.scheme == "https" else {
            throw VideoFailure("cannot play \(url.absoluteString): not a bundled, file or http(s) URL")
        }
        let name = "\(StableHash.fnv1a(url.absoluteString)).video"
        if let folder = made.withLock({ $0 }) {
            let file = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: file.path) { return file }
        }
        let data = try await download(url, priority)
        try Task.checkCancellation()
        return try await OwnThread.run { try self.write(data, named: name) }
    }

    /// Asks for a download under way again at high priority (its item is on screen).
    func raise(_ url: URL) {
        guard url.scheme == "http" || url.scheme == "https" else { return }
        let download = self.download
        Task { _ = try? await download(url, .high) }
    }

    /// Removes this run's clip files.
    func removeAll() {
        if let folder = made.withLock({ $0 }) { try? FileManager.default.removeItem(at: folder) }
    }

    /// This run's folder, made now if it is not yet (and stale ones of ended runs removed).
    private func folder() throws -> URL {
        try made.withLock { made in
            if let made { return made }
            Self.removeStale(in: parent)
            var template = Array(parent.appendingPathComponent(Self.prefix + "\(getpid())-XXXXXX").path.utf8CString)
            guard let path = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw VideoFailure(
                    "cannot keep the clip in \(parent.path): \(Self.reason(errno)) (TMPDIR or XDG_RUNTIME_DIR sets that folder)"
                )
            }
            let folder = URL(fileURLWithPath: String(cString: path), isDirectory: true)
            made = folder
            return folder
        }
    }

    /// Writes a clip aside and renames it into place: a full disk or a folder that cannot be
    /// written leaves no partial file and says so in one line (what, where, how to fix).
    private func write(_ data: Data, named name: String) throws -> URL {
        let folder = try folder()
        let file = folder.appendingPathComponent(name)
        let part = folder.appendingPathComponent(name + ".part-\(UUID().uuidString)")
        let fd = open(part.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        var failure = fd < 0 ? errno : 0
        if fd >= 0 {
            failure = data.withUnsafeBytes { DescriptorWrite.all($0, to: fd) } ?? 0
            if close(fd) != 0, failure == 0 { failure = errno }
        }
        if failure != 0 {
            unlink(part.path)
            throw VideoFailure(
                "cannot keep the clip in \(parent.path): \(Self.reason(failure)) (TMPDIR or XDG_RUNTIME_DIR sets that folder)"
            )
        }
        // Two loads of one clip may race: the rename of either leaves a complete file.
        if rename(part.path, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(part.path)
            throw VideoFailure("cannot keep the clip in \(folder.path): \(reason)")
        }
        return file
    }

    static func reason(_ code: Int32) -> String {
        code == ENOSPC || code == EDQUOT
            ? "the disk is full" : "it cannot be written (\(String(cString: strerror(code))))"
    }
}

extension ClipFiles {
    static let prefix = "stories-clips-"

    /// Removes the clip folders of runs that ended without removing their own (a closed
    /// terminal's hang-up, a kill): ours (a real folder, not a link, owned by this user) whose
    /// process is gone. Another user's folder, or one of a live process, stays.
    static func removeStale(in parent: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(digits), pid != getpid() else { continue }
            let path = parent.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
                continue
            }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
