import StoryInterfaces
import StoryNavigation
import Testing

@Suite("Scripted viewer (view --keys)")
struct ViewerScriptTests {
    @Test func keysParse() throws {
        #expect(
            try ViewerScript.parse(
                "next  prev nextUser prevUser pause resume like close retry wait:5s wait:500ms wait:1.5s wait:2m") == [
                    .command(.next), .command(.previous), .command(.nextUser), .command(.previousUser),
                    .command(.pause),
                    .command(.resume), .command(.toggleLike), .command(.close), .command(.retry), .wait(.seconds(5)),
                    .wait(.milliseconds(500)), .wait(.milliseconds(1500)), .wait(.seconds(120)),
                ])
        #expect(try ViewerScript.parse("").isEmpty)
    }

    @Test(arguments: [
        ("next jump", "jump", 2), ("wait:5", "wait:5", 1), ("wait:-1s", "wait:-1s", 1), ("NEXT", "NEXT", 1),
    ])
    func unknownKeysAreNamedWithTheirPlace(keys: String, word: String, position: Int) {
        #expect(throws: ViewerScriptError.unknownKey(word, position: position)) { try ViewerScript.parse(keys) }
    }

    @Test func aScriptGivesExactEvents() async throws {
        var (viewer, opening) = open([2, 1])
        let steps = try ViewerScript.parse("wait:12s like next")
        let events = await ViewerScript.run(steps, viewer: &viewer, opening: opening) { _ in nil }
        #expect(
            visible(events) == [
                .itemShown(user: "u0", item: "u0-0", index: 0, count: 2),
                .itemSeen(user: "u0", item: "u0-0", index: 0),
                .itemShown(user: "u0", item: "u0-1", index: 1, count: 2),
                .itemSeen(user: "u0", item: "u0-1", index: 1),
                .userChanged(from: "u0", to: "u1"),
                .itemShown(user: "u1", item: "u1-0", index: 0, count: 1),
                .itemSeen(user: "u1", item: "u1-0", index: 0),
                .liked("u1-0"),
                .closed,
            ])
    }

    @Test func keysAfterTheViewerClosesAreNotApplied() async throws {
        var (viewer, opening) = open([1])
        let events = await ViewerScript.run(try ViewerScript.parse("next like next"), viewer: &viewer, opening: opening)
        { _ in nil }
        #expect(visible(events).last == .closed)
        #expect(!events.contains(.liked("u0-0")))
    }

    @Test func aFailedMediaIsReportedAndRetried() async throws {
        var (viewer, opening) = open([2])
        let attempts = Counter()
        let events = await ViewerScript.run(
            try ViewerScript.parse("wait:5s retry wait:5s"), viewer: &viewer, opening: opening
        ) {
            item in await attempts.next() == 1 ? "HTTP 503" : nil
        }
        #expect(
            visible(events) == [
                .itemShown(user: "u0", item: "u0-0", index: 0, count: 2),
                .mediaFailed(item: "u0-0", reason: "HTTP 503"),
                .retrying(item: "u0-0"),
                .itemSeen(user: "u0", item: "u0-0", index: 0),
                .itemShown(user: "u0", item: "u0-1", index: 1, count: 2),
                .itemSeen(user: "u0", item: "u0-1", index: 1),
            ])
    }
}

actor Counter {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
