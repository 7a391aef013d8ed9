import Foundation
import StateSync
import StoryInterfaces
import Synchronization
import Testing

/// A server that keeps one person's changes in its order, applies a device's sequence once,
/// and fails on demand (before or after committing a push).
final class MemoryServer: SharedStateServing {
    struct State {
        var log: [SharedChange] = []
        var acked: [String: Int64] = [:]
        var next: Int64 = 1
        var failPushes = 0
        var failAfterCommit = 0
        var pushes = 0
        var hang = false
    }
    let state = Mutex(State())

    struct Down: Error {}

    func push(_ changes: [StateChange], from device: String) async throws {
        if state.withLock({ $0.hang }) { try await Task.sleep(for: .seconds(3600)) }
        try state.withLock { state in
            state.pushes += 1
            if state.failPushes > 0 {
                state.failPushes -= 1
                throw Down()
            }
            let applied = state.acked[device] ?? 0
            for change in changes where change.sequence > applied {
                state.log.append(SharedChange(order: state.next, kind: change.kind))
                state.next += 1
            }
            state.acked[device] = max(applied, changes.last?.sequence ?? 0)
            if state.failAfterCommit > 0 {
                state.failAfterCommit -= 1
                throw Down()  // committed, but the answer is lost
            }
        }
    }

    func pull(after cursor: Int64, limit: Int) async throws -> [SharedChange] {
        state.withLock { Array($0.log.filter { $0.order > cursor }.prefix(limit)) }
    }
}

/// A replica that keeps pending changes and folds pulled ones into liked/seen sets.
final class MemoryReplica: SyncReplica {
    struct State {
        var pending: [StateChange] = []
        var nextSequence: Int64 = 1
        var cursor: Int64 = 0
        var seen: Set<StoryItemID> = []
        var liked: Set<StoryItemID> = []
        var muted: Set<UserID> = []
        var lastSync: Date?
    }
    let state = Mutex(State())
    let device: String

    init(device: String) { self.device = device }

    private func record(_ kind: StateChangeKind) {
        state.withLock { state in
            state.pending.append(StateChange(sequence: state.nextSequence, kind: kind))
            state.nextSequence += 1
            Self.fold(kind, into: &state)
        }
    }

    private static func fold(_ kind: StateChangeKind, into state: inout State) {
        switch kind {
        case .seen(let mark): state.seen.insert(mark.item)
        case .liked(let item, true): state.liked.insert(item)
        case .liked(let item, false): state.liked.remove(item)
        case .muted(let user, true): state.muted.insert(user)
        case .muted(let user, false): state.muted.remove(user)
        case .reset(let scope):
            if scope.contains(.seen) { state.seen = [] }
            if scope.contains(.likes) { state.liked = [] }
            if scope.contains(.mutes) { state.muted = [] }
        }
    }

    func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        record(.seen(SeenMark(item: item, user: user, index: index)))
    }
    func markSeen(_ marks: [SeenMark]) async throws { for mark in marks { record(.seen(mark)) } }
    func setLiked(_ item: StoryItemID, _ liked: Bool) async throws { record(.liked(item, liked)) }
    func setMuted(_ user: UserID, _ muted: Bool) async throws { record(.muted(user, muted)) }
    func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        state.withLock { $0.liked.intersection(items) }
    }
    func progress(for users: [UserID]) async throws -> [UserID: UserProgress] { [:] }
    func summary() async throws -> SeenLikeSummary {
        state.withLock {
            SeenLikeSummary(
                seenItemIDs: $0.seen.sorted(), likedItemIDs: $0.liked.sorted(), users: [],
                mutedUserIDs: $0.muted.sorted())
        }
    }
    func reset(_ scope: ResetScope) async throws { record(.reset(scope)) }

    func pendingChanges(limit: Int) async throws -> [StateChange] { state.withLock { Array($0.pending.prefix(limit)) } }
    func acknowledge(through sequence: Int64) async throws {
        state.withLock { $0.pending.removeAll { $0.sequence <= sequence } }
    }
    func apply(_ changes: [SharedChange], cursor: Int64) async throws -> Int {
        state.withLock { state in
            var news = 0
            for change in changes where change.order > state.cursor {
                if case .liked(let item, _) = change.kind,
                    state.pending.contains(where: { if case .liked(item, _) = $0.kind { true } else { false } })
                {
                    continue
                }
                let before = (state.seen, state.liked, state.muted)
                Self.fold(change.kind, into: &state)
                if before != (state.seen, state.liked, state.muted) { news += 1 }
            }
            state.cursor = max(state.cursor, cursor)
            return news
        }
    }
    func recordSync(at date: Date) async throws { state.withLock { $0.lastSync = date } }
    func syncStatus() async throws -> SyncStatus {
        state.withLock {
            SyncStatus(pending: $0.pending.count, lastSync: $0.lastSync, cursor: $0.cursor, device: device)
        }
    }
}

@Suite("One sync: push in the device's order, pull in the server's")
struct StateSynchronizerTests {
    let item = StoryItemID("a")

