import Foundation
import SeenLikeStore
import StoryInterfaces
import Testing

@Suite("SQLite store")
struct SQLiteSeenLikeStoreTests {
    @Test func stateSurvivesReopening() async throws {
        let path = try TemporaryDirectory.make().appending("nested/state.sqlite")
        do {
            let store = try SQLiteSeenLikeStore(path: path)
            try await store.markSeen("i", user: "u", index: 3)
            try await store.setLiked("i", true)
        }
        let reopened = try SQLiteSeenLikeStore(path: path)
        #expect(try await reopened.progress(for: ["u"])["u"]?.lastSeenIndex == 3)
        #expect(try await reopened.likedItems(among: ["i"]) == ["i"])
    }

    @Test func theStateVersionMovesWithEveryCommitHereOrElsewhere() async throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        let store = try SQLiteSeenLikeStore(path: path)
        let other = try SQLiteSeenLikeStore(path: path)  // another process's connections
        store.keepStateVersion(for: .zero)
        let first = try await store.stateVersion()
        #expect(try await store.stateVersion() == first, "no change, no move")
        try await store.markSeen("i", user: "u", index: 0)
        let afterOwn = try await store.stateVersion()
        #expect(afterOwn != first)
        try await other.setLiked("i", true)
        #expect(try await store.stateVersion() != afterOwn)
    }

    @Test func theMemoryStoresVersionMovesWithEveryChange() async throws {
        let store = InMemorySeenLikeStore()
        let first = await store.stateVersion()
        await store.setMuted("u", true)
        #expect(await store.stateVersion() != first)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsDamaged() throws {
        let path = try TemporaryDirectory.make().appending("state.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SQLiteSeenLikeStore(path: path)
        } throws: { error in
            guard case .damaged(let reported, _) = error as? SeenLikeStoreError else { return false }
            return reported == path
        }
    }

    @Test func damageMessagesNameTheFileAndTheFix() {
        let message = SeenLikeStoreError.damaged(path: "/x/state.sqlite", detail: "file is not a database").description
        #expect(message.contains("/x/state.sqlite"))
        #expect(message.contains("stories doctor --repair"))
    }
}
