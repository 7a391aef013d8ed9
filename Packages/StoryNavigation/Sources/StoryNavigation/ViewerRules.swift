/// The viewer's rules that both screens follow: how long a press must last to be a hold,
/// where a tap goes back, how far a swipe goes, how long a load may take, and which key does
/// what. The terminal's key table and holds are built from them, and the web page gets them
/// as data (its `viewer` block), so neither screen writes a rule of its own.
public enum ViewerRules {
    /// How long a press lasts to be a hold (it pauses until let go); shorter, it is a tap.
    public static let holdThreshold: Duration = .milliseconds(300)
    /// The share of the screen's width, from the left, where a tap goes back; a tap elsewhere
    /// goes on.
    public static let backZone = 1.0 / 3.0
    /// How far (CSS pixels) a finger may move and still tap or hold.
    public static let tapSlop = 12
    /// How far sideways a swipe moves between people.
    public static let swipeDistance = 50
    /// How far down a swipe closes the viewer.
    public static let closeDistance = 80
    /// How long a picture or clip may take to load before the item fails (Retry or Skip).
    public static let loadDeadline: Duration = .seconds(20)
    /// How long a load goes unseen before a spinner shows.
    public static let spinnerDelay: Duration = .milliseconds(300)

    /// What a key does in the viewer.
    public enum Action: String, CaseIterable, Sendable {
        case next, previous, nextUser, previousUser, pauseOrResume, like, mute, retry, copyLink, close
    }

    /// A key, as both screens name it.
    public enum Key: Hashable, Sendable {
        case right, left, down
        case shiftRight, shiftLeft, shiftDown
        case escape
        case character(Character)

        /// The browser's name (`KeyboardEvent.key`, with `Shift+` for a shifted arrow).
        public var browserName: String {
            switch self {
            case .right: "ArrowRight"
            case .left: "ArrowLeft"
            case .down: "ArrowDown"
            case .shiftRight: "Shift+ArrowRight"
            case .shiftLeft: "Shift+ArrowLeft"
            case .shiftDown: "Shift+ArrowDown"
            case .escape: "Escape"
            case .character(let character): String(character)
            }
        }
    }

    /// One row of the key table: the keys, how help writes them, what they do.
    public struct Binding: Sendable {
        /// The keys that do it.
        public var keys: [Key]
        /// How they are written ("→ or n").
        public var label: String
        /// What they do ("next item").
        public var meaning: String
        /// The action.
        public var action: Action
    }

    /// The viewer's key table (the help, the hints and the web's keys are written from it).
    public static let keys: [Binding] = [
        Binding(keys: [.right, .character("n")], label: "→ or n", meaning: "next item", action: .next),
        Binding(keys: [.left, .character("p")], label: "← or p", meaning: "previous item", action: .previous),
        Binding(keys: [.character("]"), .shiftRight], label: "] or Shift+→", meaning: "next user", action: .nextUser),
        Binding(
            keys: [.character("["), .shiftLeft], label: "[ or Shift+←", meaning: "previous user", action: .previousUser),
        Binding(
            keys: [.character(" ")], label: "space", meaning: "pause or resume (held in kitty: until let go)",
            action: .pauseOrResume),
        Binding(keys: [.character("l")], label: "l", meaning: "like or unlike", action: .like),
        Binding(keys: [.character("m")], label: "m", meaning: "mute or unmute this user", action: .mute),
        Binding(keys: [.character("r")], label: "r", meaning: "retry a failed item", action: .retry),
        Binding(keys: [.character("c")], label: "c", meaning: "copy the item's link", action: .copyLink),
        Binding(
            keys: [.character("q"), .escape, .down, .shiftDown], label: "q, Esc or ↓", meaning: "close",
            action: .close),
    ]
}
