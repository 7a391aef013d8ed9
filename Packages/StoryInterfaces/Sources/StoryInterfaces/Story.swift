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
