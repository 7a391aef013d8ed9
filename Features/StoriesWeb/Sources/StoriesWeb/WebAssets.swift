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

    static func add(to router: Router<WebContext>) {
        router.get("/assets/:file") { _, context in
            let path = "/assets/" + (context.parameters.get("file") ?? "")
            let (body, type): (String, String)
            switch path {
            case scriptPath: (body, type) = (script, "text/javascript; charset=utf-8")
            case stepPath: (body, type) = (step, "text/javascript; charset=utf-8")
            case stylePath: (body, type) = (style, "text/css; charset=utf-8")
            default:
                throw WebError(
                    .notFound, "There is no such file (the page that named it is older than this server: reload it).")
            }
            return Response(
                status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: ByteBuffer(string: body)))
        }
    }
}
