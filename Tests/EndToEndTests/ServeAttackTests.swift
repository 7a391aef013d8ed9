import Foundation
import Testing

/// `stories serve` as it is attacked, over real sockets: another Unix user reaches nothing,
/// slow and idle clients hold no slot, HTTP/1.0 is closed after its answer, a clip comes whole.
/// The verdicts never depend on speed: a deadline the server keeps is seconds, the tests wait
/// tens of seconds before calling a request lost.
@Suite("stories serve as attacked, over sockets")
struct ServeAttackTests {
    /// A `stories serve` on a free loopback port with a home of its own, and the link it printed.
    struct Server {
        let process: ServerProcess
        let home: String
        let link: String
        let port: Int

        init(_ flags: [String] = ["--source", "bundled", "--store", "memory"]) async throws {
            home = try TemporaryFolder.make()
            let command = ([StoriesProcess.binary, "serve", "--listen", "127.0.0.1:0"] + flags)
                .map { "'" + $0 + "'" }.joined(separator: " ")
            process = try await ServerProcess("/bin/sh", ["-c", "HOME='\(home)' exec \(command) 2>&1"])
            // The printed link is the first http:// URL of the output.
            guard let match = process.firstLine.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/pair\/[0-9a-f]{64}/),
                let port = Int(match.1)
            else {
                process.stop()
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: process.firstLine])
            }
            link = String(match.0)
            self.port = port
        }

        var base: String { "http://127.0.0.1:\(port)" }

        /// The owner's session cookie (`name=value`), from the printed link.
        func session() async throws -> String {
            let result = try await ChildProcesses.run(
                "/usr/bin/curl", ["-s", "-o", "/dev/null", "-D", "-", link], environment: ["PATH": "/usr/bin:/bin"])
            let line = result.stdout.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") } ?? ""
            return String(line.dropFirst("set-cookie:".count).prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces)
        }
    }

    /// `curl` as `OtherUser` (nil when the tests do not run as root): status and body.
    static func curlAsOtherUser(_ arguments: [String]) async throws -> (status: String, body: String)? {
        guard let uid = await OtherUser.id(), let gid = OtherUser.group else { return nil }
        let result = try await ChildProcesses.run(
            "/usr/bin/setpriv",
            ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "curl", "-s", "-w", "\n%{http_code}"] + arguments,
            environment: ["PATH": "/usr/bin:/bin"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (String(lines.last ?? ""), lines.dropLast().joined(separator: "\n"))
    }

    @Test(.timeLimit(.minutes(10)))
    func anotherUnixUserOfTheMachineReachesNothing() async throws {
        let server = try await Server()
        defer { server.process.stop() }
        let cookie = try await server.session()
        #expect(cookie.hasPrefix("stories_session_\(server.port)="))
        let owner = try await ChildProcesses.run(
            "/usr/bin/curl", ["-s", "-H", "Cookie: \(cookie)", server.base + "/api/tray"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(owner.stdout.contains("\"users\""), "the owner with the link: \(owner.stdout.prefix(300))")
        let secret = server.home + "/.local/share/stories/serve-secret"
        #expect(FileManager.default.fileExists(atPath: secret))
        guard try await Self.curlAsOtherUser([server.base + "/"]) != nil else {
            Issue.record("not root: the other-user checks need `useradd` and setpriv")
            return
        }
        if let readable = try await OtherUsersTests.otherUserCanRead(secret) { #expect(!readable) }
        for path in ["/", "/api/tray", "/api/state", "/api/users/alan", "/u/alan/alan-0", "/gallery"] {
            let answer = try #require(try await Self.curlAsOtherUser([server.base + path]))
            #expect(answer.status == "403", "\(path): \(answer.status)")
            #expect(!answer.body.contains("alan-0") && !answer.body.contains("Alan"), "\(path) leaked")
        }
        let write = try #require(
            try await Self.curlAsOtherUser(["-X", "PUT", server.base + "/api/likes/alan-0"]))
        #expect(write.status == "403")
        let guessed = try #require(
            try await Self.curlAsOtherUser([server.base + "/pair/" + String(repeating: "0", count: 64)]))
        #expect(guessed.status == "403")
    }

    @Test(.timeLimit(.minutes(10)))
    func slowAndIdleClientsHoldNoSlotAndHTTP10IsClosed() async throws {
        let server = try await Server()
        defer { server.process.stop() }
        let cookie = try await server.session()
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        // 200 slowloris (a head never finished), 200 slow bodies and 200 idle keep-alives: far
        // more than the server's slots. Without eviction a new request would wait for their
        // deadlines; the test waits far less than anything a busy machine could explain.
        let held: [Connection] = try await Task.detached {
            var held: [Connection] = []
            for index in 0..<600 {
                guard let connection = Connection(port: server.port) else { continue }
                switch index % 3 {
                case 0: connection.send("GET / HTTP/1.1\r\n\(host)X-Slow: ")
                case 1:
                    connection.send(
                        "POST /api/seen HTTP/1.1\r\n\(host)Cookie: \(cookie)\r\nContent-Length: 100000\r\n\r\n{")
                default:
                    connection.send("GET /favicon.ico HTTP/1.1\r\n\(host)Cookie: \(cookie)\r\n\r\n")
                }
                held.append(connection)
            }
            return held
        }.value
        #expect(held.count >= 450, "connections opened: \(held.count)")
        let answer: (text: String, closed: Bool) = await Task.detached {
            guard let normal = Connection(port: server.port, timeout: 20) else { return ("no connection", false) }
            normal.send("GET /api/state HTTP/1.0\r\n\(host)Cookie: \(cookie)\r\n\r\n")
            return normal.readToEnd()
        }.value
        #expect(answer.text.hasPrefix("HTTP/1.1 200"), "a normal request among 600 held: \(answer.text.prefix(200))")
        #expect(answer.closed, "an HTTP/1.0 connection is closed after its answer")
        withExtendedLifetime(held) {}
    }

    /// 80 pages of one phone following `/events` (more than an address's 64 slots): a normal
    /// request still gets its answer, the longest-following stream closed for it (a browser
    /// opens it again by itself); it was refused while the streams held every slot.
    @Test(.timeLimit(.minutes(10)))
    func eventStreamsHoldNoSlot() async throws {
        let server = try await Server()
        defer { server.process.stop() }
        let cookie = try await server.session()
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let streams: [Connection] = await Task.detached {
            var streams: [Connection] = []
            for _ in 0..<80 {
                guard let connection = Connection(port: server.port, timeout: 20) else { continue }
                connection.send("GET /events HTTP/1.1\r\n\(host)Cookie: \(cookie)\r\n\r\n")
                _ = connection.read(until: "retry:")
                streams.append(connection)
            }
            return streams
        }.value
        #expect(streams.count >= 64, "streams opened: \(streams.count)")
        let answer: (text: String, closed: Bool) = await Task.detached {
            guard let normal = Connection(port: server.port, timeout: 20) else { return ("no connection", false) }
            normal.send("GET /api/state HTTP/1.0\r\n\(host)Cookie: \(cookie)\r\n\r\n")
            return normal.readToEnd()
        }.value
        #expect(answer.text.hasPrefix("HTTP/1.1 200"), "a request among 80 event streams: \(answer.text.prefix(200))")
        withExtendedLifetime(streams) {}
    }

    /// The server's resident memory (Linux's /proc), nil elsewhere.
    static func residentBytes(of pattern: String) async throws -> Int? {
        #if os(Linux)
            let found = try await ChildProcesses.run("/usr/bin/pgrep", ["-f", pattern], environment: [:])
            guard let pid = found.stdout.split(separator: "\n").first,
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            else { return nil }
            return kilobytes * 1024
        #else
            return nil  // other systems: the check is skipped, and says so
        #endif
    }

    @Test(.timeLimit(.minutes(10)))
    func clientsThatStopReadingABigPictureHoldAChunkNotTheFile() async throws {
        let folder = try TemporaryFolder.make()
        try FileManager.default.createDirectory(atPath: folder + "/trip", withIntermediateDirectories: true)
        var bytes = [UInt8](repeating: 0x5A, count: 20 << 20)
        bytes[0...3] = [0xFF, 0xD8, 0xFF, 0xE0]
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/trip/big.jpg"))
        let server = try await Server(["--store", "memory", folder])
        defer { server.process.stop() }
        let cookie = try await server.session()
        let story = try await ChildProcesses.run(
            "/usr/bin/curl", ["-s", "-H", "Cookie: \(cookie)", server.base + "/api/users/trip"],
            environment: ["PATH": "/usr/bin:/bin"])
        let picture = try #require(story.stdout.firstMatch(of: /"src":"(\/media\/item\/[^"]+\.img)"/)?.1)
        guard let before = try await Self.residentBytes(of: "serve --listen 127.0.0.1:0 --store memory \(folder)")
        else {
            Issue.record("the server's memory cannot be read here (/proc)")
            return
        }
        let port = server.port
        let held: [Connection] = await Task.detached {
            (0..<100).compactMap { _ in
                let connection = Connection(port: port)
                connection?.send("GET \(picture) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n")
                return connection
            }
        }.value
        // Until the server has filled what it may send each of them (it stops there for good).
        try await LiveThreads.sleep(for: .seconds(3))
        let during = try #require(
            try await Self.residentBytes(of: "serve --listen 127.0.0.1:0 --store memory \(folder)"))
        #expect(held.count == 100)
        #expect(during - before < 256 << 20, "grew by \((during - before) >> 20) MiB for 100 clients")
        let whole = try await ChildProcesses.run(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download}", "-H", "Cookie: \(cookie)",
                server.base + picture,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(whole.stdout == "200 \(20 << 20)", "a reader among them gets the whole file")
        withExtendedLifetime(held) {}
    }

    @Test(.timeLimit(.minutes(10)))
    func aClipComesWholeWithoutRangeAndAnUnpairedClientIsClosed() async throws {
        let server = try await Server()
        defer { server.process.stop() }
        let cookie = try await server.session()
        let story = try await ChildProcesses.run(
            "/usr/bin/curl", ["-s", "-H", "Cookie: \(cookie)", server.base + "/api/users/mia"],
            environment: ["PATH": "/usr/bin:/bin"])
        let clip = try #require(
            story.stdout.firstMatch(of: /"src":"(\/media\/item\/[^"]+\.(mp4|webm))"/)?.1, "\(story.stdout.prefix(400))")
        let head = try await ChildProcesses.run(
            "/usr/bin/curl", ["-s", "-I", "-H", "Cookie: \(cookie)", server.base + clip],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(head.stdout.hasPrefix("HTTP/1.1 200"), "\(head.stdout)")
        let length = try #require(
            head.stdout.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
        let whole = try await ChildProcesses.run(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download}", "-H", "Cookie: \(cookie)",
                server.base + clip,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(whole.stdout == "200 \(length)")
        // Asked with gzip: pages and JSON come compressed (a weak ETag, and a 304 for it), a
        // clip never (it is compressed already, and ranges are of the file).
        func headers(_ path: String, _ extra: [String] = []) async throws -> String {
            try await ChildProcesses.run(
                "/usr/bin/curl",
                ["-s", "-o", "/dev/null", "-D", "-", "-H", "Cookie: \(cookie)", "-H", "Accept-Encoding: gzip"] + extra
                    + [server.base + path],
                environment: ["PATH": "/usr/bin:/bin"]
            ).stdout.lowercased()
        }
        let tray = try await headers("/")
        #expect(tray.contains("content-encoding: gzip") && tray.contains("vary: accept-encoding"), "\(tray)")
        let tag = try #require(tray.firstMatch(of: /etag: (w\/"[0-9a-f]+")/)?.1)
        let again = try await headers("/", ["-H", "If-None-Match: \(tag.replacing("w/", with: "W/"))"])
        #expect(again.hasPrefix("http/1.1 304"), "\(again)")
        #expect(try await headers("/api/users/mia").contains("content-encoding: gzip"))
        #expect(!(try await headers(String(clip))).contains("content-encoding"))
        let unzipped = try await ChildProcesses.run(
            "/usr/bin/curl", ["-s", "--compressed", "-H", "Cookie: \(cookie)", server.base + "/"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(unzipped.stdout.contains("data-tray"), "the gzipped page unzips to the tray")
        // A resized picture lands in the web picture cache, which `cache clear` empties too.
        let avatar = try #require(story.stdout.firstMatch(of: /"avatar":"(\/media\/avatar\/[^"]+\.img)"/)?.1)
        let picture = try await ChildProcesses.run(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-w", "%{http_code} %{content_type}", "-H", "Cookie: \(cookie)",
                server.base + avatar,
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(picture.stdout == "200 image/jpeg", "\(picture.stdout)")
        let cleared = try await StoriesProcess.run(["cache", "clear"], home: server.home)
        #expect(cleared.stdout.contains("1 web picture"), "\(cleared.stdout)")
        let unpaired: (text: String, closed: Bool) = await Task.detached {
            guard let connection = Connection(port: server.port, timeout: 30) else { return ("", false) }
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            return connection.readToEnd()
        }.value
        #expect(unpaired.text.hasPrefix("HTTP/1.1 403") && unpaired.closed, "\(unpaired.text.prefix(200))")
    }
}
