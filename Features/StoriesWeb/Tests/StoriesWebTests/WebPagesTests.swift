import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoriesWeb
import StoryInterfaces
import Testing

@Suite("The web viewer's pages and API")
struct WebPagesTests {
    @Test func theTrayHasOneLinkPerUserWithItsRingAndNamesEscaped() async throws {
        let fixture = try WebFixture()
        try await fixture.store.setMuted("ada", true)
        try await fixture.test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                let page = response.text
                let ids = page.ranges(of: "data-user-id=\"").map { page[$0.upperBound...].prefix { $0 != "\"" } }
                // Unseen first, muted (ada) last: the tray's own rule.
                #expect(ids == ["eve/..", "kai", "ada"])
                #expect(page.contains("class=\"user ring-muted\" data-user-id=\"ada\""))
                #expect(page.contains("href=\"/u/eve%2F%2E%2E\""))
                #expect(!page.contains("<script>alert"))
                #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Eve&#39;"))
            }
        }
    }

    @Test func aUsersURLRedirectsToTheFirstUnseenItem() async throws {
        let fixture = try WebFixture()
        try await fixture.store.markSeen("ada-0", user: "ada", index: 0)
        try await fixture.test { client in
            try await client.execute(uri: "/u/ada", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/u/ada/ada-1")
            }
            try await client.execute(uri: "/u/nobody", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.text.contains("There is no user"))
            }
        }
    }

    @Test func theViewerCarriesTheDOMContractAndTheServersMoves() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/u/ada/ada-2", method: .get) { response in
                let page = response.text
                #expect(page.contains("data-viewer data-user-id=\"ada\" data-item-id=\"ada-2\""))
                #expect(page.ranges(of: "role=\"progressbar\"").count == 3)
                #expect(page.contains("aria-valuenow=\"100\""))
                #expect(page.contains("<a class=\"next\" href=\"/u/eve%2F%2E%2E/eve-0\">"))
                #expect(page.contains("<form class=\"like\" method=\"post\" action=\"/u/ada/ada-2/like\">"))
            }
            try await client.execute(uri: "/api/users/ada?item=ada-2", method: .get) { response in
                let story =
                    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                let items = story?["items"] as? [[String: Any]] ?? []
                let moves = items.last?["moves"] as? [String: String]
                #expect(moves?["next"] == "/u/eve%2F%2E%2E/eve-0")
                #expect(moves?["previous"] == "/u/ada/ada-1")
                #expect(story?["start"] as? Int == 2)
            }
        }
    }

    /// Tray pages of two: the viewer goes on from page 1's last user into page 2 (it closed
    /// there), back from page 2's first into page 1, and closes after the real last item.
    @Test func theViewerGoesOnIntoTheNextTrayPageAndEndsAtTheRealEnd() async throws {
        var fixture = try WebFixture()
        fixture.pageSize = 2
        try await fixture.test { client in
            func moves(_ uri: String) async throws -> [String: String] {
                try await client.execute(uri: uri, method: .get) { response in
                    let story =
                        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
                    let items = story?["items"] as? [[String: Any]] ?? []
                    let start = story?["start"] as? Int ?? 0
                    return items.indices.contains(start) ? items[start]["moves"] as? [String: String] ?? [:] : [:]
                }
            }
            let lastOfPageOne = try await moves("/api/users/eve%2F%2E%2E?item=eve-1")
            #expect(lastOfPageOne["next"] == "/u/kai/kai-0")
            #expect(lastOfPageOne["nextUser"] == "/u/kai/kai-0")
            let firstOfPageTwo = try await moves("/api/users/kai?item=kai-0")
            #expect(firstOfPageTwo["previousUser"]?.hasPrefix("/u/eve%2F%2E%2E/") == true)
            #expect(firstOfPageTwo["next"] == "/", "the real end closes")
        }
    }

    /// The photo page says what the terminal's detail says: author, size, when it was taken,
    /// the file's name (never its folder).
    @Test func thePhotoPageShowsTheAuthorDateAndFile() async throws {
        var fixture = try WebFixture()
        let taken = Date(timeIntervalSince1970: 1_749_000_000)
        fixture.photos = [
            Photo(
                id: "p1", author: "Ana <b>", width: 4032, height: 3024,
                url: URL(fileURLWithPath: "/home/ana/secret-folder/IMG_0001.jpg"),
                downloadURL: URL(fileURLWithPath: "/home/ana/secret-folder/IMG_0001.jpg"), takenAt: taken)
        ]
        try await fixture.test { client in
            try await client.execute(uri: "/photos/p1", method: .get) { response in
                let page = response.text
                #expect(page.contains("Photo by Ana &lt;b&gt;"))
                #expect(page.contains("4032 × 3024"))
                #expect(page.contains("taken <time datetime=\"\(taken.formatted(.iso8601))\">"))
                #expect(page.contains("Jun 2025"))
                #expect(page.contains("IMG_0001.jpg") && !page.contains("secret-folder"))
            }
        }
    }

    @Test func contentMarkupAndLinksAreEscapedOrDropped() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/u/eve%2F%2E%2E/eve-0", method: .get) { response in
                let page = response.text
                #expect(response.status == .ok)
                #expect(!page.contains("<img src=x"))
                #expect(!page.contains("javascript:"))
                // The data block cannot be ended by a caption.
                let block = page.components(separatedBy: "id=\"story-data\">").last ?? ""
                // (the story's block ends, then the rules' block opens and ends: three parts)
                #expect(block.components(separatedBy: "</script>").count == 3)
                #expect(page.components(separatedBy: "<script").count == 4, "the module, the story, the rules")
            }
            try await client.execute(uri: "/u/eve%2F%2E%2E/eve-1", method: .get) { response in
                #expect(
                    response.text.contains(
                        "href=\"https://example.com/?q=%22x%22\" rel=\"noopener noreferrer\" target=\"_blank\""))
            }
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            for uri in ["/", "/u/ada/ada-0", "/nothing", "/api/tray"] {
                try await client.execute(uri: uri, method: .get) { response in
                    let policy = response.headers[.contentSecurityPolicy] ?? ""
                    #expect(policy.contains("script-src 'self'"), "\(uri)")
                    #expect(policy.contains("object-src 'none'") && policy.contains("base-uri 'none'"))
                    #expect(policy.contains("frame-ancestors 'none'"))
                    #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                }
            }
        }
    }

    @Test func badPagesAndUnknownIdsGetTheirStatusAndSayWhy() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            try await client.execute(uri: "/?page=0", method: .get) { #expect($0.status == .badRequest) }
            try await client.execute(uri: "/api/tray?page=x", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains(#""error":"page=x is not a page"#))
            }
            try await client.execute(uri: "/u/ada/nope", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/no/such/page", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            }
        }
    }

    @Test func theAssetsAreFingerprintedAndImmutable() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/", method: .get) { $0.text }
            let script = try #require(page.firstMatch(of: /src="(\/assets\/stories\.[0-9a-f]{16}\.js)"/)?.1)
            try await client.execute(uri: String(script), method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl]?.contains("immutable") == true)
                #expect(response.text.contains("storiesEvents"))
            }
            try await client.execute(uri: "/assets/stories.0000000000000000.js", method: .get) {
                #expect($0.status == .notFound)
            }
        }
    }
}
