import Foundation
@_spi(Testing) import PicsumContent
import StoryInterfaces
import Testing

func photoJSON(_ id: String, author: String = "Alejandro Escamilla", width: Int = 5000, height: Int = 3333) -> String {
    #"{"id":"\#(id)","author":"\#(author)","width":\#(width),"height":\#(height),"url":"https://unsplash.com/photos/\#(id)","download_url":"https://picsum.photos/id/\#(id)/\#(width)/\#(height)"}"#
}

func client(_ base: URL, retries: Int = 3, sleeps: SleepLog = SleepLog()) -> PicsumClient {
    PicsumClient(
        configuration: PicsumConfiguration(
            baseURL: base, timeout: .seconds(5), retries: retries),
        http: StubHTTP.shared, sleep: { await sleeps.record($0) })
}

@Suite("Picsum client (URLProtocol stub)")
struct PicsumClientTests {
    @Test func listPagesCarryTheNextPageFromTheLinkHeader() async throws {
        let base = StubHTTP.register { request in
            let page = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!.queryItems!.first {
                $0.name == "page"
            }!.value!
            let link =
                page == "1"
                ? #"<https://picsum.photos/v2/list?page=2&limit=2>; rel="next""#
                : #"<https://picsum.photos/v2/list?page=1&limit=2>; rel="prev""#
            return .init(
                headers: ["Link": link, "Content-Type": "application/json"],
                body: Data("[\(photoJSON("0")),\(photoJSON("1"))]".utf8))
        }
        let picsum = client(base)
        let first = try await picsum.list(try PageRequest(page: 1, limit: 2))
        #expect(first.elements.map(\.id) == ["0", "1"])
        #expect(first.elements[0].downloadURL == URL(string: "https://picsum.photos/id/0/5000/3333"))
        #expect(first.nextPage == 2)
        #expect(try await picsum.list(try PageRequest(page: 2, limit: 2)).nextPage == nil)
        #expect(StubHTTP.requests(base).map(\.path) == ["/v2/list", "/v2/list"])
        #expect(StubHTTP.requests(base).first?.query == "page=1&limit=2")
    }

    @Test func infoDecodesOnePhoto() async throws {
        let base = StubHTTP.register { _ in
            .init(body: Data(photoJSON("10", author: "Paul Jarvis", width: 2500, height: 1667).utf8))
        }
        let photo = try await client(base).info(id: "10")
        #expect(photo.author == "Paul Jarvis" && photo.width == 2500)
        #expect(StubHTTP.requests(base).map(\.path) == ["/id/10/info"])
    }

    @Test func aServersAuthorAndIdAreHeldToTheBytesOfEverySource() async throws {
        // One letter with 100,000 marks, and an id with an escape and 300 bytes.
        let author = "a" + String(repeating: "\\u0301", count: 100_000)
        let id = "x\\u001b" + String(repeating: "9", count: 300)
        let base = StubHTTP.register { _ in .init(body: Data(photoJSON(id, author: author).utf8)) }
        let photo = try await client(base).info(id: "1")
        #expect(photo.author.utf8.count <= 256 && photo.author.unicodeScalars.starts(with: "a\u{301}".unicodeScalars))
        #expect(photo.id.rawValue.utf8.count <= 256 && !photo.id.rawValue.contains("\u{1B}"))
    }

