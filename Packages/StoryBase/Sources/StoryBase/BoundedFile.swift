public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole file that someone else named, read with a size limit: opened once (without
/// blocking, so a FIFO cannot hang the caller), checked on that descriptor to be a regular file
/// no larger than the limit, and read from it — never more than the limit, whatever the file
/// grows to meanwhile or what a link in its path pointed to when it was listed.
public enum BoundedFile {
    /// The file at `path`, at most `limit` bytes.
    public static func contents(of path: String, limit: Int) throws(BoundedFileError) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw BoundedFileError(
                path: path,
                reason: errno == EACCES ? "permission denied" : errno == ENOENT ? "no such file" : "cannot open it")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw BoundedFileError(path: path, reason: "cannot read it") }
        if status.st_mode & S_IFMT == S_IFDIR { throw BoundedFileError(path: path, reason: "it is a folder") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw BoundedFileError(path: path, reason: "it is not a regular file")
        }
        if status.st_size > limit {
            throw BoundedFileError(path: path, reason: "it is \(status.st_size) bytes; the limit is \(limit)")
        }
        // Room for the size it said and one byte more; a file that grew meanwhile is read on,
        // the room doubled, up to one byte past the limit (which says it grew past it).
        var data = Data(count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == data.count {
                guard data.count <= limit else { break }
                data.count = min(limit + 1, 2 * data.count)
            }
            let got = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw BoundedFileError(path: path, reason: "cannot read it") }
            if got == 0 { break }
            count += got
        }
        if count > limit { throw BoundedFileError(path: path, reason: "it grew past the limit of \(limit) bytes") }
        return data.prefix(count)
    }
}

/// A file could not be read whole: which, and why (a phrase: "no such file", "it is a folder").
public struct BoundedFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// Why.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "cannot read PATH: REASON".
    public var description: String { "cannot read \(path): \(reason)" }
}
