import Foundation
import StoryInterfaces
import StoryNavigation
import Testing

@Suite("view --json lines")
struct ViewerEventRecordTests {
    private func line(_ event: ViewerEvent) throws -> String? {
        guard let record = ViewerEventRecord(event) else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(record), as: UTF8.self)
    }

    @Test func eachEventHasItsFieldsAndNoOthers() throws {
        let (user, item) = (UserID("u/1"), StoryItemID("i1"))
        #expect(
            try line(.itemShown(user: user, item: item, index: 0, count: 3))
                == #"{"count":3,"event":"itemShown","index":0,"item":"i1","user":"u/1"}"#)
        #expect(
            try line(.itemSeen(user: user, item: item, index: 2))
                == #"{"event":"itemSeen","index":2,"item":"i1","user":"u/1"}"#)
        #expect(try line(.liked(item)) == #"{"event":"liked","item":"i1"}"#)
        #expect(try line(.unliked(item)) == #"{"event":"unliked","item":"i1"}"#)
        #expect(
            try line(.userChanged(from: user, to: UserID("u2"))) == #"{"event":"userChanged","from":"u/1","to":"u2"}"#)
        #expect(try line(.paused) == #"{"event":"paused"}"#)
        #expect(try line(.resumed) == #"{"event":"resumed"}"#)
        #expect(try line(.closed) == #"{"event":"closed"}"#)
        #expect(try line(.playbackStarted(item)) == #"{"event":"playbackStarted","item":"i1"}"#)
        #expect(
            try line(.mediaFailed(item: item, reason: "HTTP 500"))
                == #"{"event":"mediaFailed","item":"i1","reason":"HTTP 500"}"#)
    }

    @Test func hintsHaveNoLine() throws {
        #expect(try line(.prefetch(StoryItemID("i"))) == nil)
        #expect(try line(.retrying(item: StoryItemID("i"))) == nil)
    }
}
