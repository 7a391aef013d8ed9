import Foundation
import StoryBase
import StoryInterfaces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the folder's files: which are media, their dates (EXIF for a JPEG that says), and
/// what one `stat` says of a path.
extension FolderContent {
    /// The media files among `entries` in date order (then by name), and how many were skipped.
    static func mediaFiles(_ entries: [URL], calendar: Calendar) -> (
        files: [MediaFile], notMedia: Int, unreadable: Int
    ) {
        var files: [MediaFile] = []
        var notMedia = 0
        var unreadable = 0
        for entry in entries {
            let ext = entry.pathExtension.lowercased()
            let isVideo = videoExtensions.contains(ext)
            guard isVideo || imageExtensions.contains(ext) else {
                notMedia += 1
                continue
            }
            // A regular file (a link to one too): a FIFO or a device named .jpg would block a read.
            // One stat (links followed) and one access: Foundation's resourceValues cost 0.3 s
            // for 5,000 files.
            let path = entry.path
            guard let facts = FileFacts(path: path), facts.isRegular, access(path, R_OK) == 0 else {
                unreadable += 1
                continue
            }
            // When it was taken: a JPEG's EXIF, an MP4 or QuickTime clip's movie header (both
            // survive a copy that changes the file's time), else the file's time.
            let taken =
                ext == "jpg" || ext == "jpeg"
                ? Self.captureDate(of: entry, calendar: calendar)
                : ["mp4", "mov", "m4v"].contains(ext) ? ClipDuration.creationDate(path: path) : nil
            files.append(MediaFile(url: entry, date: taken ?? facts.modified, isVideo: isVideo))
        }
        files.sort { ($0.date, $0.url.lastPathComponent) < ($1.date, $1.url.lastPathComponent) }
        return (files, notMedia, unreadable)
    }

    /// When the JPEG at `url` was taken, as its EXIF block says, read from the file's first
    /// 16 KiB (the block's entries come before its thumbnail); nil when it does not say. EXIF
    /// times are the camera's local time: read in `calendar`'s time zone.
    static func captureDate(of url: URL, calendar: Calendar) -> Date? {
        guard let head = try? BoundedFile.head(of: url.path, count: 16 * 1024) else { return nil }
        return ExifMetadata.read(jpeg: head, prefix: true).capturedDate(in: calendar)
    }
}

/// What one `stat` (links followed) says of a path: its kind and modification time; nil when
/// it cannot be read (gone, a dangling link, no permission on the way).
struct FileFacts {
    var isDirectory: Bool
    var isRegular: Bool
    var modified: Date

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        isDirectory = kind == S_IFDIR
        isRegular = kind == S_IFREG
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }
}
