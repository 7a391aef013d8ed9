import Foundation
import HTTPTypes
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import NIOHTTP1
import StoryBase
import StoryInterfaces
import StoryModels
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `stories serve`: the web viewer. Pages and the JSON API over ``WebContent``; writes
/// through the same store as the terminal; bounded connections, bodies and idle time.
public struct StoriesWebServer: Sendable {
    /// Where it listens and who may use it.
    public struct Options: Sendable {
        /// The address to listen on (a name or a numeric address).
        public var host: String
        /// The port (0: the system picks a free one).
        public var port: Int
        /// Who may use it: nothing is served before the printed link is opened (on loopback
        /// too: the owner's reusable link; beyond, a phone's one-visit pairing).
        public var pairing: Pairing
        /// Connections open at once, at most; above half of it, the longest-waiting
        /// connection is closed for a new one.
        public var maximumConnections: Int

        /// Options for `host:port`: the owner's link on loopback (`pairing` replaces it, e.g.
        /// one kept across restarts), a one-visit pairing beyond.
        public init(
            host: String = "127.0.0.1", port: Int = 8080, pairing: Pairing? = nil, maximumConnections: Int = 512
        ) {
            self.host = host
            self.port = port
            self.pairing = pairing ?? (Self.isLoopback(host) ? .owner() : Pairing())
            self.maximumConnections = maximumConnections
        }

        /// Whether `host` is a loopback address or name.
        public static func isLoopback(_ host: String) -> Bool {
            host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
        }
    }

    let site: WebSite
    let options: Options

    /// A server over `content`.
    public init(content: WebContent, options: Options) {
        var content = content
        if let memories = content.memories {
            content.stories = MemoriesFirstContent(content.stories, memories: memories)
        }
        site = WebSite(content: content)
        self.options = options
    }

    /// Why the server could not listen, in a sentence (the socket's error otherwise).
    public static func describe(_ error: any Error, listen: String) -> String {
        guard let error = error as? IOError else { return "cannot serve on \(listen): \(error)" }
        switch error.errnoCode {
        case EADDRINUSE:
            return
                "cannot serve on \(listen): the address is in use (another `stories serve`?); pick another port with --listen"
        case EACCES:
            return "cannot serve on \(listen): ports below 1024 need privileges; use a port such as 8080"
        case EADDRNOTAVAIL:
            return "cannot serve on \(listen): this machine has no such address; use 127.0.0.1 or 0.0.0.0"
        default:
            return "cannot serve on \(listen): \(error)"
        }
    }

    /// The Host values a loopback server answers to (nil beyond loopback: any name may reach it).
    func hosts(port: Int) -> Set<String>? {
        guard Options.isLoopback(options.host) else { return nil }
        // A loopback name without a port is ours too (port 80; test clients); any other name
        // is a page that rebound its DNS to 127.0.0.1, refused.
        return [
            "127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "\(options.host):\(port)", "127.0.0.1",
            "localhost", "[::1]",
        ]
    }

