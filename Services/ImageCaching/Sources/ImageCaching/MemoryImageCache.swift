public import Foundation

/// Image bodies in memory, least recently used first out, bounded by bytes
/// (`images.memory.maxBytes`). A single entry above a tenth of the limit is refused, so one
/// huge image cannot flush everything else.
public final class MemoryImageCache: @unchecked Sendable {
    /// The limit in bytes.
    public let limit: Int
    private let lock = NSLock()
    private var entries: [String: (data: Data, tick: UInt64)] = [:]
    private var tick: UInt64 = 0
    private var total = 0

    /// A cache of at most `limit` bytes.
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The body for `key`, refreshed as most recently used.
    public func data(for key: String) -> Data? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            tick += 1
            entries[key] = (entry.data, tick)
            return entry.data
        }
    }

    /// Keeps `data` unless it is larger than a tenth of the limit; evicts the least recently
    /// used entries to stay within the limit. Returns whether it was kept.
    @discardableResult
    public func insert(_ data: Data, for key: String) -> Bool {
        guard data.count <= limit / 10 else { return false }
        return lock.withLock {
            if let old = entries.removeValue(forKey: key) { total -= old.data.count }
            while total + data.count > limit, let oldest = entries.min(by: { $0.value.tick < $1.value.tick }) {
                entries[oldest.key] = nil
                total -= oldest.value.data.count
            }
            tick += 1
            entries[key] = (data, tick)
            total += data.count
            return true
        }
    }

    /// Bytes held now.
    public var byteCount: Int { lock.withLock { total } }

    /// Drops everything.
    public func removeAll() {
        lock.withLock {
            entries.removeAll()
            total = 0
        }
    }
}
