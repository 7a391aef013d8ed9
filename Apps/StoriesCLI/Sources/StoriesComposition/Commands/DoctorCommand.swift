public import ArgumentParser
import Foundation
import PicsumContent
import SeenLikeStore
import StoryInterfaces
import StoryTerminal

/// `stories doctor [--repair]`: terminal, network, store and cache checks.
public struct DoctorCommand: AsyncParsableCommand {
    /// The command's help.
    public static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check the terminal, the network, the store and the image cache.",
        discussion: """
            One line per check. A damaged state database exits 74; with --repair it is moved \
            aside with a timestamp and a new one is started (nothing else ever moves it).
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Move a damaged state database aside and start a new one.") var repair = false

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Runs every check.
    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let root = try options.compositionRoot(environment: environment)
        let settings = root.settings
        try Terminal.printOutput(
            "config: \(settings.resolved.configFile.map { Terminal.sanitized($0) } ?? "no config file"), \(settings.resolved.settings.filter { $0.source != .default }.count) keys set"
        )

        let capabilities = TerminalCapabilities.detect(
            environment: environment, color: settings.colorMode, graphics: settings.graphicsMode)
        let attached = TerminalSession.isTerminal(0) && TerminalSession.isTerminal(1)
        try Terminal.printOutput(
            "terminal: \(attached ? "attached" : "none (the interactive screens need one)"), colour \(capabilities.color.rawValue), graphics \(capabilities.graphics.rawValue)"
        )

        var probe = settings.picsum
        probe.timeout = CompositionRoot.autoProbeTimeout
        probe.retries = 0
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await SharedHTTP.client(probe).list(try PageRequest(page: 1, limit: 1))
            let elapsed = start.duration(to: clock.now).components
            try Terminal.printOutput(
                "network: \(settings.picsum.baseURL.absoluteString) answered in \(elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000) ms"
            )
        } catch {
            try Terminal.printOutput(
                "network: \(settings.picsum.baseURL.absoluteString) cannot be reached (\(error)); content.source=auto shows the bundled samples"
            )
        }

        // The configured store's own check (its plugin says what to look at).
        try Terminal.printOutput(
            "store: " + (try await root.registry.stores.entry(settings.storeKind).doctor(settings, repair)))

        if let cache = try? DiskImageCache(
            path: settings.picsum.diskCachePath, limit: settings.picsum.diskCacheMaxBytes)
        {
            // Lists the folder under the cache's flock, which another process may hold: off the pool.
            let stats = try await OwnThread.run { cache.statistics() }
            try Terminal.printOutput(
                "cache: \(stats.entries) images, \(stats.bytes) of \(stats.limit) bytes in \(cache.folder.path)")
        } else {
            try Terminal.printOutput("cache: cannot use \(settings.picsum.diskCachePath); check its permissions")
        }
    }
}
