import FlyingFox
import Foundation
import StoryBase
import StoryInterfaces
import StoryModels

/// The Picsum API as picsum-stub serves it (PRODUCT.md §1): list pages with Link headers and
/// Picsum's quirks, info, id and seed images answered by a 302 to a signed-looking CDN path,
/// plain-text errors; the bundled video clips at `/videos/NAME` (for documents' videos); and
/// faults on demand.
struct PicsumStubServer: Sendable {
    let catalog = StubCatalog()
    let images = StubImages()
    /// Faults for every request (`--fault`), and latency (`--latency`).
    let defaultFault: Fault?
    let defaultLatency: Duration
    /// A folder of extra clips served at `/videos/NAME` before the bundled ones (`--videos`).
    var videos: URL? = nil

    func respond(to request: HTTPRequest, base: String) async -> HTTPResponse {
        let query = request.query
        let latency = query["latency"].flatMap(Self.duration) ?? defaultLatency
        if latency > .zero { try? await Task.sleep(for: latency) }
        let fault = query["fault"].flatMap(Fault.init(rawValue:)) ?? defaultFault
        if let fault, let response = Self.respond(to: fault, path: request.path, query: request.query) {
            return response
        }
        let parts = request.path.split(separator: "/").map(String.init)
        let isHead = request.method == .HEAD
        let response: HTTPResponse
        switch parts.first {
        case "v2" where parts.count == 2 && parts[1] == "list":
            response = list(query: query, base: base)
        case "id" where parts.count == 3 && parts[2] == "info":
            response = info(id: parts[1], base: base)
        case "id" where parts.count >= 3, "seed" where parts.count >= 3:
            response = redirect(kind: parts[0], key: parts[1], size: Array(parts.dropFirst(2)), query: request.query)
        case "cdn" where parts.count == 5:
            response = await image(kind: parts[1], key: parts[2], width: parts[3], height: parts[4], query: query)
        case "videos" where parts.count == 2:
            response = video(named: parts[1])
        default:
            response = Self.text(.notFound, "Not found")
        }
        return isHead ? HTTPResponse(statusCode: response.statusCode, headers: response.headers) : response
    }

    /// `/videos/NAME`: a clip from `--videos DIR`, else a bundled clip (StoryModels'
    /// Resources/videos), for stories documents' video items, as `video/mp4` or `video/webm`;
    /// the faults apply as to everything.
    private func video(named name: String) -> HTTPResponse {
        let extra = videos.map { $0.appendingPathComponent(name) }.flatMap {
            !name.hasPrefix(".") && FileManager.default.fileExists(atPath: $0.path) ? $0 : nil
        }
        guard let url = URL(string: "\(BundledCatalog.scheme)://videos/\(name)"),
            let file = extra ?? BundledCatalog.videoFile(for: url), let body = try? Data(contentsOf: file)
        else { return Self.text(.notFound, "No such video") }
        let type = file.pathExtension == "webm" ? "video/webm" : "video/mp4"
        return HTTPResponse(statusCode: .ok, headers: Self.headers([.contentType: type]), body: body)
    }

    private func list(query: [HTTPRequest.QueryItem], base: String) -> HTTPResponse {
        let page = min(PageRequest.maximumPage, max(1, Int(query["page"] ?? "1") ?? 1))
        let limit = min(100, max(1, Int(query["limit"] ?? "30") ?? 30))
        let start = min(catalog.entries.count, (page - 1) * limit)
        let end = min(catalog.entries.count, start + limit)
        let slice = catalog.entries[start..<end]
        var links: [String] = []
        // Picsum's quirks: page 1 always links on; a full page links on even when it is the last.
        if page == 1 || slice.count == limit {
            links.append("<\(base)/v2/list?page=\(page + 1)&limit=\(limit)>; rel=\"next\"")
        }
        if page > 1 { links.append("<\(base)/v2/list?page=\(page - 1)&limit=\(limit)>; rel=\"prev\"") }
        let body = try! JSONSerialization.data(
            withJSONObject: slice.map { catalog.json($0, base: base) }, options: [.withoutEscapingSlashes])
        var headers = HTTPHeaders()
        headers[.contentType] = "application/json"
        if !links.isEmpty { headers[HTTPHeader("Link")] = links.joined(separator: ", ") }
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }

    private func info(id: String, base: String) -> HTTPResponse {
        guard let entry = catalog.entry(id: id) else { return Self.text(.notFound, "Image does not exist") }
        let body = try! JSONSerialization.data(
            withJSONObject: catalog.json(entry, base: base), options: [.withoutEscapingSlashes])
        return HTTPResponse(statusCode: .ok, headers: Self.headers([.contentType: "application/json"]), body: body)
    }

    /// `/id/{id}/{w}/{h}` or `/seed/{s}/{w}/{h}` (or one side for a square), `.jpg`/`.webp`,
    /// `?grayscale`, `?blur=1..10`: a 302 to a relative, signed-looking CDN path.
    private func redirect(kind: String, key: String, size: [String], query: [HTTPRequest.QueryItem]) -> HTTPResponse {
        guard size.count <= 2 else { return Self.text(.notFound, "Not found") }
        let last = size.last!.split(separator: ".").first.map(String.init) ?? ""
        let sides = (size.count == 2 ? [size[0], last] : [last, last]).map { Int($0) }
        guard let width = sides[0], let height = sides[1], (1...5000).contains(width), (1...5000).contains(height)
        else {
            return Self.text(.badRequest, "Invalid size")
        }
        if kind == "id", catalog.entry(id: key) == nil { return Self.text(.notFound, "Image does not exist") }
        if let blur = query["blur"], !blur.isEmpty, !(1...10).contains(Int(blur) ?? 0) {
            return Self.text(.badRequest, "Invalid blur amount")
        }
        let hash = StableHash.fnv1a("\(kind)/\(key)/\(width)/\(height)")
        let grayscale = query.contains { $0.name == "grayscale" } ? "&grayscale" : ""
        let location = "/cdn/\(kind)/\(key)/\(width)/\(height)?hmac=\(String(hash, radix: 16))\(grayscale)"
        return HTTPResponse(
            statusCode: .found, headers: Self.headers([.location: location, .contentType: "text/plain"]))
    }