    @Test func decodingErrorsNameTheField() async throws {
        let base = StubHTTP.register { _ in
            .init(
                body: Data(
                    #"[{"id":"0","author":"A","width":"wide","height":1,"url":"https://e.com","download_url":"https://e.com"}]"#
                        .utf8))
        }
        await #expect(
            throws: PicsumError.decoding(
                field: "[0].width", detail: "Expected to decode Int but found a string instead.")
        ) {
            try await client(base).list(try PageRequest(page: 1, limit: 30))
        }
        let html = StubHTTP.register { _ in
            .init(headers: ["Content-Type": "text/html"], body: Data("<html>hi</html>".utf8))
        }
        await #expect { try await client(html).list(try PageRequest(page: 1, limit: 30)) } throws: { error in
            if case .decoding(field: "body", _) = error as? PicsumError { return true }
            return false
        }
    }

    @Test func serverErrorsAreRetriedWithGrowingBackoff() async throws {
        let attempts = Counter()
        let base = StubHTTP.register { _ in
            attempts.next() <= 2
                ? .init(status: 503, body: Data("Service Unavailable".utf8)) : .init(body: Data("[]".utf8))
        }
        let sleeps = SleepLog()
        let page = try await client(base, sleeps: sleeps).list(try PageRequest(page: 1, limit: 30))
        #expect(page.elements.isEmpty)
        let waits = await sleeps.waits
        #expect(waits.count == 2)
        #expect(waits[0] >= .milliseconds(250) && waits[0] <= .milliseconds(375))
        #expect(waits[1] >= .milliseconds(500) && waits[1] <= .milliseconds(750))
    }

    @Test func tooManyRequestsHonoursRetryAfter() async throws {
        let attempts = Counter()
        let base = StubHTTP.register { _ in
            attempts.next() == 1 ? .init(status: 429, headers: ["Retry-After": "3"]) : .init(body: Data("[]".utf8))
        }
        let sleeps = SleepLog()
        _ = try await client(base, sleeps: sleeps).list(try PageRequest(page: 1, limit: 30))
        #expect(await sleeps.waits == [.seconds(3)])
    }

    @Test func retriesAreBoundedAndTheLastErrorCarriesTheBodyText() async throws {
        let base = StubHTTP.register { _ in .init(status: 500, body: Data("Internal Server Error\n".utf8)) }
        let sleeps = SleepLog()
        await #expect(throws: PicsumError.http(status: 500, message: "Internal Server Error")) {
            try await client(base, retries: 2, sleeps: sleeps).list(try PageRequest(page: 1, limit: 30))
        }
        #expect(StubHTTP.requests(base).count == 3)
        #expect(await sleeps.waits.count == 2)
    }

    @Test func clientErrorsAreNotRetried() async throws {
        let base = StubHTTP.register { _ in .init(status: 404, body: Data("Image does not exist".utf8)) }
        await #expect(throws: PicsumError.http(status: 404, message: "Image does not exist")) {
            try await client(base).info(id: "99999")
        }
        #expect(StubHTTP.requests(base).count == 1)
        let catalog = PicsumPhotoCatalog(client: client(base))
        await #expect(throws: PhotoCatalogError.unknownPhoto("99999")) { try await catalog.photo(id: "99999") }
    }

    /// A `next` that does not move forward is the end (it made `photos --json` say `"next":1`
    /// on page 2: a loop for any script that follows `next`).
    @Test(arguments: [1, 2])
    func aNextLinkThatDoesNotMoveForwardIsTheEnd(target: Int) async throws {
        let base = StubHTTP.register { _ in
            .init(
                headers: ["Link": "<https://picsum.photos/v2/list?page=\(target)&limit=2>; rel=\"next\""],
                body: Data("[\(photoJSON("0"))]".utf8))
        }
        #expect(try await client(base).list(try PageRequest(page: 2, limit: 2)).nextPage == nil)
        #expect(try await client(base).list(try PageRequest(page: 1, limit: 2)).nextPage == (target == 2 ? 2 : nil))
    }

    /// An HTML error page is not a message: the status's meaning is.
    @Test func anHTMLErrorPageReadsAsTheStatusNotItsMarkup() async throws {
        let base = StubHTTP.register { _ in
            .init(status: 404, body: Data("<!DOCTYPE html><html><head><title>404</title>".utf8))
        }
        await #expect(throws: PicsumError.http(status: 404, message: "not found")) {
            try await client(base).info(id: "1")
        }
    }

    /// A failure at another server (a stories document's image host) names that server, not
    /// Picsum; its kind (unreachable, retriable) is kept.
    @Test func anotherServersFailureNamesThatServer() async throws {
        let picsum = StubHTTP.register { _ in .init(body: Data("[]".utf8)) }
        let other = StubHTTP.register { _ in .init(status: 500, body: Data("Internal Server Error".utf8)) }
        let host = try #require(other.host)
        do {
            _ = try await client(picsum, retries: 0).imageData(other.appendingPathComponent("a.jpg"))
            Issue.record("no error")
        } catch {
            #expect(error == .elsewhere(host: host, .http(status: 500, message: "Internal Server Error")))
            #expect(error.description == "\(host) answered HTTP 500: Internal Server Error")
            #expect(error.isUnreachable && error.isRetriable)
        }
    }

    @Test func timeoutsAreRetriedThenReported() async throws {
        let base = StubHTTP.register { _ in .init(error: .timeout(.seconds(5))) }
        await #expect(throws: PicsumError.timeout) {
            try await client(base, retries: 1).list(try PageRequest(page: 1, limit: 30))
        }
        #expect(StubHTTP.requests(base).count == 2)
    }

    @Test func bodiesOverTheLimitAreRefused() async throws {
        let base = StubHTTP.register { _ in .init(body: Data(repeating: 0xFF, count: 100_000)) }
        await #expect(throws: PicsumError.tooLarge(limit: 1_000)) {
            try await client(base).imageData(base.appendingPathComponent("id/1/200/200"), limit: 1_000)
        }
        #expect(try await client(base).imageData(base.appendingPathComponent("id/1/200/200")).count == 100_000)
    }

    @Test func transportFailuresAreTyped() async throws {
        let base = StubHTTP.register { _ in .init(error: .transport("the connection was reset")) }
        await #expect(throws: PicsumError.transport("the connection was reset")) {
            try await client(base).list(try PageRequest(page: 1, limit: 30))
        }
        for refused: HTTPFetchError in [.redirect("more than 5 redirects"), .compressionBomb(limit: 100)] {
            let base = StubHTTP.register { _ in .init(error: refused) }
            await #expect(throws: PicsumError.refused(refused.description)) {
                try await client(base).list(try PageRequest(page: 1, limit: 30))
            }
            #expect(StubHTTP.requests(base).count == 1, "not retried")
        }
    }

    /// A server that asks to come back after longer than a request may take is not waited for:
    /// the request ends at once, saying when the server asks to come back.
    @Test func aRetryAfterLongerThanTheTimeoutEndsTheRequestAtOnce() async throws {
        let base = StubHTTP.register { _ in .init(status: 429, headers: ["Retry-After": "100000"]) }
        let sleeps = SleepLog()
        let request = try PageRequest(page: 1, limit: 30)
        do {
            _ = try await client(base, sleeps: sleeps).list(request)
            Issue.record("no error")
        } catch {
            #expect(error == .retryLater(status: 429, after: .seconds(100000)))
            #expect(error.description.contains("asks to come back in 100000 s"), "\(error)")
            #expect(error.isUnreachable)
        }
        #expect(await sleeps.waits.isEmpty && StubHTTP.requests(base).count == 1)
    }

    @Test(arguments: [
        (#"<https://picsum.photos/v2/list?page=2&limit=30>; rel="next""#, 2),
        (
            #"<https://picsum.photos/v2/list?page=3&limit=30>; rel="next", <https://picsum.photos/v2/list?page=1&limit=30>; rel="prev""#,
            3
        ),
        (#"<https://picsum.photos/v2/list?page=1&limit=30>; rel="prev""#, nil),
        (#"<https://x/?page=9>;rel=next"#, 9), ("garbage", nil), ("", nil),
    ])
    func linkHeaders(header: String, next: Int?) {
        #expect(LinkHeader.nextPage(header) == next)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
