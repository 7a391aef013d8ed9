import Foundation
import HTTPTypes
import Hummingbird
import StoryBase
import StoryInterfaces
import StoryModels
import StoryNavigation

/// The pages, rendered on the server: every one works without JavaScript; the module adds
/// gestures and the timer. Everything from content goes through ``HTML``.
enum WebPages {
    /// A page; a 200 carries an ETag of its bytes (the guard answers 304 to a browser that has them).
    static let htmlType = "text/html; charset=utf-8"

    static func html(
        _ body: String, status: HTTPResponse.Status = .ok, cache: String = "no-cache", gzip: Bool = false
    ) -> Response {
        let headers: HTTPFields = [.contentType: htmlType, .cacheControl: cache]
        let bytes = ByteBuffer(string: body)
        guard status == .ok else { return Response(status: status, headers: headers, body: .init(byteBuffer: bytes)) }
        return WebCompression.respond(
            bytes, gzipped: gzip ? WebCompression.gzip(bytes) : nil, gzip: gzip, headers: headers,
            tag: "\"\(WebAssets.fingerprint(body))\"")
    }

    static func layout(title: String, bodyClass: String, _ content: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
        <meta name="color-scheme" content="dark light">
        <title>\(HTML.escape(title))</title>
        <link rel="stylesheet" href="\(WebAssets.stylePath)">
        \(bodyClass == "viewer-page" ? "<link rel=\"modulepreload\" href=\"\(WebAssets.stepPath)\">\n" : "")\
        <script type="module" src="\(WebAssets.scriptPath)"></script>
        </head><body class="\(bodyClass)">
        \(content)
        <script type="application/json" id="stories-rules">\(WebRules.block)</script>
        </body></html>
        """
    }

    // MARK: - Tray

    static func tray(_ page: Page<TrayEntry>, number: Int) -> String {
        var users = ""
        for (index, entry) in page.elements.enumerated() {
            let user = entry.story.user
            let avatarPath = WebSite.avatarPath(user)
            let ring = entry.isMuted ? "muted" : entry.ring.rawValue
            let avatar =
                user.avatarURL == nil
                ? "<span class=\"avatar initial\" aria-hidden=\"true\">\(HTML.escape(String(user.name.prefix(1))))</span>"
                : "<img class=\"avatar\" src=\"\(WebSite.sized(avatarPath, 160))\" srcset=\"\(WebSite.srcset(avatarPath, widths: [160, 360]))\" sizes=\"72px\" alt=\"\" width=\"72\" height=\"72\" decoding=\"async\"\(index < 6 ? " fetchpriority=\"high\"" : index >= 15 ? " loading=\"lazy\"" : "")>"
            let state =
                entry.isMuted
                ? "muted" : entry.ring == .seen ? "all seen" : "\(entry.story.items.count - entry.seenItems) new"
            users += """
                <li><a class="user ring-\(ring)" data-user-id="\(HTML.escape(user.id.rawValue))" href="\(WebSite.userPath(user.id))">\
                \(avatar)<span class="name" title="\(HTML.escape(user.name))">\(HTML.escape(Self.shownName(user.name)))</span><span class="state">\(state)</span></a></li>

                """
        }
        if page.elements.isEmpty { users = "<li class=\"empty\">No stories yet.</li>" }
        var pages = ""
        if number > 1 { pages += "<a rel=\"prev\" href=\"\(WebRoute.tray(page: number - 1).path)\">Newer</a> " }
        if let next = page.nextPage {
            pages += "<a rel=\"next\" href=\"\(WebRoute.tray(page: next).path)\">More people</a>"
        }
        return layout(
            title: "Stories", bodyClass: "tray-page",
            """
            <header class="bar"><h1>Stories</h1><nav><a href="\(WebRoute.gallery(page: 1).path)">Gallery</a></nav></header>
            <main class="tray" data-tray data-page="\(number)"><ul class="users">
            \(users)</ul>
            <nav class="pages">\(pages)</nav></main>
            """)
    }

    /// A name as the tray's 88 px show it (about 12 characters): a path keeps its last parts
    /// (`…/porto/day1`), as the terminal's tray does (``PathName``).
    static func shownName(_ name: String) -> String {
        PathName.shortened(
            name, width: 12, measure: { $0.count }, truncate: { String($0.prefix(max(0, $1 - 1))) + "…" })
    }

    // MARK: - Viewer

    static func viewer(_ story: StoryPage, data: Data) -> String {
        let item = story.items[story.start]
        let count = story.items.count
        var bars = ""
        for other in story.items {
            let done = other.index < item.index ? 100 : 0
            bars +=
                "<div class=\"seg\(done == 100 ? " done" : "")\" role=\"progressbar\" aria-label=\"Item \(other.index + 1) of \(count)\" aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"\(done)\"><i></i></div>"
        }
        let name = HTML.escape(story.user.name)
        let description = HTML.escape(item.alt ?? item.caption ?? "Item \(item.index + 1) of \(count)")
        let media =
            item.type == "video"
            ? "<video class=\"media\" src=\"\(item.src)\"\(item.poster.map { " poster=\"\($0)\"" } ?? "") playsinline muted controls preload=\"metadata\" aria-label=\"\(description)\"></video>"
            : "<img class=\"media\" src=\"\(item.src)\" srcset=\"\(item.srcset ?? "")\" sizes=\"100vw\" fetchpriority=\"high\" alt=\"\(description)\">"
        let caption = item.caption.map { "<p class=\"caption\">\(HTML.escape($0))</p>" } ?? ""
        let link =
            item.link.map {
                "<a class=\"link\" href=\"\(HTML.escape($0))\" rel=\"noopener noreferrer\" target=\"_blank\">Open link</a>"
            } ?? ""
        let base = HTML.escape(item.url)
        let posted =
            item.postedAt.map { "<time datetime=\"\($0.formatted(.iso8601))\">\(item.age ?? "")</time>" } ?? ""
        return layout(
            title: "\(story.user.name) — Stories", bodyClass: "viewer-page",
            """
            <main class="viewer" data-viewer data-user-id="\(HTML.escape(story.user.id))" data-item-id="\(HTML.escape(item.id))" data-index="\(item.index)" data-count="\(count)">
            <div class="bars">\(bars)</div>
            <header class="who"><a class="close" href="/" aria-label="Close">✕</a>\
            \(story.user.avatar.map { "<img class=\"avatar\" src=\"\($0)\" alt=\"\" width=\"32\" height=\"32\">" } ?? "")\
            <span class="name">\(name)</span> \(posted)</header>
            <div class="stage">\(media)</div>
            <p class="status" role="status" aria-live="polite">\(name), \(item.index + 1) of \(count)</p>
            <footer class="chrome">\(caption)\(link)
            <nav class="moves"><a class="prev" href="\(HTML.escape(item.moves["previous"] ?? "/"))">Previous</a>\
            <a class="next" href="\(HTML.escape(item.moves["next"] ?? "/"))">Next</a></nav>
            <form class="like" method="post" action="\(base)/like"><button type="submit" aria-pressed="\(item.liked)">\(item.liked ? "♥ Liked" : "♡ Like")</button></form>
            <form class="mute" method="post" action="\(base)/mute"><button type="submit" aria-pressed="\(story.user.muted)">\(story.user.muted ? "Unmute" : "Mute")</button></form>
            </footer>
            <noscript><img class="beacon" src="\(base)/seen.gif" alt=""></noscript>
            <script type="application/json" id="story-data">\(HTML.scriptJSON(data))</script>
            </main>
            """)
    }

    // MARK: - Gallery

    static func gallery(_ page: Page<Photo>, number: Int) -> String {
        var cells = ""
        for photo in page.elements {
            cells += """
                <li><a href="\(WebRoute.photo(photo.id).path)"><img src="\(WebSite.photoPath(photo).dropLast(4))-360.img" \
                srcset="\(WebSite.srcset(WebSite.photoPath(photo)))" sizes="34vw" alt="Photo by \(HTML.escape(photo.author))" loading="lazy" width="180" height="180"></a></li>

                """
        }
        if page.elements.isEmpty { cells = "<li class=\"empty\">No photos.</li>" }
        var pages = ""
        if number > 1 {
            pages += "<a rel=\"prev\" href=\"\(WebRoute.gallery(page: number - 1).path)\">Previous page</a> "
        }
        if let next = page.nextPage {
            pages += "<a rel=\"next\" class=\"more\" href=\"\(WebRoute.gallery(page: next).path)\">More photos</a>"
        }
        return layout(
            title: "Gallery — Stories", bodyClass: "gallery-page",
            """
            <header class="bar"><a href="/" aria-label="Back to stories">←</a><h1>Gallery</h1></header>
            <main class="gallery" data-gallery data-page="\(number)"><ul class="grid">
            \(cells)</ul>
            <nav class="pages">\(pages)</nav></main>
            """)
    }

    static func photo(_ photo: Photo) -> String {
        let original =
            HTML.safeLink(photo.url).map {
                "<a href=\"\(HTML.escape($0))\" rel=\"noopener noreferrer\" target=\"_blank\">Original</a>"
            } ?? ""
        // As the terminal's detail says it: the size, when it was taken, the file's name (a
        // local path never leaves the machine).
        var parts: [String] = []
        if photo.width > 0 { parts.append("\(photo.width) × \(photo.height)") }
        if let taken = photo.takenAt {
            parts.append("taken <time datetime=\"\(taken.formatted(.iso8601))\">\(PhotoDates.text(taken))</time>")
        }
        if photo.url.isFileURL {
            parts.append("<span class=\"file\">\(HTML.escape(photo.url.lastPathComponent))</span>")
        }
        let details = parts.joined(separator: " · ")
        return layout(
            title: "Photo by \(photo.author) — Stories", bodyClass: "photo-page",
            """
            <header class="bar"><a href="\(WebRoute.gallery(page: 1).path)" aria-label="Back to the gallery">←</a><h1>Photo by \(HTML.escape(photo.author))</h1></header>
            <main class="photo" data-photo-id="\(HTML.escape(photo.id.rawValue))">
            <img src="\(WebSite.photoPath(photo).dropLast(4))-1080.img" srcset="\(WebSite.srcset(WebSite.photoPath(photo)))" sizes="100vw" alt="Photo by \(HTML.escape(photo.author))">
            <p class="details">\(details)\(original.isEmpty ? "" : " · " + original)</p></main>
            """)
    }

    // MARK: - Errors

    static func errorPage(_ error: WebError) -> String {
        layout(
            title: "\(error.status.code) — Stories", bodyClass: "error-page",
            """
            <main class="error"><h1>\(error.status.code) \(HTML.escape(error.status.reasonPhrase))</h1>
            <p>\(HTML.escape(error.message))</p><p><a href="/">Back to the stories</a></p></main>
            """)
    }
}
