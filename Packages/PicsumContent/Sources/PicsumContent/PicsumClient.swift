public import Foundation
import StoryBase
public import StoryInterfaces

/// The Lorem Picsum API on `picsum.baseURL` (PRODUCT.md §1): list pages with their Link
/// headers, photo info, and image bodies; retries 5xx, 429 (honouring `Retry-After`) and
/// timeouts with exponential backoff and jitter, at most `network.retries` times.
///
/// The exchanges go through an ``HTTPFetching`` (AsyncHTTPClient on Linux, from the
/// composition root; URLSession on Apple platforms), each with `network.timeout` as its total
/// deadline and a body cap: list pages, info and documents ``maximumJSONBytes``, images
/// ``maximumImageBytes``.
public struct PicsumClient: Sendable {
    /// The largest JSON body accepted (a list page of 100 photos is ~20 KB).
    public static let maximumJSONBytes = 2 << 20
    /// The largest image body accepted (PRODUCT.md §5: 25 MiB).
    public static let maximumImageBytes = 25 << 20

    /// The API's URLs.
    public let endpoints: PicsumEndpoints
    private let configuration: PicsumConfiguration
    private let http: any HTTPFetching
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A client for `configuration` whose exchanges go through `http`, waiting for real between retries.
    public init(configuration: PicsumConfiguration, http: any HTTPFetching) {
        self.init(configuration: configuration, http: http, sleep: { try await Task.sleep(for: $0) })
    }

    #if canImport(Darwin)
        /// A client on an ephemeral URLSession (Apple platforms: no SwiftNIO needed).
        public init(configuration: PicsumConfiguration) {
            self.init(configuration: configuration, http: URLSessionHTTPFetcher(configuration: configuration))
        }
    #endif

    /// For tests only (`@_spi(Testing) import PicsumContent`): a sleep that records.
    @_spi(Testing)
    public init(
        configuration: PicsumConfiguration, http: any HTTPFetching,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.configuration = configuration
        self.endpoints = PicsumEndpoints(baseURL: configuration.baseURL)
        self.http = http
        self.sleep = sleep
    }

    /// `GET /v2/list?page=N&limit=K`: the photos and the next page from the `Link` header.
    public func list(_ request: PageRequest) async throws(PicsumError) -> Page<Photo> {
        let (response, data) = try await get(
            endpoints.list(page: request.page, limit: request.limit), limit: Self.maximumJSONBytes)
        let photos: [PhotoBody] = try decode(data)
        // A next that does not move forward (a Link pointing back at page 1, or at this page)
        // is the end: a script that follows `next` must never loop.
        let next = LinkHeader.nextPage(response.header("Link")).flatMap {
            $0 > request.page ? $0 : nil
        }
        return Page(request: request, elements: photos.map(\.photo), nextPage: next)
    }

    /// `GET /id/{id}/info`: one photo's details.
    public func info(id: PhotoID) async throws(PicsumError) -> Photo {
        let (_, data) = try await get(endpoints.info(id: id.rawValue), limit: Self.maximumJSONBytes)
        let body: PhotoBody = try decode(data)
        return body.photo
    }

    /// The body of an image URL (following Picsum's 302 to its CDN), at most `limit` bytes.
    public func imageData(_ url: URL, limit: Int = PicsumClient.maximumImageBytes) async throws(PicsumError) -> Data {
        try await get(url, limit: limit).1
    }

    /// A GET with retries; returns only 2xx responses.
    func get(_ url: URL, limit: Int) async throws(PicsumError) -> (HTTPFetchResponse, Data) {
        var attempt = 0
        while true {
            let outcome = await attemptOnce(url, limit: limit)
            switch outcome {
            case .success(let exchange):
                return exchange
            case .failure(let failure):
                guard failure.error.isRetriable, attempt < configuration.network.retries, !Task.isCancelled else {
                    throw attributed(failure.error, url)
                }
                // A server that asks for more time than a request may take is not waited for.
                if let after = failure.retryAfter, after > configuration.network.timeout,
                    case .http(let status, _) = failure.error
                {
                    throw attributed(.retryLater(status: status, after: after), url)
                }
                let wait = failure.retryAfter ?? backoff(attempt)
                do {
                    try await sleep(wait)
                } catch {
                    throw attributed(failure.error, url)  // cancelled while waiting
                }
                attempt += 1
            }
        }
    }