    /// Runs until the process is interrupted (SIGINT, SIGTERM: it stops gracefully);
    /// `onReady` gets the port bound (the one asked, or the system's choice for 0).
    public func run(logger: Logger, onReady: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let ready = BoundPort()
        let connections = WebConnections(
            limits: .init(soft: options.maximumConnections / 2, hard: options.maximumConnections))
        let server = HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: .seconds(60))),
                connections: connections)
        }
        let app = Application(
            router: router(port: { ready.value.withLock { $0 } ?? options.port }),
            server: server,
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(connections.limits.hard)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                ready.value.withLock { $0 = port }
                await onReady(port)
            },
            logger: logger)
        try await app.runService()
    }

    /// The routes (the tests drive them without a socket).
    public func router(port: @escaping @Sendable () -> Int) -> Router<WebContext> {
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        let site = site
        router.add(middleware: HostAndPairing(server: self, port: port))
        router.get(WebRoute.Shape.tray.pattern) { request, _ in
            let number = try Self.pageNumber(request)
            return try await site.pages.answer(
                "tray \(number)", type: WebPages.htmlType, cache: "no-cache", gzip: WebCompression.accepts(request)
            ) {
                let page = try await site.tray(page: number)
                return try await WebMedia.tagging(page.elements.map(\.story.user.avatarURL)) {
                    Data(WebPages.tray(page, number: number).utf8)
                }
            }
        }
        router.get(WebRoute.Shape.user.pattern) { _, context in
            let story = try await site.storyPage(user: try Self.user(context))
            return Response.redirect(to: story.items.isEmpty ? "/" : story.items[story.start].url, type: .normal)
        }
        router.get(WebRoute.Shape.item.pattern) { request, context in
            let story = try await site.storyPage(user: try Self.user(context), item: try Self.item(context))
            return WebPages.html(
                WebPages.viewer(story, data: try WebAPI.encode(story)), gzip: WebCompression.accepts(request))
        }
        router.get(WebRoute.Shape.gallery.pattern) { request, _ in
            let number = try Self.pageNumber(request)
            let page = try await site.content.photos.photos(try PageRequest(page: number, limit: 30))
            return WebPages.html(
                try await WebMedia.tagging(page.elements.map(\.downloadURL)) { WebPages.gallery(page, number: number) })
        }
        router.get(WebRoute.Shape.photo.pattern) { _, context in
            guard let id = HTML.decodedSegment(context.parameters.get("photo")) else {
                throw WebError(.badRequest, "The photo id does not decode.")
            }
            let photo = try await site.content.photos.photo(id: PhotoID(id))
            return WebPages.html(try await WebMedia.tagging([photo.downloadURL]) { WebPages.photo(photo) })
        }
        router.get(WebRoute.Shape.memories.pattern) { _, _ in
            // The first year's story, or a page that says there are none today.
            guard let first = try await site.content.memories?.all().first else {
                throw WebError(.notFound, "No memories today: nothing was taken on this day in earlier years.")
            }
            return Response.redirect(to: WebSite.userPath(first.user.id), type: .normal)
        }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent, headers: [.cacheControl: "max-age=86400"]) }
        WebAPI.add(to: router, site: site)
        WebMediaRoutes.add(to: router, site: site)
        WebAssets.add(to: router)
        WebStateWatch.add(to: router, watch: site.watch)
        return router
    }

    /// `?page=N`, checked: a number past any content (or past `Int`) is a page that is not
    /// there (404), anything else not a page number 400.
    static func pageNumber(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("page") else { return 1 }
        if let number = Int(text), (1...PageRequest.maximumPage).contains(number) { return number }
        if !text.isEmpty, text.count <= 1000, text.allSatisfy({ ("0"..."9").contains($0) }),
            text.contains(where: { $0 != "0" })
        {
            throw WebError(.notFound, "There is no page \(text.prefix(40)).")
        }
        throw WebError(.badRequest, "page=\(text.prefix(40)) is not a page: pages are numbered from 1.")
    }

    static func user(_ context: WebContext) throws -> UserID {
        guard let id = HTML.decodedSegment(context.parameters.get("user")) else {
            throw WebError(.badRequest, "The user id does not decode.")
        }
        return UserID(id)
    }

    static func item(_ context: WebContext) throws -> StoryItemID {
        guard let id = HTML.decodedSegment(context.parameters.get("item")) else {
            throw WebError(.badRequest, "The item id does not decode.")
        }
        return StoryItemID(id)
    }
}

/// The guard, with the port known only once the server is bound.
struct HostAndPairing: RouterMiddleware {
    typealias Context = WebContext
    let server: StoriesWebServer
    let port: @Sendable () -> Int

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        let port = port()
        return try await WebGuard<WebContext>(
            hosts: server.hosts(port: port), pairing: server.options.pairing, port: port
        )
        .handle(request, context: context, next: next)
    }
}

/// The port the server is bound to, once it is.
final class BoundPort: Sendable {
    let value = Mutex<Int?>(nil)
}

/// Hummingbird's HTTP/1 channel with ``WebConnections``' guard after NIO's HTTP/1 decoder
/// (a setup that fails closes the connection).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel
    let connections: WebConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connections = connections
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            // Right after NIO's HTTP/1 decoder (Hummingbird pipelines itself: no pipelining handler).
            // A socket buffer of 256 KiB (the kernel's autotuning grows it to 4 MiB, which a
            // client that stops reading holds): 100 such clients of a 20 MB picture cost ~1 MB
            // each instead of ~6, and a phone on a LAN still gets tens of MB a second.
            try channel.syncOptions?.setOption(ChannelOptions.socketOption(.so_sndbuf), value: WebMedia.socketBuffer)
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(connections.handler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
