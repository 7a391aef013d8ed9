public import Foundation

/// Where the bundled samples and clips are on disk, found relative to the running program, so
/// an installed `stories` runs on its own: never through the build folder's absolute
/// path that SwiftPM's `Bundle.module` bakes in (and whose absence it answers with a crash).
///
/// Looked for, in order, beside the executable (symbolic links resolved):
/// - `../share/stories/` — the layout `Scripts/install` makes (`PREFIX/bin/stories`,
///   `PREFIX/share/stories/{samples,videos}`);
/// - `Stories_StoryModels.resources/` or `StoryModels_StoryModels.resources/` — a build folder's
///   bundle (`swift run`, the tests), named after the package that built it: the repository's
///   root, or this package alone.
public enum BundledResources {
    /// The folder holding `samples/` and `videos/`, nil when neither place has them.
    public static var folder: URL? { located.folder }

    /// The folders looked in, in order (for the error that says what is missing).
    public static var searched: [String] { located.searched.map(\.path) }

    /// The names a build folder gives the bundle: the repository's root package's, this package's.
    public static let bundleNames = ["Stories_StoryModels.resources", "StoryModels_StoryModels.resources"]

    /// The folders to look in for a program at `executable`.
    public static func candidates(executable: URL) -> [URL] {
        let bin = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            bin.deletingLastPathComponent().appendingPathComponent("share/stories", isDirectory: true).standardized
        ] + bundleNames.map { bin.appendingPathComponent($0, isDirectory: true) }
    }

    /// The first of `candidates` that has a `samples` folder.
    public static func first(of candidates: [URL]) -> URL? {
        candidates.first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: candidate.appendingPathComponent("samples").path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// The file `name` in `subfolder` (`samples`, `videos`), nil when it is not there.
    static func file(_ name: String, in subfolder: String) -> URL? {
        guard let folder, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        let file = folder.appendingPathComponent(subfolder, isDirectory: true).appendingPathComponent(name)
        return FileManager.default.isReadableFile(atPath: file.path) ? file : nil
    }

    /// Why a bundled file is not there: the places looked in, and how to mend it.
    public static var missingAdvice: String {
        "looked in \(searched.joined(separator: " and ")); reinstall with Scripts/install, which puts "
            + "them in PREFIX/share/stories"
    }

    private static let located: (folder: URL?, searched: [URL]) = {
        let executable =
            Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "stories")
        let places = Self.candidates(executable: executable)
        return (first(of: places), places)
    }()
}