    /// The error as it is reported: a failure at a host other than Picsum's names that host.
    private func attributed(_ error: PicsumError, _ url: URL) -> PicsumError {
        guard let host = url.host, host != configuration.baseURL.host else { return error }
        return .elsewhere(host: url.port.map { "\(host):\($0)" } ?? host, error)
    }

    /// What a failed response says: the first line of a plain-text body, else the status's
    /// meaning ("not found"); never an HTML page's markup.
    static func message(status: Int, body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        if !line.isEmpty, !line.hasPrefix("<"), !line.hasPrefix("{") { return line }
        return HTTPStatus.meaning(status)
    }

    private struct Failure: Error {
        var error: PicsumError
        var retryAfter: Duration?
    }

    private func attemptOnce(_ url: URL, limit: Int) async -> Result<(HTTPFetchResponse, Data), Failure> {
        let request = HTTPFetchRequest(
            url: url, headers: ["User-Agent": "stories"], maximumBytes: limit, deadline: configuration.network.timeout)
        do {
            let response = try await http.fetch(request)
            guard (200..<300).contains(response.status) else {
                let text = Self.message(status: response.status, body: response.body)
                let retryAfter = response.header("Retry-After").flatMap {
                    Int($0.trimmingCharacters(in: .whitespaces))
                }.map { Duration.seconds(max(0, $0)) }
                return .failure(
                    Failure(error: .http(status: response.status, message: text), retryAfter: retryAfter))
            }
            return .success((response, response.body))
        } catch {
            return .failure(Failure(error: Self.picsumError(error)))
        }
    }

    /// An exchange's failure as Picsum's.
    static func picsumError(_ error: HTTPFetchError) -> PicsumError {
        switch error {
        case .timeout: .timeout
        case .connect(let detail): .transport(detail)
        case .transport(let detail): .transport(detail)
        case .tooLarge(let limit, _): .tooLarge(limit: limit)
        case .compressionBomb, .redirect: .refused(error.description)
        case .cancelled: .transport("cancelled")
        }
    }

    /// 250 ms, 500 ms, 1 s, … plus up to half as much again of jitter.
    private func backoff(_ attempt: Int) -> Duration {
        let base = 250.0 * pow(2.0, Double(min(attempt, 8)))
        return .milliseconds(Int64(base + Double.random(in: 0...(base / 2))))
    }

    private func decode<T: Decodable>(_ data: Data) throws(PicsumError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Self.decodingError(error)
        } catch {
            throw .decoding(field: "body", detail: String(describing: error))
        }
    }

    static func decodingError(_ error: DecodingError) -> PicsumError {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "body" : text)
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .decoding(field: path(context.codingPath + [key]), detail: "missing")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .decoding(field: path(context.codingPath), detail: context.debugDescription)
        case .dataCorrupted(let context): return .decoding(field: path(context.codingPath), detail: "not JSON")
        @unknown default: return .decoding(field: "body", detail: "unreadable")
        }
    }
}

/// A photo as Picsum's JSON spells it.
struct PhotoBody: Decodable {
    var id: String
    var author: String
    var width: Int
    var height: Int
    var url: URL
    var downloadURL: URL

    enum CodingKeys: String, CodingKey {
        case id, author, width, height, url
        case downloadURL = "download_url"
    }

    /// The photo, its id and author held to the bytes every source's are (a server could send
    /// one letter with millions of marks).
    var photo: Photo {
        Photo(
            id: PhotoID(TextLimits.safeID(id)), author: TextLimits.clipped(author, bytes: TextLimits.nameBytes),
            width: width, height: height, url: url, downloadURL: downloadURL)
    }
}
