import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the cache can prove it wrote: the names it gives files, and removal of
/// regular files only. A folder holding anything else is not a stories cache.
extension DiskImageCache {
    /// Whether `name` is one the cache writes: an entry (64 lowercase hex digits), its
    /// `.meta`, a temporary file (`.tmp-` and a UUID), the lock or the marker.
    static func isOurs(_ name: String) -> Bool {
        if name == ".lock" || name == marker { return true }
        if name.hasPrefix(".tmp-") { return UUID(uuidString: String(name.dropFirst(5))) != nil }
        let key = name.hasSuffix(".meta") ? name.dropLast(5) : Substring(name)
        return isKey(key)
    }

    /// 64 lowercase hex digits.
    static func isKey(_ name: Substring) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Removes `name` when it is a regular file (never a folder, never what a link points to).
    @discardableResult
    func removeFile(_ name: String) -> Bool {
        let path = folder.appendingPathComponent(name).path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return unlink(path) == 0
    }
}

/// Why a folder cannot be the image cache.
public enum DiskImageCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `path` holds files the cache did not write (`found` is one) and no marker.
    case notACache(String, found: String?)

    /// One line: what, where, how to fix.
    public var description: String {
        switch self {
        case .notACache(let path, let found):
            "\(path) is not a stories cache"
                + (found.map { " (it holds \"\($0)\", which stories did not write)" } ?? "")
                + "; set images.cache.path to a new or empty folder — stories never removes files it did not write"
        }
    }
}
