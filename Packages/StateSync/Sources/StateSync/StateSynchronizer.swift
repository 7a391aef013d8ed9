public import Foundation
public import StoryInterfaces

/// One sync of a replica with its server (PRODUCT.md §5): the replica's pending changes are
/// pushed in its order, in batches, each acknowledged once the server committed it; then the
/// server's changes after the replica's cursor are pulled, in the server's order, and applied.
///
/// Cut off anywhere (a kill, a lost network) nothing is lost and nothing applies twice: a
/// batch the server committed but the replica never heard of is sent again and skipped by the
/// server (each device's sequence is applied once); a pull applies its changes and moves the
/// cursor in one transaction.
public enum StateSynchronizer {
    /// What one sync did.
    public struct Report: Hashable, Sendable {
        /// Changes pushed (and acknowledged).
        public var pushed = 0
        /// Changes pulled (and applied).
        public var pulled = 0
        /// The pulled changes that changed something here: news from other devices, not this
        /// device's own changes coming back (`stories sync`'s "received").
        public var received = 0
        /// Batches exchanged, each way.
        public var batches = 0

        /// An empty report.
        public init() {}
    }

    /// Pushes every pending change, then pulls every change after the cursor.
    ///
    /// - Parameters:
    ///   - batch: changes per push or pull (one transaction each).
    ///   - now: when the sync ended well, for ``SyncStatus/lastSync``.
    public static func sync(
        _ replica: any SyncReplica, with server: any SharedStateServing, batch: Int = 1000,
        now: @Sendable () -> Date = Date.init
    ) async throws -> Report {
        var report = Report()
        let device = try await replica.syncStatus().device
        while true {
            let pending = try await replica.pendingChanges(limit: batch)
            guard let last = pending.last else { break }
            try await server.push(pending, from: device)
            try await replica.acknowledge(through: last.sequence)
            report.pushed += pending.count
            report.batches += 1
        }
        var cursor = try await replica.syncStatus().cursor
        while true {
            let changes = try await server.pull(after: cursor, limit: batch)
            guard let last = changes.last else { break }
            report.received += try await replica.apply(changes, cursor: last.order)
            cursor = last.order
            report.pulled += changes.count
            report.batches += 1
            if changes.count < batch { break }
        }
        try await replica.recordSync(at: now())
        return report
    }

    /// ``sync(_:with:batch:now:)``, waiting at most `limit` for it: nil when it did not end in
    /// time (it is cancelled; the changes stay pending, batches already acknowledged are not
    /// sent again).
    public static func sync(_ replica: any SyncReplica, with server: any SharedStateServing, within limit: Duration)
        async -> Result<Report, any Error>?
    {
        await withTaskGroup(of: Result<Report, any Error>?.self) { group in
            group.addTask {
                do {
                    return .success(try await sync(replica, with: server))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