    @Test func everythingPendingIsPushedInBatchesThenPulledBack() async throws {
        let server = MemoryServer()
        let replica = MemoryReplica(device: "d1")
        for index in 0..<25 { try await replica.markSeen(StoryItemID("i\(index)"), user: UserID("u"), index: index) }
        let report = try await StateSynchronizer.sync(
            replica, with: server, batch: 10, now: { Date(timeIntervalSince1970: 7) })
        #expect(report.pushed == 25)
        #expect(report.pulled == 25)
        #expect(report.received == 0, "its own changes, pulled back, are no news (it said received 25)")
        let other = try await StateSynchronizer.sync(MemoryReplica(device: "d2"), with: server, batch: 10)
        #expect(other.received == 25 && other.pushed == 0)
        #expect(server.state.withLock { $0.pushes } == 3)
        let status = try await replica.syncStatus()
        #expect(status.pending == 0)
        #expect(status.cursor == 25)
        #expect(status.lastSync == Date(timeIntervalSince1970: 7))
    }

    @Test func aFailedPushLosesNothingAndTheNextSyncSendsIt() async throws {
        let server = MemoryServer()
        let replica = MemoryReplica(device: "d1")
        try await replica.setLiked(item, true)
        server.state.withLock { $0.failPushes = 1 }
        await #expect(throws: MemoryServer.Down.self) { try await StateSynchronizer.sync(replica, with: server) }
        #expect(try await replica.syncStatus().pending == 1)
        #expect(try await replica.syncStatus().lastSync == nil)
        _ = try await StateSynchronizer.sync(replica, with: server)
        #expect(try await replica.syncStatus().pending == 0)
        #expect(server.state.withLock { $0.log.count } == 1)
    }

    @Test func aPushCommittedButUnansweredIsSentAgainAndAppliedOnce() async throws {
        let server = MemoryServer()
        let replica = MemoryReplica(device: "d1")
        try await replica.setLiked(item, true)
        try await replica.setLiked(item, false)
        server.state.withLock { $0.failAfterCommit = 1 }
        await #expect(throws: MemoryServer.Down.self) { try await StateSynchronizer.sync(replica, with: server) }
        #expect(try await replica.syncStatus().pending == 2)  // never heard back: still pending
        _ = try await StateSynchronizer.sync(replica, with: server)
        #expect(server.state.withLock { $0.log.count } == 2)  // not four
        #expect(try await replica.likedItems(among: [item]).isEmpty)
    }

    @Test func twoDevicesApartAgreeAfterOneSyncEach() async throws {
        let server = MemoryServer()
        let phone = MemoryReplica(device: "phone")
        let laptop = MemoryReplica(device: "laptop")
        // Apart: the phone likes, the laptop unlikes then likes again and sees another item.
        try await phone.setLiked(item, true)
        try await laptop.setLiked(item, true)
        try await laptop.setLiked(item, false)
        try await laptop.markSeen(StoryItemID("b"), user: UserID("u"), index: 1)
        _ = try await StateSynchronizer.sync(phone, with: server)
        _ = try await StateSynchronizer.sync(laptop, with: server)  // reaches the server last: its unlike wins
        _ = try await StateSynchronizer.sync(phone, with: server)
        #expect(try await phone.summary() == laptop.summary())
        #expect(try await phone.likedItems(among: [item]).isEmpty)
        #expect(try await phone.summary().seenItemIDs == [StoryItemID("b")])
    }

    @Test func aResetReachesTheOtherDeviceInItsPlace() async throws {
        let server = MemoryServer()
        let phone = MemoryReplica(device: "phone")
        let laptop = MemoryReplica(device: "laptop")
        try await phone.markSeen(StoryItemID("x"), user: UserID("u"), index: 0)
        _ = try await StateSynchronizer.sync(phone, with: server)
        _ = try await StateSynchronizer.sync(laptop, with: server)
        try await laptop.reset(.seen)
        try await laptop.markSeen(StoryItemID("y"), user: UserID("u"), index: 1)
        _ = try await StateSynchronizer.sync(laptop, with: server)
        _ = try await StateSynchronizer.sync(phone, with: server)
        #expect(try await phone.summary().seenItemIDs == [StoryItemID("y")])
    }
}

@Suite("Background sync")
struct BackgroundSyncTests {
    @Test func aChangeIsSyncedSoonAfterItIsWritten() async throws {
        let server = MemoryServer()
        let replica = MemoryReplica(device: "d1")
        let results = Mutex(0)
        let sync = BackgroundSync(
            replica: replica, server: server, interval: .seconds(3600), settle: .milliseconds(1)
        ) { result in if case .success = result { results.withLock { $0 += 1 } } }
        let store = SyncedStore(replica: replica, sync: sync)
        await sync.start()
        try await store.setLiked(StoryItemID("a"), true)
        let deadline = ContinuousClock.now + .seconds(120)
        while try await replica.syncStatus().pending > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await replica.syncStatus().pending == 0)
        let finished = await sync.finish(within: .seconds(120))
        #expect(finished.map { if case .success = $0 { true } else { false } } == true)
    }

    @Test func finishingDoesNotWaitForAServerThatHangs() async throws {
        let server = MemoryServer()
        server.state.withLock { $0.hang = true }
        let replica = MemoryReplica(device: "d1")
        try await replica.setLiked(StoryItemID("a"), true)
        let sync = BackgroundSync(replica: replica, server: server)
        let started = ContinuousClock.now
        let finished = await sync.finish(within: .milliseconds(50))
        #expect(finished == nil)
        #expect(ContinuousClock.now - started < .seconds(600))  // a far bound: never the hour it hangs
        #expect(try await replica.syncStatus().pending == 1)  // kept for the next run
    }
}
