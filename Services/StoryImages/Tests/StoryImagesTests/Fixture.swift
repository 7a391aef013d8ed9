import Foundation
import Testing

/// The image fixtures, in `Tests/Fixtures` beside this suite's folder: read by path, so neither
/// this package's manifest nor the root's declares them as resources.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        let url = folder.appendingPathComponent(name)
        #expect(FileManager.default.fileExists(atPath: url.path), "no fixture \(name) in \(folder.path)")
        return try Data(contentsOf: url)
    }
}
