import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The one ES module and the one style sheet, inside the program (an installed binary serves
/// them without its build folder), at fingerprinted names served `immutable`.
enum WebAssets {
    static let scriptPath = "/assets/stories.\(fingerprint(script)).js"
    static let stylePath = "/assets/stories.\(fingerprint(style)).css"

    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
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
