import StoryInterfaces
import Synchronization

/// Decoders started ahead and held after their first frame (shown as the item's media):
/// playing one continues that decoder instead of starting another, so a video costs one
/// `ffmpeg` start. A held decoder blocks on its pipe (no CPU); at most ``limit`` are held,
/// the oldest stopped beyond, and all at the end.
final class HeldDecoders: Sendable {
    /// The shown item's and its prefetch neighbours'.
    static let limit = 3

    private struct Held {
        var item: StoryItemID
        var video: PreparedVideo
        var frames: VideoFrames
    }
    private let held = Mutex<[Held]>([])

    /// Holds `frames` (their first already read) for `item`, replacing one held for it.
    func hold(_ frames: VideoFrames, for item: StoryItemID, video: PreparedVideo) {
        let stopped = held.withLock { held -> [VideoFrames] in
            var stopped = held.filter { $0.item == item }.map(\.frames)
            held.removeAll { $0.item == item }
            held.append(Held(item: item, video: video, frames: frames))
            while held.count > Self.limit { stopped.append(held.removeFirst().frames) }
            return stopped
        }
        for frames in stopped { frames.stop() }
    }

    /// The frames held for `item` decoding `video`, now the caller's; nil when none are (played
    /// once already, evicted, or decoded for another size).
    func take(_ item: StoryItemID, video: PreparedVideo) -> VideoFrames? {
        held.withLock { held in
            guard let index = held.firstIndex(where: { $0.item == item && $0.video == video }) else { return nil }
            return held.remove(at: index).frames
        }
    }

    /// Stops the decoder held longest; false when none is held.
    func stopOldest() -> Bool {
        guard let oldest = held.withLock({ $0.isEmpty ? nil : $0.removeFirst().frames }) else { return false }
        oldest.stop()
        return true
    }

    /// Stops every held decoder.
    func stopAll() {
        for frames in held.withLock({ held in
            defer { held = [] }
            return held.map(\.frames)
        }) { frames.stop() }
    }
}
