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
        let (fd, size) = try open(path, limit: limit)
        defer { close(fd) }
        // Room for the size it said and one byte more; a file that grew meanwhile is read on,
        // the room doubled, up to one byte past the limit (which says it grew past it).
        var data = Data(count: size + 1)
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

    /// Opens `path` for reading without blocking and checks on the descriptor that it is a
    /// regular file of at most `limit` bytes: the descriptor (the caller's to close; reads
    /// from it do not block) and the size it said. Whatever the path named when it was listed
    /// (a link, a file since swapped for a FIFO), this is the file checked.
    public static func open(_ path: String, limit: Int) throws(BoundedFileError) -> (descriptor: Int32, size: Int) {
        let fd = systemOpen(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason =
                switch errno {
                case EACCES: "permission denied"
                case ENOENT: "no such file"
                case EMFILE, ENFILE: "too many files are open"
                default: "cannot open it"
                }
            throw BoundedFileError(path: path, reason: reason)
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            close(fd)
            throw BoundedFileError(path: path, reason: "cannot read it")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(fd)
            throw BoundedFileError(path: path, reason: kind == S_IFDIR ? "it is a folder" : "it is not a regular file")
        }
        guard status.st_size <= limit else {
            close(fd)
            throw BoundedFileError(
                path: path, reason: "it is \(status.st_size) bytes; the limit is \(limit)", size: Int(status.st_size))
        }
        return (fd, Int(status.st_size))
    }

    /// The first `count` bytes of the regular file at `path` (all of it when shorter), opened
    /// as ``open(_:limit:)`` opens (no size limit: only the head is read).
    public static func head(of path: String, count: Int) throws(BoundedFileError) -> Data {
        let (fd, _) = try open(path, limit: .max)
        defer { close(fd) }
        return try head(of: fd, count: count, path: path)
    }

    /// The first `count` bytes of the open regular file `fd` (read from offset 0, the
    /// descriptor's own offset untouched); `path` names it in errors.
    public static func head(of fd: Int32, count: Int, path: String) throws(BoundedFileError) -> Data {
        var data = Data(count: count)
        var got = 0
        while got < count {
            let read = data.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, count - got, off_t(got)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw BoundedFileError(path: path, reason: "cannot read it") }
            if read == 0 { break }
            got += read
        }
        return data.prefix(got)
    }

    /// The stream `fd` (standard input: a pipe, a terminal, a file) read to its end, never more
    /// than `limit` bytes kept (blocking: run it off the cooperative pool); `name` names it in
    /// errors ("standard input").
    public static func stream(_ fd: Int32, limit: Int, name: String) throws(BoundedFileError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw BoundedFileError(path: name, reason: "it cannot be read") }
            if count == 0 { return data }
            guard data.count + count <= limit else {
                throw BoundedFileError(
                    path: name, reason: "it is over the limit of \(limit) bytes", size: data.count + count)
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}

/// `read(2)`, named apart from the functions here.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
    #endif
}

/// `open(2)`, named apart from ``BoundedFile/open(_:limit:)``.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags)
    #elseif canImport(Darwin)
        Darwin.open(path, flags)
    #endif
}

/// A file could not be read whole: which, and why (a phrase: "no such file", "it is a folder").
public struct BoundedFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// Why.
    public var reason: String
    /// The file's size when it was refused for being over the limit (callers say it their way).
    public var size: Int?

    /// Creates an error.
    public init(path: String, reason: String, size: Int? = nil) {
        self.path = path
        self.reason = reason
        self.size = size
    }

    /// "cannot read PATH: REASON".
    public var description: String { "cannot read \(path): \(reason)" }

    /// Errors are alike when they name the same file and reason (the size only repeats it).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.path == rhs.path && lhs.reason == rhs.reason }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(reason)
    }
}
