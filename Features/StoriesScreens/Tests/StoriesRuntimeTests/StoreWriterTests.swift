import Logging
import StoriesRuntime
import StoryInterfaces
import StoryInterfacesTestSupport
import Testing

/// One refused write never holds back the others: a store that refuses one item
/// for good (a value it can never take) and saves the rest.
@Suite("Store writer")
struct StoreWriterTests {
    /// An in-memory store that refuses `bad` as a data error (exit 65's kind), as PostgreSQL's
    /// index refuses a 3,000-letter id.
    actor RefusingStore: SeenLikeStoring {
        let bad: StoryItemID
        var seen: [StoryItemID] = []
        var liked: Set<StoryItemID> = []
        init(bad: StoryItemID) { self.bad = bad }
        func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
            if item == bad { throw StoryContentError.unknownItem(item) }
            seen.append(item)
        }
        func markSeen(_ marks: [SeenMark]) async throws {
            for mark in marks { try await markSeen(mark.item, user: mark.user, index: mark.index) }
        }
        func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
            if item == bad { throw StoryContentError.unknownItem(item) }
            if liked { self.liked.insert(item) } else { self.liked.remove(item) }
        }
        func setMuted(_ user: UserID, _ muted: Bool) async throws {}
        func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> { liked.intersection(items) }
        func progress(for users: [UserID]) async throws -> [UserID: UserProgress] { [:] }
        func summary() async throws -> SeenLikeSummary {
            SeenLikeSummary(seenItemIDs: seen, likedItemIDs: liked.sorted(), users: [])
        }
        func reset(_ scope: ResetScope) async throws {}
    }

    @Test func aWriteRefusedForGoodIsSetAsideAndTheOthersAreSaved() async throws {
        let store = RefusingStore(bad: "bad-0")
        // The app says which failures are for good (exit 65's kind: an unknown item).
        let writer = StoreWriter(
            store: store, logger: Logger(label: "test"), refusedForGood: { $0 is StoryContentError })
        writer.write(.seen("bad-0", user: "bad", index: 0))
        writer.write(.liked("bad-0", true))
        for index in 0..<6 { writer.write(.seen(StoryItemID("ada-\(index)"), user: "ada", index: index)) }
        writer.write(.liked("ada-1", true))
        let outcome = await writer.finish()
        #expect(await store.seen.count == 6, "every later seen mark saved")
        #expect(await store.liked == ["ada-1"])
        #expect(outcome.unsaved == 2 && outcome.reason?.contains("bad-0") == true, "\(outcome)")
    }
}
