import ConfigurationLayers
import Foundation
import StoriesComposition

/// A temporary folder with files written into it, one per test.
struct Sandbox {
    let root: String

    init() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("CompositionTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` at `relativePath` and returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// An environment whose HOME and XDG folders are inside the sandbox.
    var environment: [String: String] { ["HOME": root] }

    func load(
        flags: [String: String] = [:], environment extra: [String: String] = [:], configFile: String? = nil
    ) throws -> CompositionRoot {
        try CompositionRoot.load(
            flags: flags, environment: environment.merging(extra) { $1 }, configFile: configFile)
    }
}

extension CompositionRoot {
    func value(_ key: String) -> String? { settings.resolved[key].value?.displayText }
    func source(_ key: String) -> ConfigSource { settings.resolved[key].source }
}
