import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import StoryModels
import Testing

/// Memories of a day from a folder: taken on that day in earlier years, by EXIF before the
/// file's time, a leap day in years without one, a year with nothing left out.
@Suite("Memories of a day")
struct MemoriesTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    /// A folder of photos whose EXIF and file dates disagree, around 29 February.
    static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("MemoriesTests-\(UUID().uuidString)")
        let copied = date("2026-06-01T12:00:00Z")  // every file copied on one day, long after
        let files: [(String, Data, Date)] = [
            ("2024/leap.jpg", ExifFixture.jpeg(original: "2024:02:29 10:00:00"), copied),
            ("2023/stand-in.jpg", ExifFixture.jpeg(original: "2023:02:28 09:00:00"), copied),
            // Its file says 28 February; its camera says 5 March: the camera wins.
            ("2022/copied.jpg", ExifFixture.jpeg(original: "2022:03:05 08:00:00"), date("2022-02-28T12:00:00Z")),
            // No EXIF (a PNG): its file's time stands.
            ("2021/screenshot.png", ExifFixture.jpeg(), date("2021-02-28T12:00:00Z")),
            ("2019/eve.jpg", ExifFixture.jpeg(original: "2019:02:27 23:00:00"), copied),
            ("2028/today.jpg", ExifFixture.jpeg(original: "2028:02:29 08:00:00"), copied),  // this year: not a memory
        ]
        for (path, data, modified) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
        }
        return root
    }

    @Test func eachEarlierYearWithPhotosOfTheDayIsAStoryNewestFirst() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = FolderStoryContent(folder: try FolderContent(root: root, calendar: Self.utc))
        let memories = Memories(of: Self.date("2028-02-29T12:00:00Z"), window: 0, calendar: Self.utc)
        let content = MemoriesContent(base, memories: memories)
        let years = try await content.years()
        // 2022's photo was copied on the 28th but taken on 5 March; 2020 has nothing.
        #expect(years.map(\.year) == [2024, 2023, 2021])
        #expect(years.map(\.label) == ["4 years ago", "5 years ago", "7 years ago"])
        #expect(years[1].items.map(\.id.rawValue) == ["2023/stand-in.jpg"], "28 February stands for the 29th")
        let stories = try await content.stories(try PageRequest(page: 1, limit: 30))
        #expect(stories.elements.map(\.user.id.rawValue) == ["memories-2024", "memories-2023", "memories-2021"])
        #expect(stories.elements.map(\.user.name) == ["4 years ago", "5 years ago", "7 years ago"])
        // The photo's own id, under the year's user: a like is the photo's like.
        #expect(stories.elements[0].items.map(\.id.rawValue) == ["2024/leap.jpg"])
        #expect(stories.elements[0].items.allSatisfy { $0.userID == "memories-2024" })
        #expect(try await content.story(for: "memories-2021").items.count == 1)
    }

    @Test func aWindowTakesTheDaysAroundAndAYearWithNothingHasNoStory() async throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let base = FolderStoryContent(folder: try FolderContent(root: root, calendar: Self.utc))
        let wide = MemoriesContent(
            base, memories: Memories(of: Self.date("2028-02-29T12:00:00Z"), window: 2, calendar: Self.utc))
        #expect(try await wide.years().map(\.year) == [2024, 2023, 2021, 2019])
        let summer = MemoriesContent(
            base, memories: Memories(of: Self.date("2028-07-14T12:00:00Z"), window: 3, calendar: Self.utc))
        #expect(try await summer.years().isEmpty)
        #expect(try await summer.stories(try PageRequest(page: 1, limit: 30)).elements.isEmpty)
    }

    @Test func aWindowAcrossNewYearFindsLastDecember() {
        let item = StoryItem(
            id: "nye", userID: "u", media: .image(URL(string: "https://example.com/a.jpg")!),
            postedAt: Self.date("2024-12-31T20:00:00Z"))
        let memories = Memories(of: Self.date("2027-01-01T12:00:00Z"), window: 1, calendar: Self.utc)
        let years = memories.years(from: [Story(user: StoryUser(id: "u", name: "U"), items: [item])])
        #expect(years.map(\.year) == [2025] && years.first?.yearsAgo == 2, "\(years)")
    }

    /// A clip's day is its movie header's creation time (as phones write it), not its file's.
    @Test func aClipsDayIsItsMovieHeadersCreationTime() async throws {
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + content.count)
            return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + content
        }
        // 2023-02-28 10:00:00 UTC in seconds since 1904.
        let created = UInt32(1_677_578_400 + 2_082_844_800)
        var header = [UInt8](repeating: 0, count: 100)  // version 0, flags, then the times
        header.replaceSubrange(4..<8, with: withUnsafeBytes(of: created.bigEndian, Array.init))
        header.replaceSubrange(12..<16, with: withUnsafeBytes(of: UInt32(1000).bigEndian, Array.init))
        header.replaceSubrange(16..<20, with: withUnsafeBytes(of: UInt32(3000).bigEndian, Array.init))
        let clip = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0]) + box("moov", box("mvhd", header))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("MemoriesClip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("2023"), withIntermediateDirectories: true)
        let file = root.appendingPathComponent("2023/clip.mp4")
        try Data(clip).write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Self.date("2026-06-01T12:00:00Z")], ofItemAtPath: file.path)
        let story = try await FolderStoryContent(folder: try FolderContent(root: root, calendar: Self.utc)).story(
            for: "2023")
        #expect(story.items.first?.postedAt == Self.date("2023-02-28T10:00:00Z"))
        #expect(story.items.first?.media.isVideo == true)
        let years = Memories(of: Self.date("2026-02-28T12:00:00Z"), calendar: Self.utc).years(from: [story])
        #expect(years.map(\.year) == [2023])
    }
}
