public import StoryInterfaces

/// What the viewer's state reads as: the current item, its duration and progress, the bars'
/// segments, and the rules for where to resume and what to prefetch.
extension StoryViewer {
    /// The current story and item, if open.
    public var current: (story: Story, item: StoryItem)? {
        guard let position else { return nil }
        let story = stories[position.userIndex]
        return (story, story.items[position.itemIndex])
    }

    /// The current item's duration (its own for videos, capped at 60 s).
    public var duration: Duration {
        current?.item.duration(imageDuration: configuration.imageDuration) ?? .zero
    }

    /// How far the current item has run, from 0 to 1.
    public var progress: Double {
        let total = duration
        guard total > .zero else { return position == nil ? 0 : 1 }
        return min(1, max(0, elapsed / total))
    }

    /// One value per segment of the current story: 1 for past items, `progress` for the
    /// current one, 0 for the ones to come.
    public var segments: [Double] {
        guard let position, let (story, _) = current else { return [] }
        return story.items.indices.map { index in
            index < position.itemIndex ? 1 : index == position.itemIndex ? progress : 0
        }
    }

    /// Whether the current item is liked.
    public var isCurrentLiked: Bool { current.map { liked.contains($0.item.id) } ?? false }

    /// Prefetch the next item and the next unmuted user's first unseen item.
    func prefetchHints(for position: ViewerPosition) -> [ViewerEvent] {
        var hints: [ViewerEvent] = []
        let story = stories[position.userIndex]
        if position.itemIndex + 1 < story.items.count {
            hints.append(.prefetch(story.items[position.itemIndex + 1].id))
        }
        if let user = nextUnmutedUser(after: position.userIndex) {
            hints.append(.prefetch(stories[user].items[resumeIndex(of: user)].id))
        }
        return hints
    }

    /// The first unseen item of a user, else 0.
    public func resumeIndex(of userIndex: Int) -> Int {
        stories[userIndex].resumeIndex { seen.contains($0) }
    }

    /// The first user after `userIndex` with items who is not muted: where moving forwards goes.
    func nextUnmutedUser(after userIndex: Int) -> Int? {
        var start = userIndex + 1
        while let user = userWithItems(from: start, step: 1) {
            if !muted.contains(stories[user].user.id) { return user }
            start = user + 1
        }
        return nil
    }

    /// The first user from `start` in direction `step` that has items.
    func userWithItems(from start: Int, step: Int) -> Int? {
        var index = start
        while stories.indices.contains(index) {
            if !stories[index].items.isEmpty { return index }
            index += step
        }
        return nil
    }
}
