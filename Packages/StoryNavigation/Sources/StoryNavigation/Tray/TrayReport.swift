import Foundation
public import StoryInterfaces

/// `stories tray --json` (PRODUCT.md §3): every key always present, `null` when empty.
public struct TrayReport: Encodable, Sendable {
    /// One user of the page.
    public struct User: Encodable, Sendable {
        var id: String
        var name: String
        /// The avatar's URL (a server gives its own instead of the source's).
        public var avatar: String?
        var ring: String
        var items: Int
        var seenItems: Int
        var resumeIndex: Int
        var muted: Bool

        /// The user of `entry`.
        public init(_ entry: TrayEntry) {
            id = entry.story.user.id.rawValue
            name = entry.story.user.name
            avatar = entry.story.user.avatarURL?.absoluteString
            ring = entry.ring.rawValue
            items = entry.story.items.count
            seenItems = entry.seenItems
            resumeIndex = entry.resumeIndex
            muted = entry.isMuted
        }

        /// Encodes every key, `avatar` as `null` when there is none.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(avatar, forKey: .avatar)
            try container.encode(ring, forKey: .ring)
            try container.encode(items, forKey: .items)
            try container.encode(seenItems, forKey: .seenItems)
            try container.encode(resumeIndex, forKey: .resumeIndex)
            try container.encode(muted, forKey: .muted)
        }

        enum CodingKeys: String, CodingKey { case id, name, avatar, ring, items, seenItems, resumeIndex, muted }
    }

    var source: String
    var fallback: String?
    var page: Int
    var next: Int?
    var users: [User]

    /// A page's report.
    public init(source: String, fallback: String?, page: Int, next: Int?, users: [User]) {
        (self.source, self.fallback, self.page, self.next, self.users) = (source, fallback, page, next, users)
    }

    /// Encodes every key, `fallback` and `next` as `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(fallback, forKey: .fallback)
        try container.encode(page, forKey: .page)
        try container.encode(next, forKey: .next)
        try container.encode(users, forKey: .users)
    }

    enum CodingKeys: String, CodingKey { case source, fallback, page, next, users }
}
