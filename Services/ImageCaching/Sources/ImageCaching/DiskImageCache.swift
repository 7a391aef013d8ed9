import Crypto
public import Foundation
import StoryBase
import StoryInterfaces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Image bodies on disk (`images.cache.path`), bounded by bytes at every write — never above
/// `images.cache.maxBytes`, unlike caches that clean up later. Each entry is the raw body in a
/// file named by the lowercase-hex SHA-256 of the picsum.photos URL (not of the CDN URL it
/// redirected to), with a `.meta` file beside it holding the URL and the body's own SHA-256.
/// Writes are atomic (a temporary file, then rename); only complete bodies that sniff as
/// media are stored; an entry found damaged on read is removed.
///
/// The limit holds across processes: every change (a store and its eviction, a removal, a
/// clear) happens under an exclusive `flock` on the folder's `.lock`, and eviction counts what
/// is on disk, not what this process wrote. Sizes are read from the file system before any
/// body is: an entry larger than any image we keep (or than the limit) is not ours and is
/// removed unread. Temporary files a killed process left (older than a minute) are removed
/// and counted.
public final class DiskImageCache: @unchecked Sendable {
    /// What `stories cache stats` shows.
    public struct Statistics: Hashable, Sendable {
        /// Entries stored.
        public var entries: Int
        /// Bytes on disk (bodies and their meta files).
        public var bytes: Int
        /// The limit.
        public var limit: Int
        /// Stray files removed on the way: temporary files left by a killed process (older
        /// than a minute) and entries too large to be ours.
        public var removedStray: Int = 0
    }

    /// What `stories cache verify` found.
    public struct Verification: Hashable, Sendable {
        /// Entries checked.
        public var checked: Int
        /// Entries removed as damaged (content hash, name, format or completeness wrong).
        public var removed: Int
        /// Stray files removed (old temporary files, entries too large to be ours).
        public var removedStray: Int = 0
    }

    /// The folder.
    public let folder: URL
    /// The limit in bytes.
    public let limit: Int
    private let lock = NSLock()

    /// The file that marks a folder as a stories cache; nothing is removed from a folder
    /// without it.
    public static let marker = ".stories-cache"

