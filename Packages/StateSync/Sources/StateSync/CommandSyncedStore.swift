import Foundation
public import StoryInterfaces
import Synchronization

/// The replica as one command's store (`stories tray`, `like`, `state`…): every read and write
/// goes to the replica; before its first read a sync brings other devices' changes (so what
/// the command shows is fresh when the server answers), and ``finish()`` sends what is pending
/// when it ends. Each sync waits at most `limit`; a failed or late one is said in one line
/// through `say` and changes nothing for the command: the changes wait in the replica for the
/// next command that reaches the server, or `stories sync`.
public final class CommandSyncedStore: SharedStateStoring {
    /// The local replica every read and write goes to.
    public let replica: any SyncReplica
    private let server: any SharedStateServing
    private let limit: Duration
    private let serverName: String
    private let say: @Sendable (String) -> Void
    private let administer: @Sendable () async throws -> any SharedStateAdministering
    private let synced = Mutex(false)
    private let failure = Mutex<String?>(nil)
    private let background = Mutex<BackgroundSync?>(nil)
    private let silenced = Mutex(false)

    /// Creates the store (`serverName`: the server as messages name it, never a password);
    /// `say` hears the one line about a sync that failed; `administration`
    /// opens the server's administration with the same login.
    public init(
        replica: any SyncReplica, server: any SharedStateServing, named serverName: String, limit: Duration,
        say: @escaping @Sendable (String) -> Void,
        administration: @escaping @Sendable () async throws -> any SharedStateAdministering
    ) {
        self.replica = replica
        self.server = server
        self.limit = limit
        self.serverName = serverName
        self.say = say
        self.administer = administration
    }

    /// How the replica stands.
    public func syncStatus() async throws -> SyncStatus { try await replica.syncStatus() }

    /// The server's administration, with this store's login.
    public func administration() async throws -> any SharedStateAdministering { try await administer() }

    /// Syncs once, before the first read; a failure is said by ``finish()``.
    private func freshen() async {
        guard
            synced.withLock({ state in
                defer { state = true }
                return !state
            })
        else { return }
        let problem = await syncProblem()
        failure.withLock { $0 = problem }
    }

    /// The end of the command, in one line at most: what is pending is sent (unless the sync
    /// before the first read already found the server away: one wait per command), and what
    /// could not be done is said.
    public func finish() async {
        await background.withLock({ $0 })?.stop()
        guard !silenced.withLock({ $0 }) else { return }
        var problem = failure.withLock { $0 }
        let pending = (try? await replica.syncStatus().pending) ?? 0
        if pending > 0, problem == nil { problem = await syncProblem() }
        guard let problem else { return }
        let waiting = pending > 0 ? ((try? await replica.syncStatus().pending) ?? pending) : 0
        guard waiting > 0 else {
            say("showing the state saved here: \(problem)")
            return
        }
        let one = waiting == 1
        say(
            "\(waiting) \(one ? "change is" : "changes are") saved here and \(one ? "waits" : "wait") for the state server: \(problem); the next command that reaches it sends \(one ? "it" : "them") (or run `stories sync`)"
        )
    }

    /// A sync now (`stories sync`), as long as it takes (each operation has the server's own
    /// timeout); its failure is the caller's to say, so ``finish()`` stays silent.
    public func syncNow() async throws -> SyncOutcome {
        synced.withLock { $0 = true }
        do {
            let report = try await StateSynchronizer.sync(replica, with: server)
            let status = try await replica.syncStatus()
            return SyncOutcome(
                sent: report.pushed, received: report.received, pending: status.pending,
                lastSync: status.lastSync?.formatted(.iso8601))
        } catch {
            silenced.withLock { $0 = true }
            throw error
        }
    }

    /// The same replica and server for a long-running program (the interactive app): a
    /// background sync, started, instead of one before the first read; `report` hears each
    /// failed sync's reason (nil after one that went well). ``finish()`` stops it, sends what
    /// is left and says it if it cannot.
    public func inBackground(report: @escaping @Sendable (String?) -> Void) async -> any SeenLikeStoring {
        synced.withLock { $0 = true }  // no sync waits before a read
        let sync = BackgroundSync(replica: replica, server: server) { result in
            switch result {
            case .success: report(nil)
            case .failure(let error): report("\(error)")
            }
        }
        background.withLock { $0 = sync }
        await sync.start()
        return SyncedStore(replica: replica, sync: sync)
    }

    /// Why a bounded sync failed, or nil when it went well.
    private func syncProblem() async -> String? {
        switch await StateSynchronizer.sync(replica, with: server, within: limit) {
        case .success?: nil
        case .failure(let error)?: "\(error)"
        case nil: "\(serverName) gave no answer within \(limit)"
        }
    }

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func markSeen(_ item: StoryItemID, user: UserID, index: Int) async throws {
        try await replica.markSeen(item, user: user, index: index)
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func markSeen(_ marks: [SeenMark]) async throws { try await replica.markSeen(marks) }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func setLiked(_ item: StoryItemID, _ liked: Bool) async throws { try await replica.setLiked(item, liked) }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func setMuted(_ user: UserID, _ muted: Bool) async throws { try await replica.setMuted(user, muted) }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func likedItems(among items: [StoryItemID]) async throws -> Set<StoryItemID> {
        await freshen()
        return try await replica.likedItems(among: items)
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func progress(for users: [UserID]) async throws -> [UserID: UserProgress] {
        await freshen()
        return try await replica.progress(for: users)
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func summary() async throws -> SeenLikeSummary {
        await freshen()
        return try await replica.summary()
    }
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public func reset(_ scope: ResetScope) async throws { try await replica.reset(scope) }
}
