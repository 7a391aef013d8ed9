public import StoryInterfaces

/// Accessible mode's words: every event as one plain sentence ("Photo 2 of 5 by Paul Jarvis,
/// 5000×3333, liked."), with no reliance on colour, images or animation.
public enum ViewerNarrator {
    /// The sentence for `event` in `viewer` (the state after the event); nil for prefetch hints.
    public static func sentence(for event: ViewerEvent, in viewer: StoryViewer) -> String? {
        switch event {
        case .itemShown(_, let item, _, _):
            return describe(item, in: viewer).map { $0 + "." }
        case .itemSeen(_, let item, _):
            return describe(item, in: viewer, details: false).map { "Showing \(lowercasedFirst($0))." }
        case .liked(let item):
            return describe(item, in: viewer, details: false).map { "Liked \(lowercasedFirst($0))." }
        case .unliked(let item):
            return describe(item, in: viewer, details: false).map { "Removed the like from \(lowercasedFirst($0))." }
        case .muted(let user), .unmuted(let user):
            let name = viewer.stories.first(where: { $0.user.id == user })?.user.name ?? user.rawValue
            return viewer.muted.contains(user)
                ? "Muted \(name): their stories go last and do not play on from the story before."
                : "Unmuted \(name)."
        case .userChanged(_, let to):
            guard let story = viewer.stories.first(where: { $0.user.id == to }) else { return nil }
            let count = story.items.count
            return "Now viewing \(story.user.name)'s story, \(count) \(count == 1 ? "item" : "items")."
        case .paused:
            return "Paused."
        case .resumed:
            return "Playing."
        case .mediaFailed(let item, let reason):
            let what = describe(item, in: viewer, details: false) ?? "This item"
            return "\(what) could not be loaded: \(reason). Press r to retry or the right arrow to skip."
        case .retrying(let item):
            return describe(item, in: viewer, details: false).map { "Loading \(lowercasedFirst($0)) again." }
        case .closed:
            return "Viewer closed."
        case .playbackStarted:
            return "Playing the video."
        case .prefetch:
            return nil
        }
    }

    /// "Photo 2 of 5 by Name, 5000×3333, liked" or "Video 1 of 3 by Name, 0:12".
    static func describe(_ id: StoryItemID, in viewer: StoryViewer, details: Bool = true) -> String? {
        for story in viewer.stories {
            guard let index = story.items.firstIndex(where: { $0.id == id }) else { continue }
            let item = story.items[index]
            var text =
                "\(item.media.isVideo ? "Video" : "Photo") \(index + 1) of \(story.items.count) by \(story.user.name)"
            guard details else { return text }
            if case .video = item.media {
                text += ", " + clock(item.duration(imageDuration: viewer.configuration.imageDuration))
            } else if let size = item.pixelSize {
                text += ", \(size.width)×\(size.height)"
            }
            if viewer.liked.contains(id) { text += ", liked" }
            // A document's words for it: what the picture shows, then its caption.
            if let alt = item.alt { text += ". \(alt)" }
            if let caption = item.caption, caption != item.alt { text += ". Caption: \(caption)" }
            return text
        }
        return nil
    }

    /// `0:12`, `1:05`.
    public static func clock(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        let tens = (seconds % 60) < 10 ? "0" : ""
        return "\(seconds / 60):\(tens)\(seconds % 60)"
    }

    private static func lowercasedFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
