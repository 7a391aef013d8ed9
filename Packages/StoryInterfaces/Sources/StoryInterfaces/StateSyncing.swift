public import Foundation

/// Offline-first shared state (PRODUCT.md §5): every read and write goes to a local replica,
/// and a sync exchanges changes with a shared server.
///
/// The order of changes is the server's: a change gets its place when it reaches the server,
/// and a device's own changes reach it in the order the device made them. Seen only grows; a
/// like or unlike, and a reset, hold from their place on. No wall clock takes part, so a
/// device whose clock is wrong by hours cannot break the order; two devices that changed the
/// same item while apart agree once each has synced (the one that reached the server last
/// wins).

/// What a change does.
public enum StateChangeKind: Hashable, Sendable {
    /// An item was seen.
    case seen(SeenMark)
    /// An item was liked (`true`) or unliked.
    case liked(StoryItemID, Bool)
    /// State was cleared (`stories reset`).
    case reset(ResetScope)
}

/// A change a device made, in its own order.
public struct StateChange: Hashable, Sendable {
    /// The device's own order: 1, 2, 3…, never reused. The server applies a device's change
    /// once: a sequence it has seen from that device is skipped (a sync cut off after the
    /// server committed sends it again).
    public var sequence: Int64
    /// What it does.
    public var kind: StateChangeKind

    /// Creates a change.
    public init(sequence: Int64, kind: StateChangeKind) {
        self.sequence = sequence
        self.kind = kind
    }
}

/// A change in the server's order, as a device pulls it.
public struct SharedChange: Hashable, Sendable {
    /// Its place in the server's order (increasing; gaps allowed).
    public var order: Int64
    /// What it does.
    public var kind: StateChangeKind

    /// Creates a shared change.
    public init(order: Int64, kind: StateChangeKind) {
        self.order = order
        self.kind = kind
    }
}

/// How a replica stands with its server.
public struct SyncStatus: Hashable, Sendable {
    /// Changes made here and not yet acknowledged by the server.
    public var pending: Int
    /// When the last sync ended well, if ever.
    public var lastSync: Date?
    /// The server's order this replica has pulled up to.
    public var cursor: Int64
    /// This replica's name on the server (random, made once).
    public var device: String

    /// Creates a status.
    public init(pending: Int, lastSync: Date?, cursor: Int64, device: String) {
        self.pending = pending
        self.lastSync = lastSync
        self.cursor = cursor
        self.device = device
    }
}

/// The local side of a sync: a store that also keeps, in the same transaction as each write,
/// the change that made it, until the server acknowledges it.
public protocol SyncReplica: SeenLikeStoring {
    /// The oldest changes not yet acknowledged, in the device's order, at most `limit`.
    func pendingChanges(limit: Int) async throws -> [StateChange]

    /// The server has every change up to `sequence`: they are no longer pending.
    func acknowledge(through sequence: Int64) async throws

    /// Applies changes pulled from the server, in its order, and moves the cursor to `cursor`,
    /// in one transaction. A like of an item with a change still pending here keeps the
    /// local value (that change will reach the server later, so it is the later one).
    func apply(_ changes: [SharedChange], cursor: Int64) async throws

    /// Records that a sync ended well at `date`.
    func recordSync(at date: Date) async throws

    /// Where this replica stands.
    func syncStatus() async throws -> SyncStatus
}

/// The server's side of a sync: one person's changes, in one order.
public protocol SharedStateServing: Sendable {
    /// Applies `changes` from `device` in their order, each once (a sequence already applied
    /// from that device is skipped), all in one transaction: when it returns they are
    /// committed; when it throws, none or all were (sending them again is safe).
    func push(_ changes: [StateChange], from device: String) async throws

    /// The changes after `cursor` in the server's order, at most `limit`; every change with
    /// an order up to the last one returned is committed and included.
    func pull(after cursor: Int64, limit: Int) async throws -> [SharedChange]
}
