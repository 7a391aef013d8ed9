import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StoryBase

/// The one ES module and the one style sheet, inside the program (an installed binary serves
/// them without its build folder), at fingerprinted names served `immutable`.
enum WebAssets {
    static let scriptPath = "/assets/stories.\(fingerprint(script)).js"
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
