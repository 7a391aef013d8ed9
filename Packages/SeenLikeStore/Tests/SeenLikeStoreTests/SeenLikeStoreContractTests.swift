import Foundation
import SeenLikeStore
import StoryInterfaces
import Testing

@Suite("SeenLikeStoring contract")
struct SeenLikeStoreContractTests {
    @Test(arguments: StoreKind.allCases)
    func aNewStoreIsEmpty(kind: StoreKind) async throws {
        let store = try kind.make()
        let summary = try await store.summary()
        #expect(summary == SeenLikeSummary(seenItemIDs: [], likedItemIDs: [], users: []))
        #expect(try await store.progress(for: ["u"]) == ["u": .empty("u")])
    }

    @Test(arguments: StoreKind.allCases)
    func seenItemsBuildProgressAndOnlyGrow(kind: StoreKind) async throws {
        let store = try kind.make()
        try await store.markSeen("a2", user: "a", index: 2)
        try await store.markSeen("a0", user: "a", index: 0)
        try await store.markSeen("a0", user: "a", index: 0)
        try await store.markSeen("b0", user: "b", index: 0)
        let progress = try await store.progress(for: ["a", "b", "c"])
        #expect(progress["a"] == UserProgress(userID: "a", seenItemIDs: ["a0", "a2"], lastSeenIndex: 2))
        #expect(progress["b"]?.lastSeenIndex == 0)
        #expect(progress["c"] == .empty("c"))
        #expect(progress.count == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func likesToggle(kind: StoreKind) async throws {
        let store = try kind.make()
        try await store.setLiked("x", true)
        try await store.setLiked("x", true)
        try await store.setLiked("y", true)
        try await store.setLiked("y", false)
        #expect(try await store.likedItems(among: ["x", "y", "z"]) == ["x"])
        #expect(try await store.likedItems(among: []) == [])
        #expect(try await store.summary().likedItemIDs == ["x"])
    }

    @Test(arguments: StoreKind.allCases)
    func summaryIsSortedAndComplete(kind: StoreKind) async throws {
        let store = try kind.make()
        try await store.markSeen("i2", user: "u2", index: 1)
        try await store.markSeen("i1", user: "u1", index: 0)
        try await store.setLiked("i2", true)
        let summary = try await store.summary()
        #expect(summary.seenItemIDs == ["i1", "i2"])
        #expect(summary.likedItemIDs == ["i2"])
        #expect(summary.users.map(\.userID) == ["u1", "u2"])
        #expect(summary.users.map(\.lastSeenIndex) == [0, 1])
    }

    @Test(arguments: StoreKind.allCases, [ResetScope.seen, .likes, .all])
    func resetClearsOnlyItsScope(kind: StoreKind, scope: ResetScope) async throws {
        let store = try kind.make()
        try await store.markSeen("i", user: "u", index: 0)
        try await store.setLiked("i", true)
        try await store.reset(scope)
        let summary = try await store.summary()
        #expect(summary.seenItemIDs.isEmpty == scope.contains(.seen))
        #expect(summary.users.isEmpty == scope.contains(.seen))
        #expect(summary.likedItemIDs.isEmpty == scope.contains(.likes))
    }

    @Test(arguments: StoreKind.allCases)
    func negativeIndexesAreRefused(kind: StoreKind) async throws {
        let store = try kind.make()
        await #expect(throws: SeenLikeStoreError.invalidIndex(-1)) {
            try await store.markSeen("i", user: "u", index: -1)
        }
    }
}
