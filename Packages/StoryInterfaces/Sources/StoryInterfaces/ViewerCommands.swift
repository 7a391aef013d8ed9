/// A place in the viewer: which user's story and which item of it.
public struct ViewerPosition: Hashable, Sendable, Codable {
    /// Index of the user in the viewer's list of stories.
    public var userIndex: Int
    /// Index of the item in that user's story, from 0.
    public var itemIndex: Int

    /// Creates a position.
    public init(userIndex: Int, itemIndex: Int) {
        self.userIndex = userIndex
        self.itemIndex = itemIndex
    }
}

/// What the viewer is told: a key, a clock tick or a media signal (PRODUCT.md §2, §3).
public enum ViewerCommand: Hashable, Sendable {
    /// Next item (→, `n`, a click on the right two thirds).
    case next
    /// Previous item (←, `p`, a click on the left third).
    case previous
    /// Next user's first unseen item (`]`, Shift+→).
    case nextUser
    /// Previous user's last item (`[`, Shift+←).
    case previousUser
    /// Stop the clock (space, hold).
    case pause
    /// Restart the clock where it stopped.
    case resume
    /// Like or unlike the current item (`l`, a click on the heart).
    case toggleLike
    /// Mute or unmute the current user (`m`): a muted user is not moved into forwards.
    case toggleMute
    /// Close the viewer (`q`, Esc, ↓).
    case close
    /// The current item's media is on screen.
    case mediaReady(StoryItemID)
    /// The current item is a video whose first frame is on screen and whose time follows its
    /// playback (``played(_:at:)``), not the clock: the bar stays still until frames arrive.
    case videoReady(StoryItemID)
    /// The current video's playback reached `at` (the frame shown at that position).
    case played(StoryItemID, at: Duration)
    /// The current video's last frame has been shown.
    case playbackEnded(StoryItemID)
    /// The current item's media could not be loaded (or its video stopped playing).
    case mediaFailed(StoryItemID, reason: String)
    /// The terminal could not show the current item's media (it refused the picture): the
    /// item fails as a load does, and is not counted as seen by this showing.
    case notShown(StoryItemID, reason: String)
    /// Try the failed media again.
    case retry
    /// Time passed on the clock.
    case tick(Duration)
}

/// What the viewer reports; the `view --json` events of PRODUCT.md §3 plus hints.
public enum ViewerEvent: Hashable, Sendable {
    /// An item became current (before its media loads).
    case itemShown(user: UserID, item: StoryItemID, index: Int, count: Int)
    /// An item's media has been shown: it counts as seen.
    case itemSeen(user: UserID, item: StoryItemID, index: Int)
    /// The current item was liked.
    case liked(StoryItemID)
    /// The current item was unliked.
    case unliked(StoryItemID)
    /// The current user was muted.
    case muted(UserID)
    /// The current user was unmuted.
    case unmuted(UserID)
    /// The viewer moved to another user.
    case userChanged(from: UserID, to: UserID)
    /// The clock stopped.
    case paused
    /// The clock restarted.
    case resumed
    /// A video item began to play: its first frame of playback (playback-driven), or its media
    /// shown (on the clock, as in scripted runs).
    case playbackStarted(StoryItemID)
    /// The current item's media failed; `r` retries, → skips.
    case mediaFailed(item: StoryItemID, reason: String)
    /// The failed media of the current item is to be loaded again (`r`).
    case retrying(item: StoryItemID)
    /// The viewer closed.
    case closed
    /// Load this item's media ahead of time (the next item, the next user's first unseen).
    case prefetch(StoryItemID)
}
