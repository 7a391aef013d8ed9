import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Pages, the script, the style and JSON go out gzipped to a browser that accepts it: a tray
/// page is a sixth of its size on a phone's network. Compressed once where the answer is kept
/// (the assets, ``WebPageCache``'s pages), per answer for the viewer's page; pictures and clips
/// (compressed already, ranges of a file) and server-sent events never. A gzipped answer's
/// ETag is weak (the same bytes before it: the guard's 304 accepts it either way) and every
/// answer that may be gzipped says `Vary: Accept-Encoding`.
enum WebCompression {
    /// `bytes` gzipped, nil when that is no smaller.
    static func gzip(_ bytes: ByteBuffer) -> ByteBuffer? {
        var input = bytes
        guard let output = try? input.compress(with: .gzip()), output.readableBytes < bytes.readableBytes else {
            return nil
        }
        return output
    }

    /// Whether the request's `Accept-Encoding` takes gzip (`gzip` or `x-gzip`, not with `q=0`).
    static func accepts(_ request: Request) -> Bool {
        guard let field = request.headers[.acceptEncoding] else { return false }
        return field.split(separator: ",").contains { coding in
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "x-gzip" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }

    /// `body` as the answer for a request that does (`gzip`) or does not take gzip: the
    /// compressed bytes (when given) with their headers, else the bytes as they are.
    static func respond(
        _ body: ByteBuffer, gzipped: ByteBuffer?, gzip: Bool, headers: HTTPFields, tag: String? = nil
    ) -> Response {
        var headers = headers
        headers[.vary] = "Accept-Encoding"
        if gzip, let gzipped {
            headers[.contentEncoding] = "gzip"
            if let tag { headers[.eTag] = "W/" + tag }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped))
        }
        if let tag { headers[.eTag] = tag }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}
