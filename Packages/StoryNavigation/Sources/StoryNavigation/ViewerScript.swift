public import StoryInterfaces

/// `stories view USER --keys "KEYS"`: the key names, and a run with a virtual clock in which
/// media really load (PRODUCT.md §3). Each key is applied only once the current item's media
/// has loaded or failed, so a script gives the same events on every run.
public enum ViewerScript {
    /// One step of a script.
    public enum Step: Hashable, Sendable {
        /// A key.
        case command(ViewerCommand)
        /// `wait:5s`: advance the virtual clock.
        case wait(Duration)
    }

    /// The key names, as `--keys` takes them.
    public static let keyNames: [String: ViewerCommand] = [
        "next": .next, "prev": .previous, "nextUser": .nextUser, "prevUser": .previousUser, "pause": .pause,
        "resume": .resume, "like": .toggleLike, "mute": .toggleMute, "close": .close,
        "retry": .retry,
    ]

    /// Parses space-separated keys: `next prev nextUser prevUser pause resume like mute close retry wait:5s`
    /// (durations `500ms`, `5s`, `1.5s`, `2m`).
    public static func parse(_ keys: String) throws(ViewerScriptError) -> [Step] {
        try keys.split(whereSeparator: \.isWhitespace).enumerated().map {
            (index, word) throws(ViewerScriptError) -> Step in
            if let command = keyNames[String(word)] { return .command(command) }
            if word.hasPrefix("wait:"), let duration = duration(word.dropFirst(5)) { return .wait(duration) }
            throw .unknownKey(String(word), position: index + 1)
        }
    }

    /// Runs `steps` on `viewer` (already opened, with its `opening` events): loads the current
    /// media with `loadMedia` (nil when loaded, else the reason it failed) before the first key
    /// and after each one, and returns every event in order. Stops when the viewer closes.
    public static func run(
        _ steps: [Step], viewer: inout StoryViewer, opening: [ViewerEvent],
        loadMedia: (StoryItem) async -> String?
    ) async -> [ViewerEvent] {
        var events = opening
        await settle(&viewer, into: &events, loadMedia: loadMedia)
        for step in steps {
            guard viewer.position != nil else { break }
            switch step {
            case .command(let command): events += viewer.apply(command)
            case .wait(let time): events += viewer.apply(.tick(time))
            }
            await settle(&viewer, into: &events, loadMedia: loadMedia)
        }
        return events
    }

    /// Loads media until the current item's media is on screen or has failed (auto-advance
    /// with carried time may move through several items).
    private static func settle(
        _ viewer: inout StoryViewer, into events: inout [ViewerEvent], loadMedia: (StoryItem) async -> String?
    ) async {
        while viewer.media == .loading, let item = viewer.current?.item {
            if let reason = await loadMedia(item) {
                events += viewer.apply(.mediaFailed(item.id, reason: reason))
            } else {
                events += viewer.apply(.mediaReady(item.id))
            }
        }
    }

    private static func duration(_ text: Substring) -> Duration? {
        for (suffix, milliseconds) in [("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(number),
                value.isFinite, value <= 86_400_000
            else { return nil }
            return .milliseconds(Int64((value * milliseconds).rounded()))
        }
        return nil
    }
}

/// A `--keys` string that cannot be run; the CLI exits 64 with ``description``.
public enum ViewerScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A word that is no key, at its 1-based position.
    case unknownKey(String, position: Int)

    /// What is wrong and what is allowed.
    public var description: String {
        switch self {
        case .unknownKey(let key, let position):
            "unknown key \"\(key)\" (word \(position) of --keys): use next, prev, nextUser, prevUser, pause, resume, like, mute, close, retry or wait:DURATION such as wait:5s"
        }
    }
}
