import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StoryBase

/// The viewer's two ES modules and the style sheet: files under Resources/ (linted and
/// unit-tested as files: `node --test`), compiled into the program (`.embedInCode`: an
/// installed binary serves them without its build folder), served at fingerprinted names
/// `immutable`. The script's import of the step module is rewritten to its fingerprinted name.
enum WebAssets {
    static let step = String(decoding: PackageResources.viewer_step_js, as: UTF8.self)
    static let stepPath = "/assets/viewer-step.\(fingerprint(step)).js"
    static let script = String(decoding: PackageResources.stories_js, as: UTF8.self)
        .replacing("import('./viewer-step.js')", with: "import('\(stepPath)')")
    static let scriptPath = "/assets/stories.\(fingerprint(script)).js"
    static let style = String(decoding: PackageResources.stories_css, as: UTF8.self)
    static let stylePath = "/assets/stories.\(fingerprint(style)).css"

    /// A 16-hex-digit digest of `text` (FNV-1a: a cache key, not a secret).
    static func fingerprint(_ text: String) -> String {
        let hex = String(StableHash.fnv1a(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Each file by its path: its bytes, gzipped once, and its type.
    static let files: [String: (body: ByteBuffer, gzipped: ByteBuffer?, type: String)] = {
        var files: [String: (body: ByteBuffer, gzipped: ByteBuffer?, type: String)] = [:]
        for (path, text, type) in [
            (scriptPath, script, "text/javascript; charset=utf-8"), (stepPath, step, "text/javascript; charset=utf-8"),
            (stylePath, style, "text/css; charset=utf-8"),
        ] {
            let body = ByteBuffer(string: text)
            files[path] = (body, WebCompression.gzip(body), type)
        }
        return files
    }()

    static func add(to router: Router<WebContext>) {
        router.get("/assets/:file") { request, context in
            guard let file = files["/assets/" + (context.parameters.get("file") ?? "")] else {
                throw WebError(
                    .notFound, "There is no such file (the page that named it is older than this server: reload it).")
            }
            return WebCompression.respond(
                file.body, gzipped: file.gzipped, gzip: WebCompression.accepts(request),
                headers: [.contentType: file.type, .cacheControl: "public, max-age=31536000, immutable"])
        }
    }
}
