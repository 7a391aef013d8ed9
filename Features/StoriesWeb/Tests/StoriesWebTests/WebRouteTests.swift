import Foundation
import StoryInterfaces
import Testing

@testable import StoriesWeb

/// One route type prints and parses every URL; the page's script gets its templates and the
/// viewer's rules as data, and holds none of its own.
@Suite("The web's routes and rules")
struct WebRouteTests {
    static let hostile = ["ada", "eve/..", "..", ".", "a b?c#d&e=f", "~x", "ü/%2F", "<script>", "{user}", "1"]

    @Test func everyRoutePrintsAPathThatParsesBackToIt() throws {
        var routes: [WebRoute] = [.memories, .apiSeen, .apiState, .events]
        for page in [1, 2, 10_000_000] {
            routes += [.tray(page: page), .gallery(page: page), .apiTray(page: page)]
        }
        for user in Self.hostile.map({ UserID($0) }) {
            routes += [.user(user), .apiMute(user), .apiUser(user, item: nil)]
            for item in Self.hostile.map({ StoryItemID($0) }) {
                routes += [
                    .item(user, item), .likeForm(user, item), .muteForm(user, item), .seenBeacon(user, item),
                    .apiUser(user, item: item), .apiLike(item),
                ]
            }
            routes.append(.photo(PhotoID(user.rawValue)))
        }
        for route in routes {
            #expect(WebRoute(path: route.path) == route, "\(route) → \(route.path)")
        }
        #expect(Set(routes.map(\.shape)) == Set(WebRoute.Shape.allCases), "every shape tried")
        #expect(WebRoute.item("eve/..", "..").path == "/u/eve%2F%2E%2E/~%2E%2E")
        #expect(WebRoute.tray(page: 1).path == "/" && WebRoute.tray(page: 2).path == "/?page=2")
        #expect(WebRoute.apiUser("ada", item: nil).path == "/api/users/ada")
        #expect(WebRoute.Shape.item.patternText == "/u/:user/:item")
        #expect(WebRoute.Shape.apiUser.patternText == "/api/users/:user")
    }

    @Test func pathsThatAreNoRouteAreRefused() {
        for path in [
            "/u", "/u/", "/u//x", "/x/ada", "/?page=0", "/?page=x", "/?other=1", "/api/users/a?item=%ZZ", "/u/%ZZ",
        ] {
            #expect(WebRoute(path: path) == nil, "\(path)")
        }
    }

    /// `Tests/Web/rules.json`, which the script's unit tests (`node --test`) read, is the
    /// server's own `stories-rules` block.
    @Test func theScriptsTestsReadTheServersOwnRules() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../")
        let golden = try Data(contentsOf: root.appendingPathComponent("Tests/Web/rules.json"))
        let served = try WebAPI.encode(WebRules())
        let lhs = try JSONSerialization.jsonObject(with: golden) as? NSDictionary
        let rhs = try JSONSerialization.jsonObject(with: served) as? NSDictionary
        #expect(lhs == rhs, "Tests/Web/rules.json is stale: write it from a page's stories-rules block")
    }

    /// The script holds no rule and no URL shape of its own: no route literal, no hold or
    /// zone number, no key name but the modifiers' and the arrows' prefix.
    @Test func theScriptsHoldNoRuleOfTheirOwn() {
        for (name, text) in [("stories.js", WebAssets.script), ("viewer-step.js", WebAssets.step)] {
            for literal in ["'/api/", "`/api/", "'/u/", "`/u/", "250", "300", "/ 3", "ArrowRight", "'Escape'"] {
                #expect(!text.contains(literal), "\(name) writes \(literal)")
            }
        }
        #expect(
            WebAssets.script.contains("import('\(WebAssets.stepPath)')"), "the import names the fingerprinted module")
    }

    /// The page's script and style stay small on a phone's network: ≤ 30 KB gzipped together.
    @Test func theAssetsStayWithinTheirBudget() throws {
        let total = [WebAssets.script, WebAssets.step, WebAssets.style].map(\.utf8.count).reduce(0, +)
        #expect(total < 60_000, "\(total) bytes before compression")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("all")
        try Data((WebAssets.script + WebAssets.step + WebAssets.style).utf8).write(to: file)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -9 -c \"$0\" | wc -c", file.path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        gzip.waitUntilExit()
        let size =
            Int(
                String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines)) ?? .max
        #expect(size <= 30_000, "\(size) bytes gzipped")
    }
}
