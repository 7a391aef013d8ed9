public import Foundation
import StoryBase
public import StoryInterfaces

/// A folder of the user's own pictures and videos as stories (`content.source = folder`): each
/// subfolder is a user, or, in a folder without subfolders, each day of the files' dates; a
/// user's items are their photos and videos in date order. A JPEG's date is when it was taken
/// (EXIF DateTimeOriginal, read from its first 16 KiB), any other file's its modification time.
///
/// Opening it lists the top folder only (and, without subfolders, the dates of its files): a
/// subfolder's files are listed when a page holding it is asked for, so thousands of files in
/// many folders do not delay the first screen. Files that are not media (by extension) and
/// unreadable ones are skipped and counted.
public struct FolderContent: Sendable {
    /// Extensions shown as pictures.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp"]
    /// Pictures drawn as stills everywhere (avatars, the gallery); GIF and WebP play in the viewer.
    public static let stillExtensions: Set<String> = ["jpg", "jpeg", "png"]
    /// Extensions played as videos.
    public static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "mkv"]
    /// How long a video item is said to last when its header does not say (``ClipDuration``).
    public static let assumedVideoDuration: Duration = .seconds(15)

    /// The folder.
    public let root: URL
    /// Its users, in tray order: subfolders by name, or days newest first.
    public let users: [FolderUser]
    /// Files skipped while opening (not media, unreadable), and files and folders whose names
    /// are not UTF-8 (Foundation cannot name them: they are counted, never shown broken).
    public let skipped: (notMedia: Int, unreadable: Int, notUTF8: Int)
    /// The first few files skipped as no picture or video, by their path below the root (the
    /// warning names them: "which file?" is the next question).
    public let skippedExamples: [String]
    /// The calendar of the days and of EXIF's local times.
    let calendar: Calendar

    /// One user: a subfolder, or a day's files of the top folder.
    public struct FolderUser: Sendable, Hashable {
        /// The id (the subfolder's name, or the day as `YYYY-MM-DD`), as ids are kept: its
        /// control and direction characters escaped, at most 256 bytes (``TextLimits``).
        public var id: UserID
        /// The name shown.
        public var name: String
        /// A subfolder's files are listed when asked for; a day's are known.
        public var folder: URL?
        /// A day's files, in date order.
        public var files: [MediaFile]
    }

    /// A media file and its date.
    public struct MediaFile: Sendable, Hashable {
        /// The file.
        public var url: URL
        /// When it was taken (EXIF for a JPEG that says, else the modification time).
        public var date: Date
        /// Whether it is a video.
        public var isVideo: Bool
    }

    /// Why a folder cannot be used.
    public enum FolderError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Missing, not a folder or unreadable.
        case unreadable(path: String, reason: String)
        /// A file of it cannot be read (gone, not a regular file, over the limit).
        case fileUnreadable(path: String, reason: String)

        /// One line naming the folder and how to fix it.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason):
                "the folder \(path) cannot be read: \(reason); give a folder of pictures with --folder PATH"
            case .fileUnreadable(let path, let reason):
                "cannot read \(path): \(reason)"
            }
        }
    }

    /// How far the walk through the folder's tree goes: `depth` folders below the root at
    /// most, `folders` folders listed at most. Reaching either is said in ``warning``.
    public struct Limits: Sendable, Hashable {
        /// Folders below the root (the root's own subfolders are at depth 1).
        public var depth: Int
        /// Folders listed in all, the root included.
        public var folders: Int
        /// Creates limits.
        public init(depth: Int, folders: Int) {
            self.depth = depth
            self.folders = folders
        }
        /// 12 levels, 5,000 folders: a camera's `DCIM/100CANON` or an export's `2025/06/03`
        /// is well inside; a whole home folder given by mistake is cut short, and said so.
        public static let standard = Limits(depth: 12, folders: 5000)
    }

    /// What the walk left out because of ``Limits``: folders deeper than the depth limit, and
    /// whether the folder limit cut the walk short.
    public let cut: (tooDeep: Int, tooMany: Bool)
    /// The limits the folder was listed with.
    public let limits: Limits

    /// Lists `root` and every folder below it (blocking: call it off the cooperative pool):
    /// each folder that holds pictures or videos is a user, named by its path below the root
    /// (`2025/06`, `trip/porto/day2`); a folder whose pictures are all in the root itself has a
    /// user for each day instead. Names and kinds only: files' dates are read when a user's
    /// story is asked for.
    public init(root: URL, calendar: Calendar = .current, limits: Limits = .standard) throws(FolderError) {
        self.root = root
        self.calendar = calendar
        self.limits = limits
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unreadable(path: root.path, reason: "it is not a folder")
        }
        guard let top = Self.list(root) else { throw .unreadable(path: root.path, reason: "it cannot be listed") }
        var notMedia = top.notMedia
        var examples = top.notMediaNames.prefix(3).map { $0.lastPathComponent }
        var unreadable = 0
        var notUTF8 = top.notUTF8
        var tooDeep = 0
        var listed = 1
        // Breadth first, each level in name order: the users come out by path.
        var found: [(path: String, folder: URL)] = []
        var level: [(path: String, folder: URL)] = top.folders.map { ($0.lastPathComponent, $0) }
        var depth = 1
        var stoppedEarly = false
        walk: while !level.isEmpty {
            var next: [(path: String, folder: URL)] = []
            for (path, folder) in level {
                guard depth <= limits.depth else {
                    tooDeep += 1  // it and whatever is below it
                    continue
                }
                guard listed < limits.folders else {
                    stoppedEarly = true
                    break walk
                }
                listed += 1
                guard let listing = Self.list(folder) else {
                    unreadable += 1
                    continue
                }
                notMedia += listing.notMedia
                if examples.count < 3 {
                    examples += listing.notMediaNames.prefix(3 - examples.count).map {
                        path + "/" + $0.lastPathComponent
                    }
                }
                notUTF8 += listing.notUTF8
                unreadable += listing.unreadableMedia
                if listing.media > 0 { found.append((path, folder)) }
                next += listing.folders.map { (path + "/" + $0.lastPathComponent, $0) }
            }
            level = next
            depth += 1
        }
        found.sort { $0.path.localizedStandardCompare($1.path) == .orderedAscending }
        let (files, _, unreadableHere) = Self.mediaFiles(top.files, calendar: calendar)
        unreadable += unreadableHere
        if !found.isEmpty {
            var users = found.map {
                FolderUser(id: UserID(TextLimits.safeID($0.path)), name: $0.path, folder: $0.folder, files: [])
            }
            // Pictures beside the subfolders: a user of their own, named after the folder.
            if !files.isEmpty {
                users.insert(
                    FolderUser(
                        id: UserID(TextLimits.safeID(root.lastPathComponent)), name: root.lastPathComponent,
                        folder: nil, files: files),
                    at: 0)
            }
            self.users = users
        } else {
            let days = Dictionary(grouping: files) { file in
                let parts = calendar.dateComponents([.year, .month, .day], from: file.date)
                return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            }
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateStyle = .medium
            users = days.keys.sorted(by: >).map { day in
                let files = days[day] ?? []
                return FolderUser(
                    id: UserID(day), name: files.first.map { formatter.string(from: $0.date) } ?? day, folder: nil,
                    files: files)
            }
        }
        skipped = (notMedia, unreadable, notUTF8)
        skippedExamples = examples
        cut = (tooDeep, stoppedEarly)
    }

    /// One folder's entries (hidden ones left out): its subfolders and files in name order,
    /// how many files are no media (by extension), how many media files cannot be read (one
    /// `stat` and one `access` each), and how many names are not UTF-8. Nil: not listable.
    static func list(_ folder: URL) -> (
        folders: [URL], files: [URL], media: Int, notMedia: Int, unreadableMedia: Int, notUTF8: Int,
        notMediaNames: [URL]
    )? {
        guard
            var entries = try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return nil }
        // A name that is not UTF-8 comes back with U+FFFD in place of its bytes: no such path.
        let named = entries.count
        entries.removeAll { $0.lastPathComponent.contains("\u{FFFD}") && FileFacts(path: $0.path) == nil }
        let notUTF8 = named - entries.count
        var folders: [URL] = []
        var files: [URL] = []
        var media = 0
        var notMedia = 0
        var notMediaNames: [URL] = []
        var unreadable = 0
        for entry in entries {
            let facts = FileFacts(path: entry.path)
            if facts?.isDirectory == true {
                folders.append(entry)
                continue
            }
            files.append(entry)
            let ext = entry.pathExtension.lowercased()
            guard videoExtensions.contains(ext) || imageExtensions.contains(ext) else {
                notMedia += 1
                notMediaNames.append(entry)
                continue
            }
            if let facts, facts.isRegular, access(entry.path, R_OK) == 0 { media += 1 } else { unreadable += 1 }
        }
        folders.sort { $0.lastPathComponent.localizedStandardCompare($1.lastPathComponent) == .orderedAscending }
        notMediaNames.sort { $0.lastPathComponent.localizedStandardCompare($1.lastPathComponent) == .orderedAscending }
        return (folders, files, media, notMedia, unreadable, notUTF8, Array(notMediaNames.prefix(3)))
    }

    /// One line for the user: what was skipped or left out, if anything.
    public var warning: String? {
        var parts: [String] = []
        func files(_ count: Int, _ one: String, _ many: String) -> String {
            count == 1 ? "1 file " + one : "\(count) files " + many
        }
        if skipped.notMedia > 0 {
            let named =
                skippedExamples.isEmpty
                ? ""
                : " (" + skippedExamples.joined(separator: ", ")
                    + (skipped.notMedia > skippedExamples.count ? ", …" : "") + ")"
            parts.append(
                files(skipped.notMedia, "that is not a picture or video", "that are not pictures or videos") + named)
        }
        if skipped.unreadable > 0 {
            parts.append(files(skipped.unreadable, "that cannot be read", "that cannot be read"))
        }
        if skipped.notUTF8 > 0 {
            parts.append(
                "\(skipped.notUTF8 == 1 ? "1 file or folder" : "\(skipped.notUTF8) files or folders") whose names"
                    + " are not UTF-8 (rename them to show them)")
        }
        if cut.tooDeep > 0 {
            parts.append(
                "\(cut.tooDeep == 1 ? "1 folder" : "\(cut.tooDeep) folders") more than \(limits.depth) levels deep")
        }
        if cut.tooMany {
            parts.append("the folders after the first \(limits.folders) (give a folder further down)")
        }
        guard !parts.isEmpty else { return nil }
        return "\(root.path): skipped " + parts.joined(separator: ", ")
    }

    /// `user`'s story: its files listed now for a subfolder (nil: no media in it).
    func story(_ user: FolderUser) -> Story? {
        let files =
            user.folder.map { folder in Self.mediaFiles(Self.list(folder)?.files ?? [], calendar: calendar).files }
            ?? user.files
        guard !files.isEmpty else { return nil }
        let items = files.map { file in
            StoryItem(
                id: StoryItemID(
                    TextLimits.fitted(user.id.rawValue + "/" + TextLimits.escaped(file.url.lastPathComponent))),
                userID: user.id,
                media: file.isVideo
                    ? .video(
                        file.url, duration: ClipDuration.of(path: file.url.path) ?? Self.assumedVideoDuration,
                        poster: nil)
                    : .image(file.url),
                postedAt: file.date, caption: file.url.lastPathComponent)
        }
        // A still the image decoder draws (a GIF or WebP plays only in the viewer).
        let avatar = files.first { Self.stillExtensions.contains($0.url.pathExtension.lowercased()) }?.url
        return Story(user: StoryUser(id: user.id, name: user.name, avatarURL: avatar), items: items)
    }
}
