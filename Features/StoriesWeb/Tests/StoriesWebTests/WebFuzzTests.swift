import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoriesWeb
import Testing

/// The router under random requests: paths built from the routes with hostile segments, random
/// queries, headers and bodies. A trap would end the test process; every answer must be one
/// the server meant (no 500).
@Suite("The web viewer's router under random requests")
struct WebFuzzTests {
    /// A small, seeded generator (SplitMix64): the same requests on every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let numbers = [
        "0", "1", "-1", "2", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "18446744073709551616", "99999999999999999999999999999", "1e9", "0x10", "", " 1", "1.5", "٣",
        "10000000", "10000001", "160", "360", "720", "1080", "-160",
    ]
    static let words = [
        "ada", "ada-0", "ada-2", "kai", "kai-0", "eve%2F..", "eve-0", "..", ".", "%2e%2e", "%2F", "%00", "%ZZ",
        "%", "a%2Fb", "x", "\u{1F600}", "%F0%9F%98%80", "<script>", "'", "0000000000000000", "nope",
        String(repeating: "a", count: 3000),
    ]
    static let templates = [
        "/", "/gallery", "/api/tray", "/api/state", "/api/seen", "/u/W", "/u/W/W", "/u/W/W/like", "/u/W/W/mute",
        "/u/W/W/seen.gif", "/api/users/W", "/api/likes/W", "/api/mutes/W", "/photos/W", "/media/item/W/W/F",
        "/media/poster/W/W/F", "/media/avatar/W/F", "/media/photo/W/F", "/assets/W", "/pair/W", "/favicon.ico",
        "/W", "//", "/u//", "/media/item/W/F",
    ]
    static let methods: [HTTPRequest.Method] = [.get, .get, .get, .head, .post, .put, .delete, .options, .patch]

    static func pick<T>(_ list: [T], _ random: inout Seeded) -> T { list[Int(random.next() % UInt64(list.count))] }

    static func file(_ random: inout Seeded) -> String {
        let tag = pick(["0000000000000000", pick(words, &random)], &random)
        let width = Bool.random(using: &random) ? "" : "-" + pick(numbers, &random)
        return tag + width + "." + pick(["img", "mp4", "webm", "", "jpg"], &random)
    }

    static func request(_ random: inout Seeded) -> (String, HTTPRequest.Method, HTTPFields, ByteBuffer?) {
        var path = ""
        for character in pick(templates, &random) {
            switch character {
            case "W": path += pick(words, &random)
            case "F": path += file(&random)
            default: path.append(character)
            }
        }
        if random.next() % 2 == 0 {
            path += "?" + pick(["page", "item", "width", "x"], &random) + "=" + pick(numbers + words, &random)
        }
        var headers = HTTPFields()
        if random.next() % 3 == 0 {
            headers[.range] =
                "bytes=" + pick(numbers, &random) + pick(["-", "", "--", ","], &random) + pick(numbers, &random)
        }
        if random.next() % 5 == 0 { headers[.ifRange] = pick(words, &random) }
        if random.next() % 5 == 0 { headers[.ifNoneMatch] = pick(words, &random) }
        if random.next() % 4 == 0 { headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin" }
        if random.next() % 6 == 0 { headers[.cookie] = "stories_session_8080=" + pick(words, &random) }
        var body: ByteBuffer?
        if random.next() % 3 == 0 {
            body = ByteBuffer(
                string: pick(
                    [
                        #"{"items":["ada-0"]}"#, #"{"user":"W","items":["W","W"]}"#, "{", "[]", #"{"items":7}"#,
                        #"{"items":[1e999]}"#, String(repeating: "[", count: 5000),
                    ], &random
                ).replacingOccurrences(of: "W", with: pick(words, &random)))
        }
        return (path, pick(methods, &random), headers, body)
    }

    @Test func aHundredThousandRandomRequestsNeverTrapNorFail() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            // Four at a time: both cores busy, the answers checked as they come.
            try await withThrowingTaskGroup(of: Int.self) { group in
                for lane in 0..<4 {
                    group.addTask {
                        var random = Seeded(state: UInt64(lane) &* 7919 &+ 1)
                        var answered = 0
                        for _ in 0..<25_000 {
                            let (uri, method, headers, body) = Self.request(&random)
                            let status = try await client.execute(
                                uri: uri, method: method, headers: headers, body: body
                            ) {
                                $0.status
                            }
                            #expect(status != .internalServerError, "\(method) \(uri.prefix(200)) \(headers)")
                            answered += 1
                        }
                        return answered
                    }
                }
                var total = 0
                for try await answered in group { total += answered }
                #expect(total == 100_000)
            }
        }
    }
}
