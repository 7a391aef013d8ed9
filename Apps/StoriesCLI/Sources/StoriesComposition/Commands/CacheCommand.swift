public import ArgumentParser
import Foundation
import PicsumContent

/// `stories cache stats|clear|verify`: the image disk cache at `images.cache.path`.
public struct CacheCommand: ParsableCommand {
    /// The command's help.
    public static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, clear or verify the image disk cache.",
        discussion: """
            stats: entries, bytes and the limit (images.cache.maxBytes). clear: removes every \
            entry. verify: re-hashes every entry and removes those whose bytes no longer match.

            Examples:
              stories cache stats
              stories cache verify
            """)

    /// What to do.
    enum Action: String, ExpressibleByArgument, CaseIterable {
        case stats, clear, verify
    }

    @OptionGroup var options: GlobalOptions

    @Argument(help: "stats, clear or verify.")
    var action: Action

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Runs the action and prints one line.
    public func run() throws {
        let settings = try options.compositionRoot(environment: ProcessInfo.processInfo.environment).settings
        let cache: DiskImageCache
        do {
            cache = try DiskImageCache(path: settings.picsum.diskCachePath, limit: settings.picsum.diskCacheMaxBytes)
        } catch {
            throw CacheCommandError(path: settings.picsum.diskCachePath)
        }
        switch action {
        case .stats:
            let stats = cache.statistics()
            try Terminal.printOutput(
                "\(stats.entries) images, \(stats.bytes) of \(stats.limit) bytes in \(cache.folder.path)"
                    + Self.stray(stats.removedStray))
        case .clear:
            let before = cache.statistics()
            cache.clear()
            try Terminal.printOutput(
                "removed \(before.entries) images (\(before.bytes) bytes) from \(cache.folder.path)")
        case .verify:
            let result = cache.verify()
            try Terminal.printOutput(
                "checked \(result.checked) images, removed \(result.removed) damaged" + Self.stray(result.removedStray))
        }
    }
}

extension CacheCommand {
    /// "; removed 2 stray files (left by a killed download, or too large to be ours)", or "".
    static func stray(_ count: Int) -> String {
        count == 0
            ? ""
            : "; removed \(count) stray file\(count == 1 ? "" : "s") (left by a killed download, or too large to be ours)"
    }
}

/// The cache folder cannot be created or read (exit 74).
struct CacheCommandError: Error, CustomStringConvertible {
    var path: String
    var description: String {
        "cannot use the image cache folder \(path); check its permissions or set images.cache.path"
    }
}
