import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StoryBase
import StoryInterfaces
import StoryModels

/// The media routes. A URL names an id and a version tag, never a path: the file or URL is
/// the content's own for that id, found by lookup. Pictures come through the source's image
/// loader (its disk cache); clips are read from their local file, by range.
enum WebMediaRoutes {
    static func add(to router: Router<WebContext>, site: WebSite) {
        let content = site.content
        router.get("/media/item/:user/:item/:file") { request, context in
            let item = try await site.item(try StoriesWebServer.item(context), of: try StoriesWebServer.user(context))
            let file = try await Self.file(context, of: item.media.url)
            if item.media.isVideo {
                return try await Self.clip(
                    item.media.url, tag: file.tag, request: request, context: context, content: content,
                    ext: WebMedia.clipExtension(item.media.url))
            }
            return try await Self.picture(item.media.url, width: file.width, context: context, content: content)
        }
        router.get("/media/poster/:user/:item/:file") { _, context in
            let item = try await site.item(try StoriesWebServer.item(context), of: try StoriesWebServer.user(context))
            guard case .video(_, _, let poster?) = item.media else {
                throw WebError(.notFound, "This item has no poster.")
            }
            let file = try await Self.file(context, of: poster)
            return try await Self.picture(poster, width: file.width, context: context, content: content)
        }
        router.get("/media/avatar/:user/:file") { _, context in
            let story = try await site.story(for: try StoriesWebServer.user(context))
            guard let avatar = story.user.avatarURL else { throw WebError(.notFound, "This user has no picture.") }
            let file = try await Self.file(context, of: avatar)
            return try await Self.picture(avatar, width: file.width, context: context, content: content)
        }
        router.get("/media/photo/:photo/:file") { _, context in
            guard let id = HTML.decodedSegment(context.parameters.get("photo")) else {
                throw WebError(.notFound, "There is no such picture.")
            }
            let photo = try await content.photos.photo(id: PhotoID(id))
            let file = try await Self.file(context, of: photo.downloadURL)
            let width = file.width ?? WebPictures.widths.last!
            let height = photo.width > 0 ? Int(Int64(width) * Int64(photo.height) / Int64(photo.width)) : width
            // The source's own size for that width when it makes one (Picsum), then ours.
            let source = content.photos.imageURL(for: photo, width: width, height: max(1, min(height, 1 << 16)))
            return try await Self.picture(source, width: width, context: context, content: content)
        }
    }

    static let changed = WebError(.notFound, "This picture has changed since the page was made: reload the page.")

    /// The file name's version tag checked against the source's (`url`'s tag, made on the
    /// bounded pool for a local file), and the width asked.
    static func file(_ context: WebContext, of url: URL?) async throws -> (tag: String, width: Int?) {
        guard let file = WebPictures.parse(context.parameters.get("file") ?? "") else {
            throw WebError(.notFound, "There is no picture at that width (widths: \(WebPictures.widths)).")
        }
        guard file.tag == (try await WebMedia.tagging([url]) { WebMedia.tag(url) }) else { throw changed }
        return file
    }

    /// Private media: kept by the browser for a year (the URL carries its version), never by a
    /// shared cache.
    static let mediaCache = "private, max-age=31536000, immutable"

    /// A picture at `width` when it is wider (made once, then kept in the picture cache), its
    /// type from its bytes. A local file that needs no resizing streams from disk in chunks
    /// (never read whole); any other comes through the source's loader.
    static func picture(_ url: URL, width: Int?, context: WebContext, content: WebContent) async throws -> Response {
        let key = width.map { WebPictures.key(url, width: $0) }
        if let key, let cache = content.pictureCache, let kept = try await BlockingWork.files.run({ cache.load(key) }) {
            return try bytes(kept)
        }
        if url.isFileURL, let local = try await BlockingWork.files.run({ LocalPicture(url.path) }),
            width.map({ local.width <= $0 }) ?? true
        {
            let body = try await FileIO().loadFile(path: url.path, context: context, chunkLength: WebMedia.chunk)
            return Response(
                status: .ok,
                headers: [.contentType: local.type, .cacheControl: mediaCache, .contentLength: "\(local.size)"],
                body: body)
        }
        var data: Data
        do {
            data = try await content.images(url)
        } catch {
            throw WebError(.badGateway, "The picture could not be loaded (\(WebMedia.describe(error))).")
        }
        if let width, let key {
            let original = data
            if let smaller = await BlockingWork.resizing.run({ WebPictures.resized(original, width: width) }) {
                data = smaller
                if let cache = content.pictureCache { try await BlockingWork.files.run { cache.store(smaller, key) } }
            }
        }
        return try bytes(data)
    }

    private static func bytes(_ data: Data) throws -> Response {
        guard let type = WebMedia.pictureType(data) else {
            throw WebError(.unsupportedMediaType, "This picture is in a format the page cannot show.")
        }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: mediaCache],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A clip from its local file, streamed in chunks with backpressure: the whole of it (200),
    /// or the range asked (206) unless `If-Range` names another version, or 416.
    static func clip(
        _ url: URL, tag: String, request: Request, context: WebContext, content: WebContent, ext: String
    ) async throws -> Response {
        guard let file = content.clipFile(url) else {
            throw WebError(.notFound, "This clip is not on this machine, so the web viewer cannot serve it.")
        }
        let size = try await BlockingWork.files.run { () throws(WebError) -> Int in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = (attributes[.size] as? NSNumber)?.intValue, size <= WebMedia.maximumClipBytes
            else { throw WebError(.notFound, "The clip cannot be read: it is not a regular file of at most 2 GiB.") }
            return size
        }
        let etag = "\"\(tag)\""
        var headers: HTTPFields = [
            .contentType: WebMedia.clipType(ext), .acceptRanges: "bytes", .cacheControl: mediaCache, .eTag: etag,
        ]
        // If-Range with another version: the whole (new) file, not a piece of it.
        let range = request.headers[.ifRange].map { $0 == etag } ?? true ? request.headers[.range] : nil
        switch WebMedia.range(range, size: size) {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .whole:
            headers[.contentLength] = "\(size)"
            guard size > 0 else { return Response(status: .ok, headers: headers) }
            return Response(
                status: .ok, headers: headers,
                body: try await FileIO().loadFile(path: file.path, context: context, chunkLength: WebMedia.chunk))
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            headers[.contentLength] = "\(part.count)"
            return Response(
                status: .partialContent, headers: headers,
                body: try await FileIO().loadFile(
                    path: file.path, range: part, context: context, chunkLength: WebMedia.chunk))
        }
    }
}

/// A local picture's type and size, from its first bytes (nil when it is not one the page shows).
struct LocalPicture: Sendable {
    var type: String
    var width: Int
    var size: Int

    init?(_ path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue,
            let head = try? BoundedFile.head(of: path, count: PictureHeader.headBytes),
            let type = WebMedia.pictureType(head)
        else { return nil }
        self.type = type
        self.size = size
        width = PictureHeader.size(of: head)?.width ?? Int.max
    }
}
