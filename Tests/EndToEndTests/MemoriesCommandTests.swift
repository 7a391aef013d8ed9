import Foundation
import Testing

/// `stories memories`: this day in earlier years, as a user runs it on a folder.
@Suite("stories memories, as a process")
struct MemoriesCommandTests {
    /// A folder of photos dated by their files: 29 November 2024 and 2023, 28 November 2022
    /// (a window's), nothing in 2021.
    static func folder() throws -> String {
        let folder = try TemporaryFolder.make()
        let photo = repositoryRoot + "/Services/StoryImages/Tests/Fixtures/baseline-64x48.jpg"
        for (path, day) in [
            ("2024/a.jpg", "2024-11-29T10:00:00Z"), ("2023/b.jpg", "2023-11-29T09:00:00Z"),
            ("2022/c.jpg", "2022-11-28T09:00:00Z"), ("2021/d.jpg", "2021-06-01T09:00:00Z"),
        ] {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: photo, toPath: file)
            try FileManager.default.setAttributes(
                [.modificationDate: ISO8601DateFormatter().date(from: day)!], ofItemAtPath: file)
        }
        return folder
    }

    @Test func theYearsOfADayAsJSONAndAsLines() async throws {
        let folder = try Self.folder()
        let environment = ["TZ": "UTC"]
        let json = try await StoriesProcess.run(
            ["memories", folder, "--date", "2026-11-29", "--json", "--store", "memory"], environment: environment)
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout.contains(#""date":"2026-11-29""#) && json.stdout.contains(#""source":"folder""#))
        #expect(json.stdout.contains(#""user":"memories-2024""#) && json.stdout.contains(#""label":"2 years ago""#))
        #expect(json.stdout.contains(#""user":"memories-2023""#) && !json.stdout.contains("memories-2022"))
        let wide = try await StoriesProcess.run(
            ["--store", "memory", "memories", folder, "--date", "2026-11-29", "--window", "1"], environment: environment
        )
        #expect(
            wide.stdout.split(separator: "\n").map { String($0.prefix { $0 != "(" }) }
                == ["2 years ago ", "3 years ago ", "4 years ago "], "\(wide)")
        let none = try await StoriesProcess.run(
            ["memories", folder, "--date", "2026-07-14", "--store", "memory"], environment: environment)
        #expect(none.status == 0 && none.stdout.hasPrefix("No memories of 14 Jul"), "\(none)")
        let bad = try await StoriesProcess.run(["memories", folder, "--date", "2026-02-30"], environment: environment)
        #expect(bad.status == 64 && bad.stderr.contains("YYYY-MM-DD"), "\(bad)")
    }
}
