import AsyncHTTPFetcher
import Foundation
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The live fetcher against faults written on the wire. Verdicts are what happened (the
/// error and its kind); a test's time limit only turns "never" into a failure. Deadlines that
/// are not what a test is about are two minutes: run beside hundreds of tests on a machine
/// whose cores are busy, a test's steps wait seconds each for a thread (a redirect chain
/// once took 81 s), and a 20 s deadline then ended a fetch the test meant to end otherwise.
@Suite("AsyncHTTPClient fetcher", .timeLimit(.minutes(5)))
struct AsyncHTTPClientFetcherTests {
    static let fetcher = AsyncHTTPClientFetcher(
        configuration: .init(
            connectTimeout: .seconds(5), maximumConnectionsPerHost: 2, maximumDecompressedBytes: 1 << 20))

    func fetch(_ url: URL, limit: Int = 1 << 20, deadline: Duration = .seconds(120)) async throws(HTTPFetchError)
        -> HTTPFetchResponse
    {
        try await Self.fetcher.fetch(HTTPFetchRequest(url: url, maximumBytes: limit, deadline: deadline))
    }

    func error(_ url: URL, limit: Int = 1 << 20, deadline: Duration = .seconds(120)) async -> HTTPFetchError? {
        do {
            _ = try await fetch(url, limit: limit, deadline: deadline)
            return nil
        } catch {
            return error
        }
    }

    @Test func aResponseKeepsItsStatusHeadersAndBodyAndTheConnectionIsKeptAlive() async throws {
        let server = try RawServer { path, connection in
            connection.write(
                response(
                    status: path == "/missing" ? "404 Not Found" : "200 OK", headers: ["X-Thing: 1"],
                    body: Array("hello \(path)".utf8)))
        }
        let first = try await fetch(server.url.appendingPathComponent("a"))
        #expect(first.status == 200 && first.body == Data("hello /a".utf8) && first.header("x-thing") == "1")
        let second = try await fetch(server.url.appendingPathComponent("missing"))
        #expect(second.status == 404)
        #expect(server.connections == 1, "kept alive between requests")
    }

    /// Six requests at once to one host open at most `maximumConnectionsPerHost` (2 here)
    /// connections: the rest wait for one to be free and reuse it.
    @Test func connectionsToAHostAreBounded() async throws {
        let server = try RawServer { path, connection in
            Thread.sleep(forTimeInterval: 0.2)
            return connection.write(response(body: Array(path.utf8)))
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<6 {
                let request = HTTPFetchRequest(
                    url: server.url.appendingPathComponent("\(index)"), maximumBytes: 1000, deadline: .seconds(30))
                group.addTask { try await Self.fetcher.fetch(request).status }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.paths.count == 6)
        #expect(server.connections <= 2, "\(server.connections) connections")
    }

    @Test func anAnnouncedLengthOverTheCapIsRefusedBeforeReading() async throws {
        let server = try RawServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2147483648\r\n\r\n")
            connection.write([UInt8](repeating: 0, count: 1000))
            return false
        }
        #expect(await error(server.url, limit: 25 << 20) == .tooLarge(limit: 25 << 20, announced: 2_147_483_648))
    }

    @Test func aChunkedBodyIsStoppedWhenItPassesTheCap() async throws {
        let server = try RawServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 65, count: 0x10000) + Array("\r\n".utf8)
            for _ in 0..<3200 where connection.write(chunk) {}  // 200 MiB unless stopped
            return false
        }
        let failure = await error(server.url, limit: 1 << 20)
        #expect(failure == .tooLarge(limit: 1 << 20, announced: nil), "\(String(describing: failure))")
    }

    @Test func aCompressionBombIsRefusedNotExpanded() async throws {
        let bomb = try await gzippedZeros(megabytes: 64)
        let server = try RawServer { _, connection in
            connection.write(response(headers: ["Content-Encoding: gzip"], body: bomb))
        }
        #expect(await error(server.url, limit: 25 << 20) == .compressionBomb(limit: 1 << 20), "the client's limit")
        // Under a smaller cap it is a bomb too, whichever limit (the inflater's, counted in
        // the buffers it inflates at once, or the cap) trips first.
        guard case .compressionBomb? = await error(server.url, limit: 100_000) else {
            Issue.record("a bomb under a small cap was not refused as one")
            return
        }
    }

    @Test func redirectsAreFollowedFiveTimesAtMostOverHTTPOnlyAndNeverInALoop() async throws {
        let server = try RawServer { path, connection in
            let step = Int(path.split(separator: "/").last ?? "") ?? 0
            switch path {
            case "/file":
                connection.write(response(status: "302 Found", headers: ["Location: file:///etc/passwd"], body: []))
            case "/ftp":
                connection.write(response(status: "301 Moved", headers: ["Location: ftp://example.com/x"], body: []))
            case "/loop": connection.write(response(status: "302 Found", headers: ["Location: /loop"], body: []))
            default:
                if step > 0 {
                    connection.write(response(status: "302 Found", headers: ["Location: /chain/\(step - 1)"], body: []))
                } else {
                    connection.write(response(body: Array("end".utf8)))
                }
            }
            return true
        }
        let five = try await fetch(server.url.appendingPathComponent("chain/5"))
        #expect(five.body == Data("end".utf8) && five.url.path == "/chain/0")
        #expect(await error(server.url.appendingPathComponent("chain/6")) == .redirect("more than 5 redirects"))
        #expect(
            await error(server.url.appendingPathComponent("file"))
                == .redirect("redirected to a file: URL; only http and https are followed"))
        #expect(
            await error(server.url.appendingPathComponent("ftp"))
                == .redirect("redirected to a ftp: URL; only http and https are followed"))
        guard case .redirect(let loop)? = await error(server.url.appendingPathComponent("loop")) else {
            Issue.record("a loop was followed")
            return
        }
        #expect(loop.hasPrefix("redirect loop"))
    }

    @Test func aServerThatNeverAnswersEndsAtTheDeadline() async throws {
        let server = try RawServer { _, _ in
            Thread.sleep(forTimeInterval: 30)
            return false
        }
        #expect(await error(server.url, deadline: .milliseconds(500)) == .timeout(.milliseconds(500)))
    }

    /// A total deadline, not an idle timer: a body dripping a byte every 50 ms never idles,
    /// and still ends at the deadline.
    @Test func aDrippingBodyEndsAtTheDeadline() async throws {
        let server = try RawServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
            for _ in 0..<100_000 {
                guard connection.write([65]) else { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
        #expect(await error(server.url, deadline: .seconds(1)) == .timeout(.seconds(1)))
    }

    @Test func aBodyCutOffIsATransportError() async throws {
        let server = try RawServer { _, connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly this")
            return false
        }
        guard case .transport? = await error(server.url) else {
            Issue.record("a cut-off body was accepted")
            return
        }
    }

    /// A port bound but not listening refuses connections (and stays ours, so no other
    /// test's server can take it meanwhile).
    @Test func aRefusedConnectionSaysSo() async throws {
        let port = try LoopbackPort()
        let url = URL(string: "http://127.0.0.1:\(port.number)")!
        let failure = await error(url)
        withExtendedLifetime(port) {}
        guard case .connect(let detail)? = failure else {
            Issue.record("no connect error: \(String(describing: failure))")
            return
        }
        #expect(!detail.isEmpty)
    }

    @Test func cancellationEndsTheRequestAtOnce() async throws {
        let server = try RawServer { _, _ in
            Thread.sleep(forTimeInterval: 30)
            return false
        }
        let request = Task { await error(server.url, deadline: .seconds(60)) }
        while server.paths.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        request.cancel()
        #expect(await request.value == .cancelled)
    }
}

/// `megabytes` MiB of zeros, gzipped by the system's `gzip` (a few tens of KB).
func gzippedZeros(megabytes: Int) async throws -> [UInt8] {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "head -c \(megabytes)M /dev/zero | gzip -c"]
            let pipe = Pipe()
            process.standardOutput = pipe
            do {
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: Array(data))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}
