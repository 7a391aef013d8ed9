import Foundation
public import StoryInterfaces

/// `stories state --json` (PRODUCT.md §3).
public struct StateReport: Encodable, Sendable {
    struct User: Encodable {
        var id: String
        var seenItems: Int
        var lastSeenIndex: Int
    }

    var seenItems: Int
    var likedItems: Int
    var mutedUsers: Int
    var seenItemIds: [String]
    var likedItemIds: [String]
    var mutedUserIds: [String]
    var users: [User]
    /// The shared store's replica: changes waiting, the last good sync.
    public var sync: Sync?

    /// Changes waiting for the shared server, and the last good sync (ISO 8601).
    public struct Sync: Encodable, Sendable {
        /// Changes saved here and not yet on the server.
        public var pending: Int
        /// When the last sync ended well, if ever.
        public var lastSync: String?

        /// A replica's standing.
        public init(pending: Int, lastSync: String?) {
            self.pending = pending
            self.lastSync = lastSync
        }
    }

    /// The report of `summary`.
    public init(_ summary: SeenLikeSummary) {
        seenItems = summary.seenItemIDs.count
        likedItems = summary.likedItemIDs.count
        mutedUsers = summary.mutedUserIDs.count
        seenItemIds = summary.seenItemIDs.map(\.rawValue)
        likedItemIds = summary.likedItemIDs.map(\.rawValue)
        mutedUserIds = summary.mutedUserIDs.map(\.rawValue)
        users = summary.users.map {
            User(id: $0.userID.rawValue, seenItems: $0.seenItemIDs.count, lastSeenIndex: $0.lastSeenIndex)
        }
    }
}