    private func image(kind: String, key: String, width: String, height: String, query: [HTTPRequest.QueryItem]) async
        -> HTTPResponse
    {
        guard query["hmac"] != nil, let w = Int(width), let h = Int(height), (1...5000).contains(w),
            (1...5000).contains(h)
        else {
            return Self.text(.badRequest, "Invalid signature")
        }
        do {
            let data = try await images.jpeg(
                key: "\(kind)/\(key)", width: w, height: h, grayscale: query.contains { $0.name == "grayscale" })
            return HTTPResponse(
                statusCode: .ok,
                headers: Self.headers([
                    .contentType: "image/jpeg", HTTPHeader("Cache-Control"): "public, max-age=2592000",
                ]), body: data)
        } catch {
            return Self.text(.internalServerError, "Internal Server Error")
        }
    }

    static func respond(to fault: Fault, path: String, query: [HTTPRequest.QueryItem]) -> HTTPResponse? {
        switch fault {
        case .serverError: return text(.internalServerError, "Internal Server Error")
        case .unavailable: return text(.serviceUnavailable, "Service Unavailable")
        case .tooManyRequests:
            return HTTPResponse(
                statusCode: .tooManyRequests,
                headers: Self.headers([.contentType: "text/plain", HTTPHeader("Retry-After"): "1"]),
                body: Data("Too Many Requests".utf8))
        case .html:
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "text/html"]),
                body: Data("<!DOCTYPE html><html><body>Captive portal</body></html>".utf8))
        case .redirectLoop:
            let again = path + "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            return HTTPResponse(statusCode: .found, headers: Self.headers([.location: again]))
        case .slowBody:
            let bytes = Array("[]".utf8) + Array(repeating: UInt8(ascii: " "), count: 64)
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "application/json"]),
                body: HTTPBodySequence(
                    from: FaultyBody(bytes: bytes, delay: .seconds(1), cutAfter: nil), count: bytes.count))
        case .truncated:
            let bytes = Array(repeating: UInt8(ascii: "x"), count: 4096)
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "image/jpeg"]),
                body: HTTPBodySequence(from: FaultyBody(bytes: bytes, delay: .zero, cutAfter: 1000), count: bytes.count)
            )
        case .reset:
            let bytes = Array(repeating: UInt8(ascii: "x"), count: 100)
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "application/json"]),
                body: HTTPBodySequence(from: FaultyBody(bytes: bytes, delay: .zero, cutAfter: 0), count: bytes.count))
        case .gzipBomb:
            return HTTPResponse(
                statusCode: .ok,
                headers: Self.headers([.contentType: "application/json", HTTPHeader("Content-Encoding"): "gzip"]),
                body: GzipBomb.bytes)
        case .huge:
            let block = [UInt8](repeating: 0, count: 1 << 16)
            let total = 2_147_483_648
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "image/jpeg"]),
                body: HTTPBodySequence(
                    from: GeneratedBody(delay: .zero) { $0 * block.count < total ? block : nil }, count: total,
                    suggestedBufferSize: 1 << 16))
        case .chunked:
            let block = [UInt8](repeating: UInt8(ascii: "A"), count: 1 << 16)
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "image/jpeg"]),
                body: HTTPBodySequence(
                    from: GeneratedBody(delay: .zero) { $0 < 3200 ? block : nil }, suggestedBufferSize: 1 << 16))
        case .drip:
            let block = [UInt8](repeating: UInt8(ascii: " "), count: 100)
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "application/json"]),
                body: HTTPBodySequence(
                    from: GeneratedBody(delay: .seconds(1)) { $0 < 1000 ? block : nil }, count: 100_000))
        case .longRetryAfter:
            return HTTPResponse(
                statusCode: .tooManyRequests,
                headers: Self.headers([.contentType: "text/plain", HTTPHeader("Retry-After"): "100000"]),
                body: Data("Too Many Requests".utf8))
        case .hugeList:
            let perChunk = 1000
            let elements = 1_000_000
            return HTTPResponse(
                statusCode: .ok, headers: Self.headers([.contentType: "application/json"]),
                body: HTTPBodySequence(
                    from: GeneratedBody(delay: .zero) { index in
                        guard index * perChunk < elements else { return nil }
                        var text = index == 0 ? "[" : ","
                        text += (index * perChunk..<(index + 1) * perChunk).map { id in
                            #"{"id":"\#(id)","author":"Big List","width":100,"height":100,"url":"https://example.com/\#(id)","download_url":"https://example.com/\#(id).jpg"}"#
                        }.joined(separator: ",")
                        if (index + 1) * perChunk >= elements { text += "]" }
                        return Array(text.utf8)
                    }, suggestedBufferSize: 1 << 16))
        }
    }

    static func headers(_ pairs: KeyValuePairs<HTTPHeader, String>) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in pairs { headers[name] = value }
        return headers
    }

    static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: Self.headers([.contentType: "text/plain"]), body: Data(message.utf8))
    }

    static func duration(_ text: String) -> Duration? {
        if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) { return .milliseconds(value) }
        if text.hasSuffix("s"), let value = Double(text.dropLast()) { return .milliseconds(Int64(value * 1000)) }
        return Int(text).map { .milliseconds($0) }
    }
}
