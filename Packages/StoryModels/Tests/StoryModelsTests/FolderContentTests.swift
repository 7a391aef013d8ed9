import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import Testing

/// The folder source on generated trees of 5,000 files: subfolders as users (their
/// files listed only when their page is asked for), days as users where there are none,
/// non-media and unreadable files skipped and counted, every picture in the gallery.
@Suite("A folder of pictures as stories")
struct FolderContentTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FolderContentTests-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An empty file at `url` dated `date`.
    static func file(_ url: URL, date: Date) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: Data([0xFF, 0xD8, 0xFF]))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
    }

    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func withoutSubfoldersEachDayIsAUserNewestFirstItsFilesInDateOrder() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // 5,000 pictures and videos over 50 days (100 a day, in reverse name order), 10 text
        // files, and a link to nowhere (unreadable).
        for index in 0..<5000 {
            let day = index / 100
            let date = Self.start.addingTimeInterval(Double(day) * 86_400 + Double(100 - index % 100) * 60)
            try Self.file(
                root.appendingPathComponent(String(format: "IMG_%05d.%@", index, index % 10 == 0 ? "mp4" : "jpg")),
                date: date)
        }
        for index in 0..<10 { try Self.file(root.appendingPathComponent("notes-\(index).txt"), date: Self.start) }
        // A FIFO and a device posing as pictures: a read would block or never end.
        #expect(mkfifo(root.appendingPathComponent("pipe.jpg").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("zero.png"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("gone.jpg"), withDestinationURL: root.appendingPathComponent("nowhere"))
        let folder = try FolderContent(root: root, calendar: calendar)
        #expect(folder.users.count == 50)
        #expect(folder.skipped.notMedia == 10 && folder.skipped.unreadable == 3, "\(folder.skipped)")
        #expect(
            folder.warning?.hasSuffix(
                "skipped 10 files that are not pictures or videos (notes-0.txt, notes-1.txt, notes-2.txt, …), 3 files that cannot be read"
            ) == true, "the first few named: \(folder.warning ?? "")")
        let content = FolderStoryContent(folder: folder)
        let page = try await content.stories(try PageRequest(page: 1, limit: 30))
        #expect(page.elements.count == 30 && page.nextPage == 2)
        let newest = try #require(page.elements.first)
        let ids = page.elements.map(\.user.id.rawValue)
        #expect(ids == ids.sorted(by: >), "newest first: \(ids.prefix(3))")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        #expect(newest.user.id.rawValue == formatter.string(from: Self.start.addingTimeInterval(49 * 86_400)))
        #expect(newest.items.count == 100)
        let dates = newest.items.compactMap(\.postedAt)
        #expect(dates == dates.sorted(), "in date order")
        #expect(newest.items.first?.id.rawValue.hasSuffix("IMG_04999.jpg") == true, "the earliest of the day first")
        #expect(newest.items.filter { if case .video = $0.media { true } else { false } }.count == 10)
        let last = try await content.stories(try PageRequest(page: 2, limit: 30))
        #expect(last.elements.count == 20 && last.nextPage == nil)
        // The gallery: every picture, no video.
        let gallery = FolderPhotoCatalog(folder: folder)
        let photos = try await gallery.photos(try PageRequest(page: 1, limit: 100))
        #expect(photos.elements.count == 100 && photos.nextPage == 2)
        #expect(try await gallery.photos(try PageRequest(page: 46, limit: 100)).elements.isEmpty)
        #expect(try await gallery.photos(try PageRequest(page: 45, limit: 100)).elements.count == 100, "4,500 pictures")
    }

    @Test func subfoldersAreUsersListedOnlyWhenTheirPageIsAskedFor() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // 100 folders of 50 files: 5,000.
        for folder in 0..<100 {
            let sub = root.appendingPathComponent(String(format: "trip %03d", folder))
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            for index in 0..<50 {
                try Self.file(
                    sub.appendingPathComponent("photo-\(index).jpeg"),
                    date: Self.start.addingTimeInterval(Double(index)))
            }
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("nothing here"), withIntermediateDirectories: true)
        let folder = try FolderContent(root: root)
        #expect(folder.users.count == 100, "a folder without media is no user")
        // Listed when asked: a picture added after opening is in its folder's story.
        try Self.file(root.appendingPathComponent("trip 000/later.png"), date: Self.start.addingTimeInterval(1000))
        let content = FolderStoryContent(folder: folder)
        let first = try await content.stories(try PageRequest(page: 1, limit: 30))
        #expect(first.elements.count == 30 && first.nextPage == 2)
        #expect(first.elements.map(\.user.name).prefix(2) == ["trip 000", "trip 001"])
        #expect(first.elements[0].items.count == 51 && first.elements[0].items.last?.id == "trip 000/later.png")
        #expect(first.elements[1].user.avatarURL?.lastPathComponent == "photo-0.jpeg")
        // A GIF first in a folder is not its avatar (a still is); the gallery has it (its first
        // picture is shown there).
        try Self.file(root.appendingPathComponent("trip 001/aaa.gif"), date: Self.start.addingTimeInterval(-10))
        let withGIF = try await content.story(for: "trip 001")
        #expect(withGIF.items.first?.id == "trip 001/aaa.gif" && withGIF.user.avatarURL?.pathExtension == "jpeg")
        let gallery = try await FolderPhotoCatalog(folder: folder).photos(try PageRequest(page: 1, limit: 100))
        #expect(gallery.elements.contains { $0.url.pathExtension == "gif" }, "it was left out")
        let fourth = try await content.stories(try PageRequest(page: 4, limit: 30))
        #expect(fourth.elements.count == 10 && fourth.nextPage == nil, "\(fourth.elements.map(\.user.name))")
        await #expect(throws: StoryContentError.unknownUser("nothing here")) {
            try await content.story(for: "nothing here")
        }
        #expect(try await content.story(for: "trip 050").items.count == 50)
    }

    /// Folders as photographers keep them: a `2025/06` export (it was "No stories yet.") and
    /// `trip/porto/day2` (dropped) are users named by their path, however deep; folders
    /// without media are none; files skipped anywhere are counted; the limits are said.
    @Test func everyFolderWithPicturesIsAUserNamedByItsPath() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["2025/06/IMG_0001.jpg", "2025/06/IMG_0002.jpg", "trip/porto/day2/a.jpg", "trip/lisbon/b.png"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.file(file, date: Self.start)
        }
        try Self.file(root.appendingPathComponent("trip/porto/notes.txt"), date: Self.start)
        let folder = try FolderContent(root: root)
        #expect(folder.users.map(\.name) == ["2025/06", "trip/lisbon", "trip/porto/day2"])
        #expect(folder.users.map(\.id.rawValue) == ["2025/06", "trip/lisbon", "trip/porto/day2"])
        #expect(
            folder.warning == "\(root.path): skipped 1 file that is not a picture or video (trip/porto/notes.txt)",
            "singular, and named by its path below the root")
        let story = try await FolderStoryContent(folder: folder).story(for: "trip/porto/day2")
        #expect(story.items.map(\.id.rawValue) == ["trip/porto/day2/a.jpg"])
        // Deeper than the limit, and more folders than the limit: left out, and said.
        let deep = root.appendingPathComponent("a/b/c/d")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Self.file(deep.appendingPathComponent("x.jpg"), date: Self.start)
        let shallow = try FolderContent(root: root, limits: .init(depth: 3, folders: 100))
        #expect(!shallow.users.contains { $0.name == "a/b/c/d" })
        #expect(shallow.warning?.contains("1 folder more than 3 levels deep") == true, "\(shallow.warning ?? "")")
        let few = try FolderContent(root: root, limits: .init(depth: 12, folders: 4))
        #expect(few.users.count < 4 && few.warning?.contains("the folders after the first 4") == true)
        #expect(try FolderContent(root: root).users.contains { $0.name == "a/b/c/d" })
    }

    /// The gallery of a folder: each photo's real size (it said 0 × 0) and when it was taken;
    /// the viewer's items carry their file's name as the caption.
    @Test func aFolderPhotoHasItsSizeDateAndName() async throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StoryModels/Resources/samples")
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let june = root.appendingPathComponent("2025/06")
        try FileManager.default.createDirectory(at: june, withIntermediateDirectories: true)
        let file = june.appendingPathComponent("IMG_0002.jpg")
        try FileManager.default.copyItem(at: samples.appendingPathComponent("coffee-landscape.jpg"), to: file)
        try FileManager.default.setAttributes([.modificationDate: Self.start], ofItemAtPath: file.path)
        let folder = try FolderContent(root: root)
        let photos = try await FolderPhotoCatalog(folder: folder).photos(try PageRequest(page: 1, limit: 10))
        let photo = try #require(photos.elements.first)
        #expect(photo.width == 1200 && photo.height == 800 && photo.url.path == file.path)
        #expect(photo.takenAt != nil)
        let same = try await FolderPhotoCatalog(folder: folder).photo(id: photo.id)
        #expect(same.width == 1200 && same.takenAt == photo.takenAt)
        let story = try await FolderStoryContent(folder: folder).story(for: "2025/06")
        #expect(story.items.first?.caption == "IMG_0002.jpg")
    }

    /// A clip's item lasts the clip (it was 15 s for every clip): MP4 with its `moov` first or
    /// last, and Matroska/WebM, read from their headers.
    @Test func aClipsItemLastsTheClip() async throws {
        let videos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StoryModels/Resources/videos")
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let clips = root.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
        for name in ["coffee-pan.mp4", "chelsea-zoom.webm"] {
            try FileManager.default.copyItem(
                at: videos.appendingPathComponent(name), to: clips.appendingPathComponent(name))
        }
        // The same clip with its moov box moved after the media (as cameras write them).
        var bytes = [UInt8](try Data(contentsOf: videos.appendingPathComponent("coffee-pan.mp4")))
        let moovLast = Self.movingMoovLast(&bytes)
        try Data(bytes).write(to: clips.appendingPathComponent("late.mov"))
        try Data("not a clip".utf8).write(to: clips.appendingPathComponent("broken.mp4"))
        let story = try await FolderStoryContent(folder: try FolderContent(root: root)).story(for: "clips")
        var durations: [String: Duration] = [:]
        for item in story.items {
            if case .video(let url, let duration, _) = item.media { durations[url.lastPathComponent] = duration }
        }
        #expect(durations["coffee-pan.mp4"] == .seconds(5), "\(durations)")
        #expect(durations["chelsea-zoom.webm"] == .seconds(4), "\(durations)")
        if moovLast { #expect(durations["late.mov"] == .seconds(5), "\(durations)") }
        #expect(durations["broken.mp4"] == FolderContent.assumedVideoDuration)
    }

    /// Moves an MP4's top-level `moov` box to the end (chunk offsets are not fixed up: only the
    /// header is read here). False when the file has no such box first.
    static func movingMoovLast(_ bytes: inout [UInt8]) -> Bool {
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, offset + size <= bytes.count else { return false }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "moov" {
                let moov = Array(bytes[offset..<offset + size])
                bytes.removeSubrange(offset..<offset + size)
                bytes += moov
                return true
            }
            offset += size
        }
        return false
    }

    /// A photo's day is the day it was taken (EXIF DateTimeOriginal, else DateTime), not the
    /// day it was copied; a photo that does not say, and a PNG, keep their modification time.
    @Test func aPhotosDayIsWhenItWasTaken() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let copied = Self.start
        let files: [(String, Data)] = [
            ("taken-july.jpg", ExifFixture.jpeg(original: "2021:07:04 10:30:00")),
            ("taken-july-later.jpeg", ExifFixture.jpeg(original: "2021:07:04 18:00:00")),
            ("datetime-only.jpg", ExifFixture.jpeg(dateTime: "2020:01:02 03:04:05", original: nil)),
            ("says-nothing.jpg", ExifFixture.jpeg(orientation: 1, dateTime: nil, original: nil)),
            ("bad-date.jpg", ExifFixture.jpeg(dateTime: nil, original: "2021:13:45 99:99:99")),
            ("screenshot.png", ExifFixture.jpeg()),  // not a JPEG by name: its file date stands
        ]
        for (name, data) in files {
            let url = root.appendingPathComponent(name)
            try data.write(to: url)
            try FileManager.default.setAttributes([.modificationDate: copied], ofItemAtPath: url.path)
        }
        let folder = try FolderContent(root: root, calendar: calendar)
        let copiedDay = ISO8601DateFormatter.string(
            from: copied, timeZone: calendar.timeZone, formatOptions: [.withFullDate])
        #expect(folder.users.map(\.id.rawValue) == [copiedDay, "2021-07-04", "2020-01-02"])
        let july = try await FolderStoryContent(folder: folder).story(for: "2021-07-04")
        #expect(july.items.map(\.id.rawValue) == ["2021-07-04/taken-july.jpg", "2021-07-04/taken-july-later.jpeg"])
        #expect(july.items.first?.postedAt == Date(timeIntervalSince1970: 1_625_394_600))
    }

    @Test func aMissingFolderOrAFileIsRefusedInASentence() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.file(root.appendingPathComponent("a.jpg"), date: Self.start)
        for bad in [root.appendingPathComponent("missing"), root.appendingPathComponent("a.jpg")] {
            #expect {
                try FolderContent(root: bad)
            } throws: { error in
                "\(error)".contains(bad.path) && "\(error)".contains("--folder")
            }
        }
    }

    @Test func theLoaderReadsFilesUpToItsLimit() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let small = root.appendingPathComponent("small.jpg")
        try Data(repeating: 1, count: 100).write(to: small)
        let big = root.appendingPathComponent("big.jpg")
        try Data(repeating: 1, count: 1000).write(to: big)
        let loader = FolderImageLoader(limit: 500)
        #expect(try await loader.imageData(for: small, priority: .high).count == 100)
        await #expect(throws: FolderContent.FolderError.self) { try await loader.imageData(for: big, priority: .high) }
        await #expect(throws: FolderContent.FolderError.self) {
            try await loader.imageData(for: URL(string: "https://example.com/a.jpg")!, priority: .high)
        }
        let pipe = root.appendingPathComponent("pipe.jpg")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        await #expect(throws: FolderContent.FolderError.self, "a FIFO is refused, not read") {
            try await loader.imageData(for: pipe, priority: .high)
        }
    }

    @Test func namesThatAreNotUTF8AreCountedAsSuchNotAsNotPictures() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.file(root.appendingPathComponent("ok.jpg"), date: Self.start)
        // "café.jpg" in Latin-1, and a folder named with a stray byte: Foundation cannot name them.
        for (name, isFolder) in [(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), false), ([0x61, 0xFF], true)] {
            let path = Array(root.path.utf8) + [0x2F] + name + [0]
            path.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { path in
                    if isFolder {
                        #expect(mkdir(path.baseAddress!, 0o700) == 0)
                    } else {
                        let fd = open(path.baseAddress!, O_CREAT | O_WRONLY, 0o600)
                        #expect(fd >= 0)
                        close(fd)
                    }
                }
            }
        }
        let folder = try FolderContent(root: root)
        #expect(folder.skipped == (0, 0, 2) as (Int, Int, Int), "\(folder.skipped)")
        #expect(folder.users.count == 1, "the folder with a stray byte is no user of its own")
        #expect(
            folder.warning?.hasSuffix("skipped 2 files or folders whose names are not UTF-8 (rename them to show them)")
                == true, "\(folder.warning ?? "")")
    }

    @Test func aLinkNamedLikeAPictureIsJudgedByTheFileItLeadsTo() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A link of a few bytes to a file of 64 MiB (sparse: no disk): the loader once took the
        // link's size and read the target whole (a 3 GiB one drove the app to 6.3 GB).
        let large = root.appendingPathComponent("large.bin")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        #expect(truncate(large.path, 64 << 20) == 0)
        let link = root.appendingPathComponent("a.jpg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: large)
        let loader = FolderImageLoader(limit: 1 << 20)
        do {
            _ = try await loader.imageData(for: link, priority: .high)
            Issue.record("read the link's target whole")
        } catch let error as FolderContent.FolderError {
            #expect(error.description.hasSuffix("a.jpg: it is 67108864 bytes; the limit is 1048576"), "\(error)")
        }
    }

    @Test func namesWithControlOrDirectionCharactersAreEscapedInIDsAndLongOnesFitted() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let odd = "evil\u{1B}[2J\u{07}\u{202E}gpj"
        let long = String(repeating: "é", count: 120)  // 240 bytes; with a file name, over 256
        for name in [odd, long, "100%"] {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.file(folder.appendingPathComponent(String(repeating: "x", count: 60) + ".jpg"), date: Self.start)
        }
        let folder = try FolderContent(root: root)
        let ids = folder.users.map(\.id.rawValue)
        #expect(ids.contains("evil%1B[2J%07%E2%80%AEgpj"), "\(ids)")
        #expect(ids.contains("100%25"), "\(ids)")
        #expect(folder.users.map(\.name).contains(odd), "the name shown is the folder's (the screen makes it safe)")
        let stories = try await FolderStoryContent(folder: folder).stories(try PageRequest(page: 1, limit: 10))
        for story in stories.elements {
            for id in [story.user.id.rawValue] + story.items.map(\.id.rawValue) {
                #expect(id.utf8.count <= 256, "\(id)")
                #expect(!id.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E }, "\(id)")
            }
        }
        let longItem = try #require(stories.elements.first { $0.user.name == long }?.items.first)
        #expect(longItem.id.rawValue.contains("~"), "cut and tagged: \(longItem.id.rawValue)")
    }
}
