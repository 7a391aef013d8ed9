import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StoryBase
import StoryInterfaces
import StoryModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The media routes. A URL names an id and a version tag, never a path: the file or URL is
/// the content's own for that id, found by lookup. Pictures come through the source's image
/// loader (its disk cache); clips are read from their local file, by range.
enum WebMediaRoutes {
    static func add(to router: Router<WebContext>, site: WebSite) {
        let content = site.content
        router.get("/media/item/:item/:file") { request, context in
            let id = try StoriesWebServer.item(context)
            let item = try await Self.item(id, in: content)
            let file = try Self.file(context, tag: WebMedia.tag(item.media.url))
            if item.media.isVideo {
                return try await Self.clip(
                    item.media.url, request: request, content: content, ext: WebMedia.clipExtension(item.media.url))
            }
            return try await Self.picture(item.media.url, width: file.width, content: content)
        }
        router.get("/media/poster/:item/:file") { _, context in
            let item = try await Self.item(try StoriesWebServer.item(context), in: content)
            guard case .video(_, _, let poster?) = item.media else {
                throw WebError(.notFound, "This item has no poster.")
            }
            let file = try Self.file(context, tag: WebMedia.tag(poster))
            return try await Self.picture(poster, width: file.width, content: content)
        }
        router.get("/media/avatar/:user/:file") { _, context in
            let story = try await content.stories.story(for: try StoriesWebServer.user(context))
            guard let avatar = story.user.avatarURL else { throw WebError(.notFound, "This user has no picture.") }
            let file = try Self.file(context, tag: WebMedia.tag(avatar))
            return try await Self.picture(avatar, width: file.width, content: content)
        }
        router.get("/media/photo/:photo/:file") { _, context in
            guard let id = HTML.decodedSegment(context.parameters.get("photo")) else {
                throw WebError(.notFound, "There is no such picture.")
            }
            let photo = try await content.photos.photo(id: PhotoID(id))
            let file = try Self.file(context, tag: WebMedia.tag(photo.downloadURL))
            let width = file.width ?? WebPictures.widths.last!
            let height = photo.width > 0 ? width * photo.height / photo.width : width
            // The source's own size for that width when it makes one (Picsum), then ours.
            let source = content.photos.imageURL(for: photo, width: width, height: max(1, height))
            return try await Self.picture(source, width: width, content: content)
        }
    }

    static let changed = WebError(.notFound, "This picture has changed since the page was made: reload the page.")

    /// The file name's version tag checked against the source's, and the width asked.
    static func file(_ context: WebContext, tag: String) throws -> (tag: String, width: Int?) {
        guard let file = WebPictures.parse(context.parameters.get("file") ?? "") else {
            throw WebError(.notFound, "There is no picture at that width (widths: \(WebPictures.widths)).")
        }
        guard file.tag == tag else { throw changed }
        return file
    }

    static func item(_ id: StoryItemID, in content: WebContent) async throws -> StoryItem {
        let places = try await content.stories.locate([id])
        guard let place = places[id] else { throw StoryContentError.unknownItem(id) }
        let story = try await content.stories.story(for: place.user)
        guard let item = story.items.first(where: { $0.id == id }) else { throw StoryContentError.unknownItem(id) }
        return item
    }

    /// A picture, from the source's loader, at `width` when it is wider (made once, then kept
    /// in the picture cache), its type from its bytes; `immutable` (its URL carries its version).
    static func picture(_ url: URL, width: Int?, content: WebContent) async throws -> Response {
        let key = width.map { WebPictures.key(url, width: $0) }
        var data: Data
        if let key, let cache = content.pictureCache, let kept = await files.run({ cache.load(key) }) {
            data = kept
        } else {
            do {
                data = try await content.images(url)
            } catch {
                throw WebError(.badGateway, "The picture could not be loaded: \(error)")
            }
            let original = data
            if let width, let key, let smaller = await resizing.run({ WebPictures.resized(original, width: width) }) {
                data = smaller
                if let cache = content.pictureCache { await files.run { cache.store(smaller, key) } }
            }
        }
        guard let type = WebMedia.pictureType(data) else {
            throw WebError(.unsupportedMediaType, "This picture is in a format the page cannot show.")
        }
        return Response(
            status: .ok,
            headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Disk work (the picture cache, clips' files), off the cooperative pool.
    static let files = BlockingQueue(label: "stories.web.files")
    /// Resizing pictures (CPU for tens of milliseconds), one at a time, off the cooperative pool.
    static let resizing = BlockingQueue(label: "stories.web.resize")

    /// A clip from its local file: the whole of it, or the range asked (206), or 416 — opened
    /// and read on ``files``.
    static func clip(_ url: URL, request: Request, content: WebContent, ext: String) async throws -> Response {
        try await files.run { try clipFromDisk(url, range: request.headers[.range], content: content, ext: ext) }
    }

    private static func clipFromDisk(_ url: URL, range: String?, content: WebContent, ext: String) throws -> Response {
        guard let file = content.clipFile(url) else {
            throw WebError(.notFound, "This clip is not on this machine, so the web viewer cannot serve it.")
        }
        let opened: (descriptor: Int32, size: Int)
        do {
            opened = try BoundedFile.open(file.path, limit: WebMedia.maximumClipBytes)
        } catch {
            throw WebError(.notFound, "The clip cannot be read: \(error.reason).")
        }
        defer { close(opened.descriptor) }
        var headers: HTTPFields = [
            .contentType: WebMedia.clipType(ext), .acceptRanges: "bytes",
            .cacheControl: "public, max-age=31536000, immutable",
        ]
        switch WebMedia.range(range, size: opened.size) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(opened.size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole:
            guard opened.size > 0 else { return Response(status: .ok, headers: headers) }
            let range = 0...(opened.size - 1)
            if range.count > WebMedia.maximumRangeBytes {
                // Too large for one answer: the first part, as a range (browsers ask on).
                let part = 0...(WebMedia.maximumRangeBytes - 1)
                headers[.contentRange] = "bytes 0-\(part.upperBound)/\(opened.size)"
                return Response(
                    status: .partialContent, headers: headers,
                    body: .init(byteBuffer: ByteBuffer(bytes: try WebMedia.read(opened.descriptor, part))))
            }
            return Response(
                status: .ok, headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: try WebMedia.read(opened.descriptor, range))))
        case .part(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(opened.size)"
            return Response(
                status: .partialContent, headers: headers,
                body: .init(byteBuffer: ByteBuffer(bytes: try WebMedia.read(opened.descriptor, range))))
        }
    }
}
