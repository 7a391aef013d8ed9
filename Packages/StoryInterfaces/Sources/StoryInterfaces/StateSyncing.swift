public import Foundation

/// Offline-first shared state (PRODUCT.md §5): every read and write goes to a local replica,
/// and a sync exchanges changes with a shared server.
///
/// The order of changes is the server's: a change gets its place when it reaches the server,
/// and a device's own changes reach it in the order the device made them. Seen only grows; a
/// like or unlike, and a reset, hold from their place on. No wall clock takes part, so a
/// device whose clock is wrong by hours cannot break the order; two devices that changed the
/// same item (or muted the same user) while apart agree once each has synced (the one that
/// reached the server last wins).

/// What a change does.
public enum StateChangeKind: Hashable, Sendable {
    /// An item was seen.
    case seen(SeenMark)
    /// An item was liked (`true`) or unliked.
    case liked(StoryItemID, Bool)
    /// A user was muted (`true`) or unmuted; like a like, the last to reach the server wins.
    case muted(UserID, Bool)
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
    /// Returns how many changed something here: a device's own changes, pulled back, do not.
    @discardableResult func apply(_ changes: [SharedChange], cursor: Int64) async throws -> Int

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

/// What `stories sync` did: `{"sent","received","pending","lastSync"}`.
public struct SyncOutcome: Encodable, Hashable, Sendable {
    /// Changes sent to the server.
    public var sent: Int
    /// Changes received from it.
    public var received: Int
    /// Changes still waiting here.
    public var pending: Int
    /// When the last sync ended well (ISO 8601).
    public var lastSync: String?

    /// Creates an outcome.
    public init(sent: Int, received: Int, pending: Int, lastSync: String?) {
        self.sent = sent
        self.received = received
        self.pending = pending
        self.lastSync = lastSync
    }

    /// One line for people.
    public var sentence: String {
        "sent \(sent) \(sent == 1 ? "change" : "changes"), received \(received); \(pending) waiting"
    }
}

/// A store whose state is shared through a server, offline first (`store.kind = postgres`):
/// what the program asks of it besides ``SeenLikeStoring``.
public protocol SharedStateStoring: SeenLikeStoring {
    /// Syncs now, as long as it takes (`stories sync`).
    func syncNow() async throws -> SyncOutcome
    /// How the local replica stands with the server.
    func syncStatus() async throws -> SyncStatus
    /// For a long-running program: the same state, synced in the background (started);
    /// `report` hears each failed sync's reason, and nil after one that went well.
    func inBackground(report: @escaping @Sendable (String?) -> Void) async -> any SeenLikeStoring
    /// The end of the program: sends what waits and says what cannot be sent.
    func finish() async
    /// The server's administration, logged in as this store's URL says (the owner's).
    func administration() async throws -> any SharedStateAdministering
}

/// What an administrator does on a shared server with the database owner's login.
public protocol SharedStateAdministering: Sendable {
    /// Brings the schema up to date and makes the people's group; with `person`, the rows the
    /// owner holds (a single-person database's) become that person's. Returns one line.
    func initialize(person: String?) async throws -> String
    /// Makes a person (an existing one is refused unless `rotatingPassword`: then they get a
    /// new password) whose role holds at most `connectionLimit` connections at once; returns
    /// the URL their devices set, password included.
    func addPerson(_ name: String, rotatingPassword: Bool, connectionLimit: Int) async throws -> String
    /// Takes a person's login away; their rows are kept.
    func revokePerson(_ name: String) async throws
}
