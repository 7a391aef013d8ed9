public import StoryInterfaces

/// What every screen's update reads of the app around it and writes back: the window, the
/// mode, what this run learned that the loaded pages do not say yet, and this update's sentences.
/// The app's model holds one; each screen's update gets it beside its own model (the tray's,
/// the viewer's, the gallery's), never the rest of ``AppModel``.
public struct ScreenContext: Sendable {
    /// The screen size.
    public var size: ScreenSize
    /// Accessible mode: sentences, no animation, descriptions instead of pictures.
    public var isAccessible: Bool
    /// Pictures are drawn in a graphics protocol (kitty, sixel) rather than in half blocks.
    public var graphics: Bool
    /// The content source's name, for the status line and the sentences.
    public var source: String
    /// Items seen and users muted or unmuted in this run.
    public var marks = SessionMarks()
    /// This update's sentences for accessible mode, in order (the runtime prints them).
    public var announcements: [String] = []

    /// Adds a sentence for accessible mode (nothing otherwise).
    mutating func say(_ sentence: String) {
        if isAccessible { announcements.append(sentence) }
    }
}

/// What this run learned that the loaded pages do not say yet: the tray's rings turn gray and
/// a mute shows at once, without a reload (a muted user moves last when their page loads again).
public struct SessionMarks: Hashable, Sendable {
    /// Items seen in this run.
    public var seen: Set<StoryItemID> = []
    /// Users muted (true) or unmuted in this run.
    public var muted: [UserID: Bool] = [:]
}
