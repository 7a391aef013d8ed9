public import ArgumentParser
import Foundation
import ImageCaching
import PicsumContent
import StoryTerminal

/// `stories cache stats|clear|verify`: the image disk cache at `images.cache.path`, and the
/// video clips' and the web viewer's resized pictures' beside it (`-videos`, `-web`) once made.
struct CacheCommand: ParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "cache", _superCommandName: "stories",
        abstract: "Show, clear or verify the image disk cache (and the video clips' and web pictures').",
        discussion: """
            stats (the default): entries, bytes and the limit (images.cache.maxBytes). clear: removes every \
            entry. verify: re-hashes every entry and removes those whose bytes no longer match. \
            Downloaded video clips (<images.cache.path>-videos) and the pictures `stories serve` \
            resized for phones (<images.cache.path>-web) have caches of their own beside the \
            images', with the same limit, each reported on a line of its own once it exists.

            Examples:
              stories cache
              stories cache verify
            """)

    /// What to do.
    enum Action: String, ExpressibleByArgument, CaseIterable {
        case stats, clear, verify
    }

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Argument(help: "stats, clear or verify.")
    var action: Action = .stats

    /// Runs the action and prints one line.
    func run() throws {
        let settings = try options.compositionRoot(environment: ProcessInfo.processInfo.environment).settings
        let images = settings.imageCache.diskPath
        try act(on: images, limit: settings.imageCache.diskMaxBytes, what: "image")
        // The clips' cache is made by the first clip downloaded, the web viewer's resized
        // pictures' by `stories serve`; never made here.
        for (suffix, what) in [("-videos", "video clip"), ("-web", "web picture")] {
            let path = images + suffix
            if FileManager.default.fileExists(atPath: path) {
                try act(on: path, limit: settings.imageCache.diskMaxBytes, what: what)
            }
        }
    }

    /// The action on one cache (`what` one of its entries: "image"), said in one line.
    private func act(on path: String, limit: Int, what: String) throws {
        let cache: DiskImageCache
        do {
            cache = try DiskImageCache(path: path, limit: limit)
        } catch let error as DiskImageCacheError {
            throw error  // a folder stories did not make: refused, untouched (exit 78)
        } catch {
            throw CacheCommandError(path: path)
        }
        switch action {
        case .stats:
            let stats = cache.statistics()
            try StandardStreams.printOutput(
                "\(Wording.count(stats.entries, what)), \(Wording.bytes(stats.bytes)) of \(Wording.bytes(stats.limit)) in \(cache.folder.path)"
                    + Self.stray(stats.removedStray))
        case .clear:
            let before = cache.statistics()
            cache.clear()
            try StandardStreams.printOutput(
                "removed \(Wording.count(before.entries, what)) (\(Wording.bytes(before.bytes))) from \(cache.folder.path)"
            )
        case .verify:
            let result = cache.verify()
            try StandardStreams.printOutput(
                "checked \(Wording.count(result.checked, what)), removed \(result.removed) damaged"
                    + Self.stray(result.removedStray)
            )
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
