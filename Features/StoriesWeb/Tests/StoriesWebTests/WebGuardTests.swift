import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoriesWeb
import StoryImages
import StoryInterfaces
import Synchronization
import Testing

@Suite("The web viewer's writes, media and guard")
struct WebGuardTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test func writesGoThroughTheStoreAndCrossSiteWritesAreRefused() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let body = ByteBuffer(string: #"{"items":["ada-0","kai-0"]}"#)
            var crossSite = Self.json
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            try await client.execute(uri: "/api/seen", method: .post, headers: crossSite, body: body) {
                #expect($0.status == .forbidden)
            }
            var foreign = Self.json
            foreign[HTTPField.Name("Origin")!] = "http://evil.example"
            try await client.execute(uri: "/api/likes/ada-0", method: .put, headers: foreign) {
                #expect($0.status == .forbidden)
            }
            #expect(fixture.store.state.withLock { $0.seen.isEmpty && $0.liked.isEmpty })
            var sameOrigin = Self.json
            sameOrigin[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            try await client.execute(uri: "/api/seen", method: .post, headers: sameOrigin, body: body) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/likes/ada-0", method: .put, headers: sameOrigin) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/mutes/kai", method: .put, headers: sameOrigin) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/likes/nope", method: .put, headers: sameOrigin) {
                #expect($0.status == .notFound)
            }
            let state = fixture.store.state.withLock { ($0.seen.mapValues(\.1), $0.liked, $0.muted) }
            #expect(state.0 == ["ada-0": 0, "kai-0": 0])
            #expect(state.1 == ["ada-0"] && state.2 == ["kai"])
            try await client.execute(uri: "/api/state", method: .get) { response in
                #expect(response.text.contains(#""likedItemIds":["ada-0"]"#))
            }
        }
    }

    @Test func aSeenBatchIsBoundedAndMustBeWellFormed() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let many = "{\"items\":[" + Array(repeating: "\"ada-0\"", count: 201).joined(separator: ",") + "]}"
            try await client.execute(
                uri: "/api/seen", method: .post, headers: Self.json, body: ByteBuffer(string: many)
            ) {
                #expect($0.status == .contentTooLarge)
            }
            try await client.execute(
                uri: "/api/seen", method: .post, headers: Self.json, body: ByteBuffer(string: "{\"items\":")
            ) { #expect($0.status == .badRequest) }
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 100_000)
            try await client.execute(uri: "/api/seen", method: .post, headers: Self.json, body: huge) {
                #expect($0.status == .contentTooLarge)
            }
        }
    }

    @Test func clipsAnswerRangesAndNoURLBecomesAPath() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/u/kai/kai-0", method: .get) { $0.text }
            let clip = try #require(page.firstMatch(of: /src="(\/media\/item\/kai\/kai-0\/[0-9a-f]{16}\.mp4)"/)?.1)
            try await client.execute(uri: String(clip), method: .get, headers: [.range: "bytes=10-19"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes 10-19/1000")
                #expect(response.headers[.contentType] == "video/mp4")
                #expect(Array(response.body.readableBytesView) == (10..<20).map { UInt8($0) })
            }
            try await client.execute(uri: String(clip), method: .get, headers: [.range: "bytes=-5"]) { response in
                #expect(response.headers[.contentRange] == "bytes 995-999/1000")
            }
            try await client.execute(uri: String(clip), method: .get, headers: [.range: "bytes=5000-"]) { response in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */1000")
            }
            try await client.execute(uri: String(clip), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 1000)
                #expect(response.headers[.cacheControl]?.hasPrefix("private") == true)
            }
            let tag = try await client.execute(uri: String(clip), method: .head) { response in
                #expect(response.status == .ok && response.body.readableBytes == 0)
                #expect(response.headers[.contentLength] == "1000")
                return try #require(response.headers[.eTag])
            }
            // If-Range naming this version: the range; another version: the whole file.
            try await client.execute(uri: String(clip), method: .get, headers: [.range: "bytes=0-9", .ifRange: tag]) {
                #expect($0.status == .partialContent && $0.body.readableBytes == 10)
            }
            try await client.execute(
                uri: String(clip), method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"old\""]
            ) { #expect($0.status == .ok && $0.body.readableBytes == 1000) }
            try await client.execute(
                uri: String(clip), method: .get, headers: [.range: "bytes=0-99999999999999999999999"]
            ) { #expect($0.status == .rangeNotSatisfiable) }
            try await client.execute(
                uri: String(clip), method: .get, headers: [.range: "bytes=\(Int.max)-\(Int.max)"]
            ) { #expect($0.status == .rangeNotSatisfiable) }
            for uri in [
                "/media/item/kai/..%2F..%2Fetc%2Fpasswd/0000000000000000.mp4",
                "/media/item/kai/kai-0/0000000000000000.mp4", "/media/item/ada/kai-0/0000000000000000.mp4",
                "/media/item/%2Fetc%2Fpasswd/x/x.img", "/media/item/kai-0/0000000000000000.mp4",
            ] {
                try await client.execute(uri: uri, method: .get) { #expect($0.status == .notFound, "\(uri)") }
            }
        }
    }

    @Test func numbersFromARequestNeverTrap() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for page in ["9223372036854775807", "9223372036854775808", "99999999999999999999999999", "10000001"] {
                for route in ["/", "/gallery", "/api/tray"] {
                    try await client.execute(uri: "\(route)?page=\(page)", method: .get) {
                        #expect($0.status == .notFound, "\(route)?page=\(page)")
                    }
                }
            }
            for page in ["0", "-1", "-9223372036854775808", "x", "", "1e3"] {
                try await client.execute(uri: "/?page=\(page)", method: .get) {
                    #expect($0.status == .badRequest, "page=\(page)")
                }
            }
            try await client.execute(uri: "/?page=2", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func aSeenBatchKeepsWhatItKnowsAndNamesTheRest() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for body in [#"{"items":["ada-0","nope","ada-2"]}"#, #"{"user":"ada","items":["ada-1","kai-0"]}"#] {
                try await client.execute(
                    uri: "/api/seen", method: .post, headers: Self.json, body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains(#""unknown":["#))
                }
            }
            #expect(fixture.store.state.withLock { Set($0.seen.keys) } == ["ada-0", "ada-1", "ada-2"])
        }
    }

    /// A user `..` with an item `.`: listed and opened like any other (browsers and curl drop
    /// `..` and `%2E%2E` segments: the ids go after a `~`).
    @Test func idsThatArePathWordsOpenLikeAnyOther() async throws {
        let dots = Story(
            user: StoryUser(id: "..", name: "Dots"),
            items: [StoryItem(id: ".", userID: "..", media: .image(URL(string: "https://example.com/d.jpg")!))])
        let fixture = try WebFixture(extra: [dots])
        try await fixture.test { client in
            let tray = try await client.execute(uri: "/", method: .get) { $0.text }
            #expect(tray.contains("href=\"/u/~%2E%2E\""), "\(tray)")
            try await client.execute(uri: "/u/~%2E%2E", method: .get) { response in
                #expect(response.status == .found || response.status == .seeOther, "\(response.status)")
                #expect(response.headers[.location] == "/u/~%2E%2E/~%2E")
            }
            try await client.execute(uri: "/u/~%2E%2E/~%2E", method: .get) { response in
                #expect(response.status == .ok && response.text.contains("Dots"))
            }
            try await client.execute(
                uri: "/api/seen", method: .post, headers: Self.json,
                body: ByteBuffer(string: #"{"user":"..","items":["."]}"#)
            ) { #expect($0.status == .ok) }
            #expect(fixture.store.state.withLock { $0.seen["."]?.0 } == "..")
        }
    }

    /// A photo taken on this day a year ago: a "1 year ago" ring first in the tray, and
    /// `/memories` opens it; without memories, `/memories` says there are none.
    @Test func todaysMemoriesLeadTheTrayAndOpenAtMemories() async throws {
        let lastYear = Calendar.current.date(byAdding: .year, value: -1, to: Date())!
        let old = Story(
            user: StoryUser(id: "old", name: "Old"),
            items: [
                StoryItem(
                    id: "old-0", userID: "old", media: .image(URL(string: "https://example.com/o.jpg")!),
                    postedAt: lastYear)
            ])
        let fixture = try WebFixture(extra: [old], withMemories: true)
        try await fixture.test { client in
            let tray = try await client.execute(uri: "/api/tray", method: .get) { $0.text }
            #expect(tray.contains(#""users":[{"avatar":"#) && tray.contains(#""id":"memories-"#), "\(tray)")
            #expect(tray.range(of: "memories-")!.lowerBound < tray.range(of: #""id":"ada""#)!.lowerBound)
            #expect(tray.contains(#""name":"1 year ago""#))
            let year = Calendar.current.component(.year, from: lastYear)
            try await client.execute(uri: "/memories", method: .get) { response in
                #expect(response.headers[.location] == "/u/memories-\(year)")
            }
            try await client.execute(uri: "/u/memories-\(year)/old-0", method: .get) {
                #expect($0.status == .ok && $0.text.contains("1 year ago"))
            }
        }
        try await WebFixture().test { client in
            try await client.execute(uri: "/memories", method: .get) { response in
                #expect(response.status == .notFound && response.text.contains("No memories today"))
            }
        }
    }

    /// Nested folders read apart on the phone: `…/porto/day1`, `…/porto/day2` (both were
    /// "trip/porto/…"), the whole name in the title.
    @Test func nestedNamesKeepThePartThatTellsThemApart() async throws {
        let picture = URL(string: "https://example.com/p.jpg")!
        let days = ["trip/porto/day1", "trip/porto/day2"].map { id in
            Story(
                user: StoryUser(id: UserID(id), name: id),
                items: [StoryItem(id: StoryItemID(id + "/a.jpg"), userID: UserID(id), media: .image(picture))])
        }
        try await WebFixture(extra: days).test { client in
            let tray = try await client.execute(uri: "/", method: .get) { $0.text }
            #expect(tray.contains(#"title="trip/porto/day1">…/porto/day1</span>"#), "\(tray)")
            #expect(tray.contains(#"title="trip/porto/day2">…/porto/day2</span>"#))
        }
    }

    @Test func aKeptTrayPageIsSentUntilTheStateChanges() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let first = try await client.execute(uri: "/", method: .get) { ($0.text, $0.headers[.eTag]) }
            let again = try await client.execute(uri: "/", method: .get) { ($0.text, $0.headers[.eTag]) }
            #expect(first.0 == again.0 && first.1 == again.1 && first.1 != nil)
            // Another process (or this server) marks Ada's items seen: the next page says so.
            try await fixture.store.markSeen(
                (0..<3).map { SeenMark(item: StoryItemID("ada-\($0)"), user: "ada", index: $0) })
            let after = try await client.execute(uri: "/", method: .get) { ($0.text, $0.headers[.eTag]) }
            #expect(after.1 != first.1, "the page changed with the state")
            let story = try await client.execute(uri: "/api/users/ada", method: .get) { $0.text }
            #expect(story.contains(#""seen":true"#) && !story.contains(#""seen":false"#))
        }
    }

    @Test func everyPageAnswersHEADAndNoLocalPathLeaves() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/", "/u/ada/ada-0", "/gallery", "/api/tray", "/favicon.ico"] {
                try await client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok || response.status == .noContent, "\(uri)")
                    #expect(response.body.readableBytes == 0, "\(uri)")
                }
            }
            for uri in ["/api/tray", "/api/users/kai", "/u/kai/kai-0"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(!response.text.contains("file:"), "\(uri)")
                    #expect(!response.text.contains(fixture.clip.path), "\(uri)")
                }
            }
        }
    }
}

