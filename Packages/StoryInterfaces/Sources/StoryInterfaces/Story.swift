/// A user and their items, in the order they are viewed.
public struct Story: Hashable, Sendable, Codable, Identifiable {
    /// The story's owner.
    public var user: StoryUser
    /// The items, oldest first; never empty in a valid story.
    public var items: [StoryItem]

    /// The story's id is its user's id.
    public var id: UserID { user.id }

    /// Creates a story.
    public init(user: StoryUser, items: [StoryItem]) {
        self.user = user
        self.items = items
    }
}

/// The seen rules of a story (PRODUCT.md §2), in one place for the tray, `stories tray`, the
/// viewer's header and where the viewer opens.
extension Story {
    /// Whether every item is seen: the gray ring (any unseen item: the gradient).
    public func isAllSeen(_ isSeen: (StoryItemID) -> Bool) -> Bool { items.allSatisfy { isSeen($0.id) } }

    /// How many items are seen.
    public func seenCount(_ isSeen: (StoryItemID) -> Bool) -> Int { items.count { isSeen($0.id) } }

    /// Where the viewer opens the story: its first unseen item, else its first.
    public func resumeIndex(_ isSeen: (StoryItemID) -> Bool) -> Int { items.firstIndex { !isSeen($0.id) } ?? 0 }
}
