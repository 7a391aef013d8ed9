import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StateSync
import StoryInterfaces
import StoryModels
import StoryNavigation

/// The JSON API (PRODUCT.md §10) and the forms the pages post without JavaScript. Every write
/// checks its ids against the content and goes through the one store.
enum WebAPI {
    /// The most item ids one seen batch takes.
    static let maximumBatch = 200

    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encode(value))))
    }

    struct SeenBatch: Decodable {
        /// Whose items they are (the page's script says; without it they are looked for in
        /// every story, page by page).
        var user: String?
        var items: [String]
    }

    struct SeenAnswer: Encodable {
        var seen: Int
        /// The ids skipped: in no story (of the user given).
        var unknown: [String]
    }

    /// `/api/tray`'s answer: the tray page as `stories tray --json` says it, avatars as this
    /// server's URLs (a source's own, a local file's path, never leaves it).
    static func trayReport(site: WebSite, page number: Int) async throws -> Data {
        let page = try await site.tray(page: number)
        let users = try await WebMedia.tagging(page.elements.map(\.story.user.avatarURL)) {
            page.elements.map { entry in
                var user = TrayReport.User(entry)
                user.avatar = entry.story.user.avatarURL.map { _ in
                    WebSite.sized(WebSite.avatarPath(entry.story.user), 160)
                }
                return user
            }
        }
        return try encode(
            TrayReport(
                source: site.content.stories.sourceName, fallback: nil, page: number, next: page.nextPage,
                users: users))
    }

    static func add(to router: Router<WebContext>, site: WebSite) {
        let content = site.content
        router.get(WebRoute.Shape.apiTray.pattern) { request, _ in
            let number = try StoriesWebServer.pageNumber(request)
            return try await site.pages.answer(
                "api tray \(number)", type: "application/json", cache: "no-store", gzip: WebCompression.accepts(request)
            ) {
                try await trayReport(site: site, page: number)
            }
        }
        router.get(WebRoute.Shape.apiUser.pattern) { request, context in
            let item = request.uri.queryParameters.get("item").map { StoryItemID(String($0)) }
            let user = try StoriesWebServer.user(context)
            // The key names both ids, each in full (a user "a b" never meets user "a" item "b").
            let key = "user \(user.rawValue.utf8.count) \(user.rawValue) \(item?.rawValue ?? "")"
            return try await site.pages.answer(
                key, type: "application/json", cache: "no-store", gzip: WebCompression.accepts(request)
            ) {
                try encode(try await site.storyPage(user: user, item: item))
            }
        }
        router.get(WebRoute.Shape.apiState.pattern) { _, _ in
            var report = StateReport(try await content.store.summary())
            if let status = try await (content.store as? any SharedStateStoring)?.syncStatus() {
                report.sync = StateReport.Sync(pending: status.pending, lastSync: status.lastSync?.formatted(.iso8601))
            }
            return try json(report)
        }
        router.post(WebRoute.Shape.apiSeen.pattern) { request, context in
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            guard let batch = try? JSONDecoder().decode(SeenBatch.self, from: Data(body.readableBytesView)) else {
                throw WebError(.badRequest, #"The body is not {"items":["item id", …]}."#)
            }
            guard batch.items.count <= maximumBatch else {
                throw WebError(.contentTooLarge, "At most \(maximumBatch) items per batch.")
            }
            let ids = batch.items.map { StoryItemID($0) }
            // Items no longer in the story (or never) are skipped and named; the rest are kept.
            var marks: [SeenMark] = []
            var unknown: [String] = []
            if let user = batch.user.map({ UserID($0) }) {
                let story = try await site.story(for: user)
                let indices = Dictionary(
                    story.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
                for id in ids {
                    if let index = indices[id] {
                        marks.append(SeenMark(item: id, user: user, index: index))
                    } else {
                        unknown.append(id.rawValue)
                    }
                }
            } else {
                for id in ids {
                    if let place = try? await content.stories.locate([id])[id] {
                        marks.append(SeenMark(item: id, user: place.user, index: place.index))
                    } else {
                        unknown.append(id.rawValue)
                    }
                }
            }
            try await content.store.markSeen(marks)
            return try json(SeenAnswer(seen: marks.count, unknown: unknown))
        }
        for method in [HTTPRequest.Method.put, .delete] {
            router.on(WebRoute.Shape.apiLike.pattern, method: method) { _, context in
                let item = try StoriesWebServer.item(context)
                _ = try await content.stories.locate([item])
                try await content.store.setLiked(item, method == .put)
                return try json(["item": item.rawValue, "liked": method == .put ? "true" : "false"])
            }
            router.on(WebRoute.Shape.apiMute.pattern, method: method) { _, context in
                let user = try StoriesWebServer.user(context)
                _ = try await content.stories.story(for: user)
                try await content.store.setMuted(user, method == .put)
                return try json(["user": user.rawValue, "muted": method == .put ? "true" : "false"])
            }
        }
        // Without JavaScript: the like and mute forms, and the seen beacon in <noscript>.
        router.post(WebRoute.Shape.likeForm.pattern) { _, context in
            let story = try await site.storyPage(
                user: try StoriesWebServer.user(context), item: try StoriesWebServer.item(context))
            let item = story.items[story.start]
            try await content.store.setLiked(StoryItemID(item.id), !item.liked)
            return Response.redirect(to: item.url, type: .found)
        }
        router.post(WebRoute.Shape.muteForm.pattern) { _, context in
            let story = try await site.storyPage(
                user: try StoriesWebServer.user(context), item: try StoriesWebServer.item(context))
            try await content.store.setMuted(UserID(story.user.id), !story.user.muted)
            return Response.redirect(to: story.items[story.start].url, type: .found)
        }
        router.get(WebRoute.Shape.seenBeacon.pattern) { request, context in
            // A GET that writes: only our own page's <img> may (an image request carries
            // Sec-Fetch-Site; a cross-site one is refused like any write).
            guard WebGuard<WebContext>.isSameOrigin(request)
            else {
                throw WebError(.forbidden, "Cross-site requests cannot mark items seen.")
            }
            let user = try StoriesWebServer.user(context)
            let item = try StoriesWebServer.item(context)
            let places = try await content.stories.locate([item])
            guard let place = places[item], place.user == user else { throw StoryContentError.unknownItem(item) }
            try await content.store.markSeen(item, user: user, index: place.index)
            return Response(
                status: .ok, headers: [.contentType: "image/gif", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: transparentGIF)))
        }
    }

    /// A 1×1 transparent GIF.
    static let transparentGIF: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]
}