@Suite("The web viewer's pictures and revalidation")
struct WebPicturesTests {
    @Test func picturesComeAtTheWidthsAskedAndAreMadeOnce() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/u/ada/ada-0", method: .get) { $0.text }
            let srcset = try #require(page.firstMatch(of: /srcset="([^"]+)"/)?.1)
            let small = try #require(
                srcset.split(separator: ",").compactMap { $0.split(separator: " ").first }.first {
                    $0.hasSuffix("-360.img")
                })
            #expect(srcset.contains("160w") && srcset.contains("720w") && srcset.contains("1080w"))
            for _ in 0..<2 {
                try await client.execute(uri: String(small), method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/jpeg")
                    let size = try ImageDecoder.check(Data(response.body.readableBytesView))
                    #expect(size.width == 360 && size.height == 202)
                }
            }
            #expect(fixture.counts.loads.withLock { $0 } == 1, "the second answer came from the picture cache")
            let original = try #require(page.firstMatch(of: /src="(\/media\/item\/ada\/ada-0\/[0-9a-f]{16}\.img)"/)?.1)
            try await client.execute(uri: String(original), method: .get) { response in
                let size = try ImageDecoder.check(Data(response.body.readableBytesView))
                #expect(size.width == 1600)
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
            }
            try await client.execute(uri: String(original.dropLast(4)) + "-500.img", method: .get) {
                #expect($0.status == .notFound)
            }
        }
    }

    @Test func aPageTheBrowserHasIsAnswered304() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let tag = try await client.execute(uri: "/u/ada/ada-0", method: .get) { response in
                try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/u/ada/ada-0", method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/u/ada/ada-0", method: .get, headers: [.ifNoneMatch: "\"other\""]) {
                #expect($0.status == .ok)
            }
        }
    }
}
