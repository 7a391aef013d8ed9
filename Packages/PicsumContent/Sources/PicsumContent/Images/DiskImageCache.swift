import Crypto
public import Foundation
import StoryInterfaces

/// Image bodies on disk (`images.cache.path`), bounded by bytes at every write — never above
/// `images.cache.maxBytes`, unlike caches that clean up later. Each entry is the raw body in a
/// file named by the lowercase-hex SHA-256 of the picsum.photos URL (not of the CDN URL it
/// redirected to), with a `.meta` file beside it holding the URL and the body's own SHA-256.
/// Writes are atomic (a temporary file, then rename); only complete bodies that sniff as
/// media are stored; an entry found damaged on read is removed.
public final class DiskImageCache: @unchecked Sendable {
    /// What `stories cache stats` shows.
    public struct Statistics: Hashable, Sendable {
        /// Entries stored.
        public var entries: Int
        /// Bytes on disk (bodies and their meta files).
        public var bytes: Int
        /// The limit.
        public var limit: Int
    }

    /// What `stories cache verify` found.
    public struct Verification: Hashable, Sendable {
        /// Entries checked.
        public var checked: Int
        /// Entries removed as damaged (content hash, name, format or completeness wrong).
        public var removed: Int
    }

    /// The folder.
    public let folder: URL
    /// The limit in bytes.
    public let limit: Int
    private let lock = NSLock()

    /// A cache in `path`, created if missing.
    public init(path: String, limit: Int) throws {
        folder = URL(fileURLWithPath: path, isDirectory: true)
        self.limit = max(0, limit)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The lowercase-hex SHA-256 of `url`'s absolute string: an entry's file name.
    public static func key(for url: URL) -> String {
        hex(SHA256.hash(data: Data(url.absoluteString.utf8)))
    }

    /// The stored body for `url`, or nil; a damaged entry is removed and nil returned.
    public func data(for url: URL) -> Data? {
        let key = Self.key(for: url)
        return lock.withLock {
            let body = folder.appendingPathComponent(key)
            guard let data = try? Data(contentsOf: body) else { return nil }
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
        return lock.withLock {
            removeEntry(key)
            var entries = listEntries()
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

    /// Entries, bytes and limit.
    public func statistics() -> Statistics {
        lock.withLock {
            let entries = listEntries()
            return Statistics(entries: entries.count, bytes: entries.reduce(0) { $0 + $1.size }, limit: limit)
        }
    }

    /// Removes every entry (and any stray temporary file).
    public func clear() {
        lock.withLock {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// Re-hashes every entry and removes those whose body no longer matches its recorded hash,
    /// whose name is not the hash of its URL, or that are not complete media.
    public func verify() -> Verification {
        lock.withLock {
            var result = Verification(checked: 0, removed: 0)
            for entry in listEntries() {
                result.checked += 1
                let body = try? Data(contentsOf: folder.appendingPathComponent(entry.key))
                let meta =
                    (try? String(contentsOf: folder.appendingPathComponent(entry.key + ".meta"), encoding: .utf8))?
                    .split(separator: "\n").map(String.init) ?? []
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

    private struct Entry {
        var key: String
        var size: Int
        var date: Date
    }

    private func listEntries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.count == 64 && !$0.contains(".") }.compactMap { key in
            let body = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(key).path)
            let meta = try? FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(key + ".meta").path)
            guard let body else { return nil }
            let size = ((body[.size] as? NSNumber)?.intValue ?? 0) + ((meta?[.size] as? NSNumber)?.intValue ?? 0)
            return Entry(key: key, size: size, date: body[.modificationDate] as? Date ?? .distantPast)
        }
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
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(key))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(key + ".meta"))
    }

    private static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
