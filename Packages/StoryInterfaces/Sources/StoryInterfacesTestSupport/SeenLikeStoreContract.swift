public import StoryInterfaces
import Testing

/// The `SeenLikeStoring` contract, as checks any store's suite runs over its implementations
/// (SeenLikeStore: sqlite and memory; PostgresSeenLikeStore: postgres), so every store is held
/// to the same rules. Each check gets a fresh, empty store from `make`.
public enum SeenLikeStoreContract {
    /// The checks by name, for `@Test(arguments:)`.
    public static let checks: [(name: String, run: @Sendable (any SeenLikeStoring) async throws -> Void)] = [
        ("a new store is empty", aNewStoreIsEmpty),
        ("seen items build progress and only grow", seenItemsBuildProgressAndOnlyGrow),
        ("likes toggle and the last one wins", likesToggle),
        ("mutes toggle and show in progress and the summary", mutesToggle),
        ("a batch is written whole", aBatchIsWrittenWhole),
        ("the summary is sorted and complete", summaryIsSortedAndComplete),
        ("reset clears only its scope", resetClearsOnlyItsScope),
        ("negative indexes are refused", negativeIndexesAreRefused),
    ]

    static func aNewStoreIsEmpty(_ store: any SeenLikeStoring) async throws {
        #expect(
            try await store.summary() == SeenLikeSummary(seenItemIDs: [], likedItemIDs: [], users: [], mutedUserIDs: [])
        )
        #expect(try await store.progress(for: ["u"]) == ["u": .empty("u")])
    }

    static func seenItemsBuildProgressAndOnlyGrow(_ store: any SeenLikeStoring) async throws {
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

    static func likesToggle(_ store: any SeenLikeStoring) async throws {
        try await store.setLiked("x", true)
        try await store.setLiked("x", true)
        try await store.setLiked("y", true)
        try await store.setLiked("y", false)
        try await store.setLiked("z", false)
        #expect(try await store.likedItems(among: ["x", "y", "z"]) == ["x"])
        #expect(try await store.likedItems(among: []) == [])
        #expect(try await store.summary().likedItemIDs == ["x"])
    }

    static func mutesToggle(_ store: any SeenLikeStoring) async throws {
        try await store.setMuted("a", true)
        try await store.setMuted("a", true)
        try await store.setMuted("b", true)
        try await store.setMuted("b", false)
        try await store.setMuted("c", false)
        try await store.setMuted("d", true)
        try await store.markSeen("a0", user: "a", index: 0)
        let progress = try await store.progress(for: ["a", "b", "c", "e"])
        #expect(progress["a"] == UserProgress(userID: "a", seenItemIDs: ["a0"], lastSeenIndex: 0, isMuted: true))
        #expect(progress["b"] == .empty("b") && progress["c"] == .empty("c") && progress["e"] == .empty("e"))
        #expect(progress.count == 4, "a muted user not asked for is not returned")
        let summary = try await store.summary()
        #expect(summary.mutedUserIDs == ["a", "d"])
        #expect(summary.users.map(\.isMuted) == [true])
        #expect(summary.seenItemIDs == ["a0"], "muting marks nothing seen")
    }

    static func aBatchIsWrittenWhole(_ store: any SeenLikeStoring) async throws {
        let marks = (0..<50).map { SeenMark(item: StoryItemID("m\($0)"), user: "m", index: $0) }
        try await store.markSeen(marks)
        try await store.markSeen(Array(marks.prefix(10)))
        let progress = try await store.progress(for: ["m"])
        #expect(progress["m"]?.seenItemIDs.count == 50 && progress["m"]?.lastSeenIndex == 49)
        await #expect(throws: (any Error).self) {
            try await store.markSeen([
                SeenMark(item: "ok", user: "n", index: 0), SeenMark(item: "bad", user: "n", index: -1),
            ])
        }
        #expect(try await store.progress(for: ["n"])["n"] == .empty("n"), "none of a refused batch")
    }

    static func summaryIsSortedAndComplete(_ store: any SeenLikeStoring) async throws {
        try await store.markSeen("i2", user: "u2", index: 1)
        try await store.markSeen("i1", user: "u1", index: 0)
        try await store.setLiked("i2", true)
        let summary = try await store.summary()
        #expect(summary.seenItemIDs == ["i1", "i2"])
        #expect(summary.likedItemIDs == ["i2"])
        #expect(summary.users.map(\.userID) == ["u1", "u2"])
        #expect(summary.users.map(\.lastSeenIndex) == [0, 1])
    }

    static func resetClearsOnlyItsScope(_ store: any SeenLikeStoring) async throws {
        for scope: ResetScope in [.seen, .likes, .mutes, [.seen, .likes], .all] {
            try await store.markSeen("i", user: "u", index: 0)
            try await store.setLiked("i", true)
            try await store.setMuted("u", true)
            try await store.reset(scope)
            let summary = try await store.summary()
            #expect(summary.seenItemIDs.isEmpty == scope.contains(.seen))
            #expect(summary.users.isEmpty == scope.contains(.seen))
            #expect(summary.likedItemIDs.isEmpty == scope.contains(.likes))
            #expect(summary.mutedUserIDs.isEmpty == scope.contains(.mutes))
            #expect(try await store.progress(for: ["u"])["u"]?.isMuted == !scope.contains(.mutes))
            try await store.reset(.all)
        }
    }

    static func negativeIndexesAreRefused(_ store: any SeenLikeStoring) async throws {
        await #expect(throws: (any Error).self) { try await store.markSeen("i", user: "u", index: -1) }
        #expect(try await store.summary().seenItemIDs.isEmpty)
    }
}
