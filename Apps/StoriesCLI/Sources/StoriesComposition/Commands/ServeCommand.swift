public import ArgumentParser
import FeedPaging
import Foundation
import Logging
import PicsumContent
import StoriesWeb
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
            liked and muted state go to the configured store, as from the terminal. On \
            127.0.0.1 (the default) only this machine can connect. On any other address nothing \
            is served before pairing: the command prints a one-time link (and its QR code when \
            qrencode is installed); the device that opens it first gets a session. Stop with Ctrl-C.

            Examples:
              stories serve --source bundled
              stories serve --listen 0.0.0.0:8080     (a phone on the same Wi-Fi scans the code)
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Option(help: "Where to listen, HOST:PORT (default 127.0.0.1:8080; port 0 picks a free one).")
    var listen = "127.0.0.1:8080"

    /// Parses `--listen`, opens the content and the store, serves until interrupted.
    func run() async throws {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]),
            (0...65535).contains(port), colon > listen.startIndex
        else {
            throw ValidationError("--listen \(listen): expected HOST:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080")
        }
        let named = String(listen[..<colon])
        let host = named.hasPrefix("[") && named.hasSuffix("]") ? String(named.dropFirst().dropLast()) : named
        let session = try await ContentSession.open(options)
        let settings = session.root.settings
        let images = try session.imageLoader()
        var store = session.store
        if let shared = store as? any SharedStateStoring {  // a long-running program: synced in the background
            store = await shared.inBackground { if let problem = $0 { session.root.logger.info("sync: \(problem)") } }
        }
        let content = WebContent(
            stories: session.content, photos: session.source.photos, images: images,
            clipFile: { url in BundledCatalog.videoFile(for: url) ?? (url.isFileURL ? url : nil) },
            store: store, trayOrder: settings.trayOrder, pageSize: settings.feed.pageSize,
            viewer: settings.viewer, pictureCache: Self.pictureCache(settings.imageCache))
        let serverOptions = StoriesWebServer.Options(host: host, port: port)
        let server = StoriesWebServer(content: content, options: serverOptions)
        do {
            try await server.run(logger: session.root.logger) { bound in
                await Self.announce(host: host, port: bound, pairing: serverOptions.pairing?.path)
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

    /// Says where to point a browser, or the pairing link and its code.
    static func announce(host: String, port: Int, pairing: String?) async {
        let shown = host.contains(":") ? "[\(host)]" : host
        guard let pairing else {
            StandardStreams.printError("Serving the stories at http://\(shown):\(port)/ (Ctrl-C stops)")
            return
        }
        let addresses = host == "0.0.0.0" || host == "::" ? LocalAddresses.list() : [shown]
        StandardStreams.printError(
            "Listening on \(shown):\(port). Nothing is served before pairing: open this link once, on the device to pair:"
        )
        for address in addresses.isEmpty ? [shown] : addresses {
            let url = "http://\(address):\(port)\(pairing)"
            StandardStreams.printError("  " + url)
            if let code = await QRCode.text(url) { StandardStreams.writeError(code) }
        }
        StandardStreams.printError("(the link works once; Ctrl-C stops)")
    }
}
