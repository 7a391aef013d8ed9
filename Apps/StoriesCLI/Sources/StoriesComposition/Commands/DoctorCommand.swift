public import ArgumentParser
import ConfigurationLayers
import Foundation
import ImageCaching
import PicsumContent
import StoriesRuntime
import StoryBase
import StoryInterfaces
import StoryTerminal
import VideoDecoding

/// `stories doctor [--repair]`: terminal, network, store and cache checks.
struct DoctorCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "doctor", _superCommandName: "stories",
        abstract: "Check the terminal, video playback, the content source, the store and the image cache.",
        discussion: """
            One line per check; a failed check is said on stderr, the others still run, and the \
            exit status is the first failure's (69 a server that cannot be reached, 74 a damaged \
            state database, 78 bad configuration). With --repair a damaged state database is \
            moved aside with a timestamp and a new one is started (nothing else ever moves it).
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Flag(help: "Move a damaged state database aside and start a new one.") var repair = false

    /// Runs every check.
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let root = try options.compositionRoot(environment: environment)
        let settings = root.settings
        try StandardStreams.printOutput(
            "config: \(settings.resolved.configFile.map { StandardStreams.sanitized($0) } ?? "no config file"), \(Wording.count(settings.resolved.settings.filter { $0.source != .default }.count, "key")) set"
        )

        let attached = TerminalSession.isTerminal(0) && TerminalSession.isTerminal(1)
        let configured = settings.graphicsMode
        let graphics = try await OwnThread.run {  // waits up to 1 s for the terminal's answers
            GraphicsDetection.detect(
                configured: configured, environment: environment, input: STDIN_FILENO, output: STDOUT_FILENO)
        }
        // What the screens would show (asking tmux runs a process and waits; it switches nothing on).
        let display = await TerminalDisplay.decide(
            graphics, configured: configured, color: settings.colorMode, environment: environment, placeholders: true,
            enable: false)
        try StandardStreams.printOutput(
            "terminal: \(attached ? "attached" : "none (the interactive screens need one)"), colour \(display.depth.rawValue), graphics \(graphics.mode.rawValue) (\(graphics.reason))"
                + graphics.learned
                + (display.behindTmux ? "; the screens draw kitty placeholders through tmux (kitty 0.28+ outside)" : "")
        )

        // Videos: whether ffmpeg and libwebp are there (not a failure: a poster or a
        // placeholder is shown instead).
        let decoder = FFmpegVideoDecoder(environment: environment)
        let webp = FFmpegVideoDecoder.animatedWebP
        try StandardStreams.printOutput(
            (decoder.isAvailable
                ? "videos and animated GIF/APNG: play, without sound (ffmpeg found)"
                : "videos: show their poster, GIF and APNG a placeholder — ffmpeg is not installed (apt-get install ffmpeg)")
                + (webp.available
                    ? "; WebP, still or animated: plays (libwebp found)"
                    : "; WebP: \(decoder.isAvailable ? "its first picture" : "a placeholder") — \(webp.missing)"))

        // The configured plugins' own checks: each says what to look at. A failed check is said
        // on stderr and the rest still run; the exit status is the first failure's.
        var failed: ExitStatus?
        let checks = [
            ("content", try root.registry.contents.entry(settings.contentSource).doctor),
            ("store", try root.registry.stores.entry(settings.storeKind).doctor),
        ]
        for (label, check) in checks {
            do {
                try StandardStreams.printOutput("\(label): " + (try await check(settings, repair)))
            } catch let error as OutputError where error.isClosedPipe {
                throw error  // the reader went away: the rest is not wanted either
            } catch {
                StandardStreams.printError("\(label): " + ErrorReport.message(for: error))
                failed = failed ?? ErrorReport.status(for: error) ?? .software
            }
        }

        if let cache = try? DiskImageCache(
            path: settings.imageCache.diskPath, limit: settings.imageCache.diskMaxBytes)
        {
            // Lists the folder under the cache's flock, which another process may hold: off the pool.
            let stats = try await OwnThread.run { cache.statistics() }
            try StandardStreams.printOutput(
                "cache: \(Wording.count(stats.entries, "image")), \(Wording.bytes(stats.bytes)) of \(Wording.bytes(stats.limit)) in \(cache.folder.path)"
            )
        } else {
            try StandardStreams.printOutput("cache: cannot use \(settings.imageCache.diskPath); check its permissions")
        }
        if let failed { throw ExitCode(failed.rawValue) }
    }
}
