import Foundation
import SeenLikeStore
import StoryInterfaces
import Testing

@Suite("SQLite store as a shared server's replica")
struct ReplicaTests {
    func replica() throws -> SQLiteSeenLikeStore {
        try SQLiteSeenLikeStore(path: TemporaryDirectory.make().appending("state.sqlite"), recordsChanges: true)
    }

    @Test func eachWriteThatChangesSomethingIsRecordedInOrder() async throws {
        let store = try replica()
        try await store.markSeen("a", user: "u", index: 0)
        try await store.markSeen("a", user: "u", index: 0)  // nothing new: nothing to send
        try await store.setLiked("b", false)  // an unlike is sent even of what this replica never liked
        try await store.setLiked("a", true)
        try await store.reset(.likes)
        let kinds = try await store.pendingChanges(limit: 100).map(\.kind)
        #expect(
            kinds == [
                .seen(SeenMark(item: "a", user: "u", index: 0)), .liked("b", false), .liked("a", true), .reset(.likes),
            ])
        let sequences = try await store.pendingChanges(limit: 100).map(\.sequence)
        #expect(sequences == sequences.sorted() && Set(sequences).count == 4)
        #expect(try await store.pendingChanges(limit: 2).count == 2)
    }

    @Test func aPlainStoreRecordsNothing() async throws {
        let store = try SQLiteSeenLikeStore(path: TemporaryDirectory.make().appending("state.sqlite"))
        try await store.setLiked("a", true)
        #expect(try await store.pendingChanges(limit: 10).isEmpty)
    }

    @Test func acknowledgedChangesAreNoLongerPendingAndSequencesAreNeverReused() async throws {
        let store = try replica()
        try await store.setLiked("a", true)
        try await store.setLiked("b", true)
        let first = try await store.pendingChanges(limit: 10)
        try await store.acknowledge(through: first[0].sequence)
        #expect(try await store.pendingChanges(limit: 10).map(\.kind) == [.liked("b", true)])
        try await store.acknowledge(through: first[1].sequence)
        try await store.setLiked("c", true)
        #expect(try await store.pendingChanges(limit: 10).map(\.sequence) == [first[1].sequence + 1])
    }

    @Test func pulledChangesApplyOnceInOrderAndPendingLikesStand() async throws {
        let store = try replica()
        try await store.setLiked("mine", false)  // pending here: the server's older like must not undo it
        try await store.setLiked("mine", true)
        try await store.markSeen("z", user: "u", index: 0)
        let news = try await store.apply(
            [
                SharedChange(order: 3, kind: .seen(SeenMark(item: "x", user: "u", index: 2))),
                SharedChange(order: 4, kind: .seen(SeenMark(item: "z", user: "u", index: 0))),
                SharedChange(order: 5, kind: .liked("y", true)),
                SharedChange(order: 6, kind: .liked("mine", false)),
            ], cursor: 6)
        #expect(news == 2, "x and y are news; z (this device's own, back) and the pending like's are not")
        #expect(try await store.summary().seenItemIDs == ["x", "z"])
        #expect(try await store.likedItems(among: ["y", "mine"]) == ["y", "mine"])
        #expect(try await store.syncStatus().cursor == 6)
        // The same batch again (a sync that ran beside another): nothing applies twice.
        try await store.setLiked("y", false)
        try await store.acknowledge(through: Int64.max)
        try await store.apply([SharedChange(order: 5, kind: .liked("y", true))], cursor: 5)
        #expect(try await store.likedItems(among: ["y"]).isEmpty)
        #expect(try await store.syncStatus().cursor == 6)
        // Pulled changes are not sent back.
        #expect(try await store.pendingChanges(limit: 10).isEmpty)
    }

    /// Mutes travel as likes do: recorded with each write, pulled ones applied unless a mute of
    /// the same user waits here, a pulled reset of mutes keeping what waits.
    @Test func mutesAreRecordedAndPulledAsLikesAre() async throws {
        let store = try replica()
        try await store.setMuted("ada", true)
        try await store.setMuted("bob", false)
        #expect(try await store.pendingChanges(limit: 10).map(\.kind) == [.muted("ada", true), .muted("bob", false)])
        try await store.apply(
            [
                SharedChange(order: 1, kind: .muted("ada", false)),  // older than the mute waiting here
                SharedChange(order: 2, kind: .muted("cy", true)),
                SharedChange(order: 3, kind: .muted("dee", true)),
                SharedChange(order: 4, kind: .muted("dee", false)),
            ], cursor: 4)
        #expect(try await store.summary().mutedUserIDs == ["ada", "cy"])
        try await store.apply([SharedChange(order: 5, kind: .reset(.mutes))], cursor: 5)
        #expect(try await store.summary().mutedUserIDs == ["ada"], "the mute waiting here comes after the reset")
        try await store.acknowledge(through: Int64.max)
        try await store.apply([SharedChange(order: 6, kind: .reset(.all))], cursor: 6)
        #expect(try await store.summary().mutedUserIDs.isEmpty)
    }

    @Test func aPulledResetClearsAllButWhatWaitsHere() async throws {
        let store = try replica()
        try await store.apply(
            [
                SharedChange(order: 1, kind: .seen(SeenMark(item: "old", user: "u", index: 0))),
                SharedChange(order: 2, kind: .liked("old", true)),
            ], cursor: 2)
        try await store.markSeen("new", user: "u", index: 1)  // made here, not yet sent
        try await store.apply([SharedChange(order: 9, kind: .reset(.all))], cursor: 9)
        #expect(try await store.summary().seenItemIDs == ["new"])
        #expect(try await store.summary().likedItemIDs.isEmpty)
    }

    @Test func theStatusSaysWhatWaitsAndTheDeviceIsMadeOnce() async throws {
        let store = try replica()
        let first = try await store.syncStatus()
        #expect(first.pending == 0 && first.lastSync == nil && first.cursor == 0 && !first.device.isEmpty)
        try await store.markSeen("a", user: "u", index: 0)
        try await store.recordSync(at: Date(timeIntervalSince1970: 1_000))
        let second = try await store.syncStatus()
        #expect(second.pending == 1 && second.lastSync == Date(timeIntervalSince1970: 1_000))
        #expect(second.device == first.device)
        let other = try replica()
        #expect(try await other.syncStatus().device != first.device)
    }
}
