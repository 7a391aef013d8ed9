import StoryInterfaces

/// The viewer's time: media shown (on the clock, or following a video's playback), clock
/// ticks, played positions, and counting an item to its end.
extension StoryViewer {
    mutating func mediaReady(
        _ item: StoryItemID, at position: ViewerPosition, followingPlayback: Bool = false
    ) -> [ViewerEvent] {
        guard media == .loading, let (story, current) = current, current.id == item else { return [] }
        media = .ready
        newlySeen = seen.insert(item).inserted ? item : nil
        var events: [ViewerEvent] = [.itemSeen(user: story.user.id, item: item, index: position.itemIndex)]
        let carry = carriedOver
        carriedOver = .zero
        if followingPlayback {
            // Its time is its playback's: nothing carried over, nothing until the first frame.
            followsPlayback = true
            return events
        }
        if current.media.isVideo {
            isPlaying = true
            events.append(.playbackStarted(item))
        }
        // Carried time belongs to this item even if the user paused while it loaded.
        if carry > .zero { events += count(carry, at: position) }
        return events
    }

    mutating func tick(_ time: Duration, at position: ViewerPosition) -> [ViewerEvent] {
        guard media == .ready, !isPaused, !followsPlayback else { return [] }
        return count(time, at: position)
    }

    /// The playing video reached `time`: the bar goes there (never back), and at the 60 s cap
    /// the item ends.
    mutating func played(_ item: StoryItemID, at time: Duration, position: ViewerPosition) -> [ViewerEvent] {
        guard followsPlayback, media == .ready, item == current?.item.id else { return [] }
        var events: [ViewerEvent] = []
        if !isPlaying {
            isPlaying = true
            events.append(.playbackStarted(item))
        }
        let total = duration
        elapsed = min(total, max(elapsed, time))
        if time >= total, configuration.advancesAutomatically {
            events += advance(from: position, carrying: .zero)
        }
        return events
    }

    /// Adds `time` to the current item; at its end, moves on carrying the excess.
    mutating func count(_ time: Duration, at position: ViewerPosition) -> [ViewerEvent] {
        guard time > .zero else { return [] }
        let total = duration
        guard configuration.advancesAutomatically else {
            elapsed = min(total, elapsed + time)
            return []
        }
        let remaining = total - elapsed
        guard time >= remaining else {
            elapsed += time
            return []
        }
        elapsed = total
        return advance(from: position, carrying: time - remaining)
    }
}