    /// A cache in `path`, created if missing (0700: what a person looked at is theirs). A
    /// folder that exists must be one: holding ``marker``, or empty, or holding only files
    /// named as entries are (a cache of an earlier version); the marker is then written. Any
    /// other folder — photos, a home — throws ``DiskImageCacheError/notACache(_:found:)`` and
    /// is never touched.
    public init(path: String, limit: Int) throws {
        folder = URL(fileURLWithPath: path, isDirectory: true)
        self.limit = max(0, limit)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let markerPath = folder.appendingPathComponent(Self.marker).path
        if FileManager.default.fileExists(atPath: markerPath) { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        if let foreign = names.first(where: { !Self.isOurs($0) }) {
            throw DiskImageCacheError.notACache(path, found: foreign)
        }
        // Empty: it marks the folder and costs nothing against the limit.
        let made = open(markerPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard made >= 0 || errno == EEXIST else { throw DiskImageCacheError.notACache(path, found: nil) }
        if made >= 0 { close(made) }
    }

    /// The lowercase-hex SHA-256 of `url`'s absolute string: an entry's file name.
    public static func key(for url: URL) -> String {
        hex(SHA256.hash(data: Data(url.absoluteString.utf8)))
    }

    /// The largest body a download may bring (PRODUCT.md §5: 25 MiB, the image clients' cap).
    public static let maximumBodyBytes = 25 << 20

    /// The largest entry that can be ours: a body (at most ``maximumBodyBytes``) and its meta
    /// file, within the limit.
    var maximumEntryBytes: Int { min(limit, Self.maximumBodyBytes + 4096) }

    /// The stored body for `url`, or nil; a damaged entry is removed and nil returned.
    public func data(for url: URL) -> Data? {
        let key = Self.key(for: url)
        return locked {
            let body = folder.appendingPathComponent(key)
            guard let size = Self.fileSize(body.path) else { return nil }
            guard size <= maximumEntryBytes else {
                removeEntry(key)  // not ours: never read
                return nil
            }
            guard let data = try? BoundedFile.contents(of: body.path, limit: maximumEntryBytes) else { return nil }
            guard let format = MediaFormat.sniff(data), format.looksComplete(data) else {
                removeEntry(key)
                return nil
            }
            // Least recently used by modification time: a read refreshes it.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: body.path)
            return data
        }
    }

    /// Stores `data` for `url` if it is a complete media body that fits, evicting the least
    /// recently used entries first so the folder never holds more than the limit.
    @discardableResult
    public func store(_ data: Data, for url: URL) -> Bool {
        guard let format = MediaFormat.sniff(data), format.looksComplete(data) else { return false }
        let key = Self.key(for: url)
        let meta = Data("\(url.absoluteString)\n\(Self.hex(SHA256.hash(data: data)))\n".utf8)
        let size = data.count + meta.count
        guard size <= limit else { return false }
        return locked {
            removeEntry(key)
            var entries = listEntries().entries
            var total = entries.reduce(0) { $0 + $1.size }
            entries.sort { $0.date < $1.date }
            while total + size > limit, !entries.isEmpty {
                let oldest = entries.removeFirst()
                removeEntry(oldest.key)
                total -= oldest.size
            }
            do {
                try write(meta, to: key + ".meta")
                try write(data, to: key)
                return true
            } catch {
                removeEntry(key)
                return false
            }
        }
    }

    /// Entries, bytes and limit; stray files are removed on the way and counted.
    public func statistics() -> Statistics {
        locked {
            let (entries, stray) = listEntries()
            return Statistics(
                entries: entries.count, bytes: entries.reduce(0) { $0 + $1.size }, limit: limit, removedStray: stray)
        }
    }

    /// Removes every entry (and any stray temporary file): regular files named as the cache
    /// names them, nothing else (a folder or a link someone put there stays).
    public func clear() {
        locked {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where Self.isOurs(name) && name != ".lock" && name != Self.marker {
                removeFile(name)
            }
        }
    }

    /// Re-hashes every entry and removes those whose body no longer matches its recorded hash,
    /// whose name is not the hash of its URL, or that are not complete media. Entries too large
    /// to be ours are removed unread (see ``maximumEntryBytes``).
    public func verify() -> Verification {
        locked {
            let (entries, stray) = listEntries()
            var result = Verification(checked: 0, removed: 0, removedStray: stray)
            for entry in entries {
                result.checked += 1
                let body = try? BoundedFile.contents(
                    of: folder.appendingPathComponent(entry.key).path, limit: maximumEntryBytes)
                let meta =
                    (try? BoundedFile.contents(of: folder.appendingPathComponent(entry.key + ".meta").path, limit: 8192))
                    .map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\n").map(String.init) ?? []
                let sound =
                    body.map { data in
                        meta.count == 2 && URL(string: meta[0]).map(Self.key(for:)) == entry.key
                            && Self.hex(SHA256.hash(data: data)) == meta[1]
                            && MediaFormat.sniff(data).map { $0.looksComplete(data) } == true
                    } ?? false
                if !sound {
                    removeEntry(entry.key)
                    result.removed += 1
                }
            }
            return result
        }
    }

    // MARK: - Files (called with the lock held)

    /// Runs `body` holding this process's lock and the folder's `flock`, so that no other
    /// process changes the folder meanwhile (the limit holds across processes).
    private func locked<T>(_ body: () -> T) -> T {
        lock.withLock {
            let fd = open(
                folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                while flock(fd, LOCK_EX) != 0, errno == EINTR {}
            }
            defer {
                if fd >= 0 {
                    flock(fd, LOCK_UN)
                    close(fd)
                }
            }
            return body()
        }
    }

    private struct Entry {
        var key: String
        var size: Int
        var date: Date
    }

    /// How old a temporary file is before it counts as left by a killed process.
    static let strayTemporaryAge: TimeInterval = 60

    /// The entries, after removing stray files (old temporary files, entries too large to be
    /// ours); how many stray files were removed. Sizes come from the file system; no body is read.
    private func listEntries() -> (entries: [Entry], removedStray: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var stray = 0
        for name in names where name.hasPrefix(".tmp-") && Self.isOurs(name) {
            let path = folder.appendingPathComponent(name).path
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, Date().timeIntervalSince(modified) > Self.strayTemporaryAge, removeFile(name) {
                stray += 1
            }
        }
        let entries: [Entry] = names.filter { Self.isKey(Substring($0)) }.compactMap { key in
            // attributesOfItem does not follow a link: a link named as an entry is not one.
            let body = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(key).path)
            guard body?[.type] as? FileAttributeType == .typeRegular else { return nil }
            let meta = try? FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(key + ".meta").path)
            guard let body else { return nil }
            let size = ((body[.size] as? NSNumber)?.intValue ?? 0) + ((meta?[.size] as? NSNumber)?.intValue ?? 0)
            guard size <= maximumEntryBytes else {
                removeEntry(key)
                stray += 1
                return nil
            }
            return Entry(key: key, size: size, date: body[.modificationDate] as? Date ?? .distantPast)
        }
        return (entries, stray)
    }

    private static func fileSize(_ path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue
    }

    private func write(_ data: Data, to name: String) throws {
        let temporary = folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
        try data.write(to: temporary)
        let target = folder.appendingPathComponent(name)
        if rename(temporary.path, target.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    private func removeEntry(_ key: String) {
        removeFile(key)
        removeFile(key + ".meta")
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
