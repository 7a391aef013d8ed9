import Foundation
public import StoryInterfaces

/// Syncs in the background of a long-running program (the interactive app): once at start, a
/// moment after each change (``changed()``, so a burst of marks goes in one sync), every
/// `interval` to pull other devices' changes, and a last time in ``finish(within:)``. One sync
/// runs at a time; a failed one is reported and tried again after 1 s, 2 s, 4 s… (at most
/// `interval`) — the changes wait in the replica meanwhile, nothing is lost.
public actor BackgroundSync {
    private let replica: any SyncReplica
    private let server: any SharedStateServing
    private let interval: Duration
    private let settle: Duration
    private let report: @Sendable (Result<StateSynchronizer.Report, any Error>) -> Void
    private var loop: Task<Void, Never>?
    private var wake: AsyncStream<Void>.Continuation?
    private var failures = 0
    private var retry: Task<Void, Never>?

    /// Creates a background sync; `report` hears how each sync ended.
    public init(
        replica: any SyncReplica, server: any SharedStateServing, interval: Duration = .seconds(30),
        settle: Duration = .milliseconds(500),
        report: @escaping @Sendable (Result<StateSynchronizer.Report, any Error>) -> Void = { _ in }
    ) {
        self.replica = replica
        self.server = server
        self.interval = interval
        self.settle = settle
        self.report = report
    }

    /// Starts: a sync now, then one after each change and every `interval`.
    public func start() {
        guard loop == nil else { return }
        let (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        let interval = interval
        let settle = settle
        loop = Task { [weak self] in
            await self?.syncOnce()
            let ticker = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    wake.yield()
                }
            }
            defer { ticker.cancel() }
            for await _ in wakes {
                if Task.isCancelled { break }
                try? await Task.sleep(for: settle)
                await self?.syncOnce()
            }
        }
    }

    /// A change was written: a sync follows shortly.
    public func changed() { wake?.yield() }

    /// Stops the loop (a sync under way goes on to its end).
    public func stop() {
        loop?.cancel()
        retry?.cancel()
        wake?.finish()
        loop = nil
    }

    /// Stops the loop and syncs a last time, waiting at most `limit` for it; returns how it
    /// ended (nil: it did not end in time — the changes stay pending for the next run).
    public func finish(within limit: Duration) async -> Result<StateSynchronizer.Report, any Error>? {
        loop?.cancel()
        retry?.cancel()
        wake?.finish()
        loop = nil
        // A sync still running goes on beside this one: both are safe (the server applies a
        // device's change once, the replica a pulled change once).
        return await StateSynchronizer.sync(replica, with: server, within: limit)
    }

    private func syncOnce() async {
        do {
            report(.success(try await StateSynchronizer.sync(replica, with: server)))
            failures = 0
        } catch {
            report(.failure(error))
            failures += 1
            // Tried again soon, then less often (1 s, 2 s, 4 s … up to the interval): a server
            // back from a restart gets the waiting changes within seconds.
            let wait = min(interval, .seconds(1 << min(failures - 1, 10)))
            let wake = wake
            retry?.cancel()
            retry = Task {
                try? await Task.sleep(for: wait)
                wake?.yield()
            }
        }
    }
}

/// The replica as the program's store: reads and writes go to it, and each write tells the
/// background sync.
public final class SyncedStore: SeenLikeStoring {
    /// The local replica every read and write goes to.
    public let replica: any SyncReplica
    private let sync: BackgroundSync

    /// Creates the store.
    public init(replica: any SyncReplica, sync: BackgroundSync) {
        self.replica = replica
        self.sync = sync
    }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await replica.markSeen(item, user: user, index: index)
        await sync.changed()
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func markSeen(_ marks: [SeenMark]) async throws {
        try await replica.markSeen(marks)
        await sync.changed()
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func setLiked(_ item: StoryItemID, _ liked: Bool) async throws {
        try await replica.setLiked(item, liked)
        await sync.changed()
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func setMuted(_ user: UserID, _ muted: Bool) async throws {
        try await replica.setMuted(user, muted)
        await sync.changed()
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        try await replica.likedItems(among: items)
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        try await replica.progress(for: users)
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func summary() async throws -> SeenLikeSummary { try await replica.summary() }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func reset(_ scope: ResetScope) async throws {
        try await replica.reset(scope)
        await sync.changed()
    }
}
