import Foundation
import Testing

/// The image fixtures: the pictures service's (`Services/StoryImages/Tests/Fixtures`, the
/// pictures this package draws come through it), read by path, so neither manifest declares
/// them as resources.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../../../Services/StoryImages/Tests/Fixtures").standardized

    static func data(_ name: String) throws -> Data {
        let url = folder.appendingPathComponent(name)
        #expect(FileManager.default.fileExists(atPath: url.path), "no fixture \(name) in \(folder.path)")
        return try Data(contentsOf: url)
    }
}
