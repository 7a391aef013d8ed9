public import StoryInterfaces

/// A viewer event as one line of `stories view --json` (PRODUCT.md §3): `event` and the
/// fields that event has, no others. `playbackStarted` is kept (scripted runs play videos on
/// the virtual clock); prefetch hints and retries have no line.
public struct ViewerEventRecord: Encodable, Hashable, Sendable {
    /// The event's name: `itemShown`, `itemSeen`, `liked`, …
    public var event: String
    /// The user, for `itemShown`, `itemSeen`, `muted` and `unmuted`.
    public var user: String?
    /// The item, for the events about one.
    public var item: String?
    /// The item's index in its user's story.
    public var index: Int?
    /// How many items the user's story has, for `itemShown`.
    public var count: Int?
    /// The users of `userChanged`.
    public var from: String?
    /// The users of `userChanged`.
    public var to: String?
    /// Why `mediaFailed`.
    public var reason: String?

    /// The line for `event`, or `nil` for the events that have none.
    public init?(_ event: ViewerEvent) {
        switch event {
        case .itemShown(let user, let item, let index, let count):
            self.init("itemShown", user: user.rawValue, item: item.rawValue, index: index, count: count)
        case .itemSeen(let user, let item, let index):
            self.init("itemSeen", user: user.rawValue, item: item.rawValue, index: index)
        case .liked(let item): self.init("liked", item: item.rawValue)
        case .unliked(let item): self.init("unliked", item: item.rawValue)
        case .muted(let user): self.init("muted", user: user.rawValue)
        case .unmuted(let user): self.init("unmuted", user: user.rawValue)
        case .userChanged(let from, let to): self.init("userChanged", from: from.rawValue, to: to.rawValue)
        case .paused: self.init("paused")
        case .resumed: self.init("resumed")
        case .mediaFailed(let item, let reason): self.init("mediaFailed", item: item.rawValue, reason: reason)
        case .closed: self.init("closed")
        case .playbackStarted(let item): self.init("playbackStarted", item: item.rawValue)
        case .retrying, .prefetch: return nil
        }
    }

    private init(
        _ event: String, user: String? = nil, item: String? = nil, index: Int? = nil, count: Int? = nil,
        from: String? = nil, to: String? = nil, reason: String? = nil
    ) {
        (self.event, self.user, self.item, self.index, self.count) = (event, user, item, index, count)
        (self.from, self.to, self.reason) = (from, to, reason)
    }
}
