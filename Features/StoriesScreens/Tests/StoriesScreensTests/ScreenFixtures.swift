import Foundation
import StoriesScreens
import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

enum ScreenFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func story(_ id: String, _ name: String, items: Int, video: Bool = false) -> Story {
        let user = UserID(id)
        return Story(
            user: StoryUser(id: user, name: name, avatarURL: URL(string: "https://example.test/\(id)/avatar.jpg")),
            items: (0..<items).map { index in
                let url = URL(string: "https://example.test/\(id)/\(index).jpg")!
                let media: StoryMedia =
                    video && index == items - 1 ? .video(url, duration: .seconds(12), poster: nil) : .image(url)
                return StoryItem(
                    id: StoryItemID("\(id)-\(index)"), userID: user, media: media,
                    postedAt: now.addingTimeInterval(-3600 * Double(index + 2)),
                    pixelSize: PixelSize(width: 1080, height: 1920))
            })
    }

    static let stories = [
        story("ada", "Ada Lovelace", items: 3),
        story("grace", "Grace Hopper", items: 2),
        story("alan", "Alan Turing", items: 1),
        story("kai", "Kai \u{1B}[31mEvil", items: 2, video: true),
    ]

    /// A model whose content source is open (bundled), nothing loaded yet.
    static func model(columns: Int = 80, rows: Int = 24) -> AppModel {
        var model = AppModel(
            size: ScreenSize(columns: columns, rows: rows), source: "bundled", depth: .truecolor,
            viewerConfiguration: try! ViewerConfiguration(
                imageDuration: .seconds(5), autoAdvance: true, accessible: false))
        _ = AppUpdate.update(&model, .sourceChosen(name: "bundled", fallback: nil))
        return model
    }

    /// A tray with every fixture story loaded; `seen` items were seen before.
    static func loadedTray(seen: Set<StoryItemID> = ["alan-0"], phase: FeedPhase = .loaded) -> AppModel {
        var model = model()
        let entries = stories.enumerated().map { index, story in
            FeedEntry(
                position: index,
                element: TrayUser(
                    story: story, seen: seen.filter { $0.rawValue.hasPrefix(story.user.id.rawValue + "-") }))
        }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: entries, phase: phase))))
        return model
    }

    /// A 2×2-pixel-per-cell test picture: a vertical gradient.
    static func picture(width: Int = 40, height: Int = 60) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// An open viewer on `user`'s story with the current media loaded.
    static func openViewer(at userIndex: Int = 0, loaded: Bool = true, liked: Set<StoryItemID> = []) -> AppModel {
        var model = loadedTray()
        _ = AppUpdate.update(&model, .viewer(.ready(stories: stories, userIndex: userIndex, liked: liked, now: now)))
        if loaded, let item = model.viewer?.viewer.current?.item.id {
            _ = AppUpdate.update(&model, .viewer(.mediaLoaded(item, .success(DecodedMedia(image: picture())))))
        }
        return model
    }
}

/// Screens compared with stored text snapshots (`__Snapshots__/NAME.txt`): the characters of
/// every row. A missing snapshot is written and the test fails, so a new one is looked at
/// once; `STORIES_RECORD_SNAPSHOTS=1` rewrites them all.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "__Snapshots__")

    static func text(_ buffer: CellBuffer) -> String {
        (0..<buffer.height).map { y in
            var line = ""
            for x in 0..<buffer.width where !buffer[x, y].isContinuation { line += buffer[x, y].text }
            return line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }

    static func assert(_ buffer: CellBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name + ".txt")
        let actual = text(buffer)
        let record = ProcessInfo.processInfo.environment["STORIES_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record(
                "snapshot \(name) recorded at \(file.path); check it and run again", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
    }
}
