public import ArgumentParser
import ConfigurationLayers
import FeedPaging
import Foundation
import ImageCaching
import Logging
import PicsumContent
import StoriesWeb
import StoryBase
import StoryInterfaces
import StoryModels
import StoryTerminal

/// `stories serve [--listen HOST:PORT]`: the web viewer (PRODUCT.md §10) over the same
/// content, store and rules as every other command.
struct ServeCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "serve", _superCommandName: "stories",
        abstract: "Serve the stories to a browser: the web viewer for phones.",
        discussion: """
            Pages work without JavaScript; on a phone, tap, hold and swipe as in the apps. Seen, \
            liked and muted state go to the configured store, as from the terminal. Nothing is \
            served before the link the command prints is opened: on 127.0.0.1 (the default) it is \
            your own link (kept in $XDG_DATA_HOME/stories/serve-secret, so it works across \
            restarts; another user of this machine gets nothing), and --open opens it in your \
            browser. On any other address it is a one-time pairing link (and its QR code when \
            qrencode is installed); the device that opens it first gets a session. Stop with Ctrl-C.

            Examples:
              stories serve --open --source bundled
              stories serve --listen 0.0.0.0:8080     (a phone on the same Wi-Fi scans the code)
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Option(help: "Where to listen, HOST:PORT (default 127.0.0.1:8080; port 0 picks a free one).")
    var listen = "127.0.0.1:8080"

    @Flag(help: "Open the printed link in the default browser (xdg-open, or open on macOS).")
    var open = false

    /// `--listen` as host and port (a usage error, with serve's usage, when it is not one).
    func address() throws -> (host: String, port: Int) {
        guard let address = WebAnnouncement.address(listen: listen) else {
            throw ValidationError("--listen \(listen): expected HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080")
        }
        return address
    }

    /// Checks `--listen`.
    func validate() throws { _ = try address() }

    /// Opens the content and the store, serves until interrupted.
    func run() async throws {
        let (host, port) = try address()
        let session = try await ContentSession.open(options)
        let settings = session.root.settings
        let images = try session.imageLoader()
        var store = session.store
        if let shared = store as? any SharedStateStoring {  // a long-running program: synced in the background
            store = await shared.inBackground { if let problem = $0 { session.root.logger.info("sync: \(problem)") } }
        }
        var content = WebContent(
            stories: session.content, photos: session.source.photos, images: images,
            clipFile: { url in BundledCatalog.videoFile(for: url) ?? (url.isFileURL ? url : nil) },
            store: store, trayOrder: settings.trayOrder, pageSize: settings.feed.pageSize,
            viewer: settings.viewer, pictureCache: Self.pictureCache(settings.imageCache))
        // Your own photos have dates: today's memories lead the tray (and /memories). Read once,
        // when first asked (a server left running past midnight keeps the day it started).
        if session.source.name == "folder" {
            content.memories = MemoriesContent(session.content, memories: Memories(of: Date()))
        }
        var serverOptions = StoriesWebServer.Options(host: host, port: port)
        if StoriesWebServer.Options.isLoopback(host) {
            let paths = XDGPaths(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
            let file = paths.dataHome + "/stories/serve-secret"
            do {
                // A file read and perhaps written: off the cooperative pool.
                serverOptions.pairing = try await OwnThread.run { try Pairing.owner(keptIn: file) }
            } catch {
                session.root.logger.warning("cannot keep the link in \(file) (\(error)): it works until serve stops")
            }
        }
        let server = StoriesWebServer(content: content, options: serverOptions)
        let pairing = serverOptions.pairing
        let open = open
        do {
            try await server.run(logger: session.root.logger) { bound in
                // The machine's addresses only where the links name them (a server on every address).
                let addresses = StoriesWebServer.Options.isLoopback(host) ? [] : LocalAddresses.list()
                let said = WebAnnouncement(host: host, port: bound, path: pairing.path ?? "/", addresses: addresses)
                for line in said.lines {
                    StandardStreams.printError(line.text)
                    if let link = line.pairingLink, let code = await QRCode.text(link) {
                        StandardStreams.writeError(code)
                    }
                }
                if open { Self.openInBrowser(said.link) }
            }
        } catch {
            StandardStreams.printError(StoriesWebServer.describe(error, listen: listen))
            throw ExitCode(ExitStatus.unavailable.rawValue)
        }
    }

    /// Resized pictures kept beside the images' disk cache (`<images.cache.path>-web`, the
    /// same cap); none when it cannot be opened.
    static func pictureCache(_ settings: ImageCacheSettings) -> WebPictureCache? {
        guard let disk = try? DiskImageCache(path: settings.diskPath + "-web", limit: settings.diskMaxBytes) else {
            return nil
        }
        return WebPictureCache(load: { disk.data(for: $0) }, store: { disk.store($0, for: $1) })
    }

    /// Opens `url` in the default browser, quietly; says so when there is no opener.
    static func openInBrowser(_ url: String) {
        #if os(macOS)
            let opener = "/usr/bin/open"
        #else
            let opener = "/usr/bin/xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            StandardStreams.printError("--open: cannot start \(opener) (\(error)); open the link above yourself")
        }
    }
}
