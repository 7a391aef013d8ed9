public import StoryNavigation
public import StoryTerminal

/// One table of key bindings per screen. The updates act on them (`action(for:)`), and the
/// help overlay, `stories browse --help` and the accessible sentences are written from them,
/// so a key changed here changes everywhere it is said.
public enum KeyBindings {
    /// One binding: the keys, how the help writes them, what they do, and the action.
    public struct Binding<Action: Sendable>: Sendable {
        /// The keys that do it.
        public var keys: [InputEvent]
        /// How they are written ("→ or n").
        public var label: String
        /// What they do ("next item").
        public var meaning: String
        /// The action the update takes.
        public var action: Action

        /// A binding.
        public init(keys: [InputEvent], label: String, meaning: String, action: Action) {
            self.keys = keys
            self.label = label
            self.meaning = meaning
            self.action = action
        }

        /// The help's line: "→ or n: next item".
        public var line: String { "\(label): \(meaning)" }
    }

    /// The tray's actions.
    public enum TrayAction: Sendable {
        case next, previous, first, last, pageBack, pageOn, open, mute, gallery, refresh, quit
    }
    /// The viewer's actions (the rules' own, which the web's keys name too).
    public typealias ViewerAction = ViewerRules.Action
    /// The gallery grid's actions.
    public enum GalleryAction: Sendable {
        case right, left, down, up, first, last, pageUp, pageDown, details, refresh, back
    }
    /// The photo detail's actions.
    public enum DetailAction: Sendable { case back, retry, nextPhoto, previousPhoto }

    /// The tray.
    public static let tray: [Binding<TrayAction>] = [
        Binding(
            keys: [.arrow(.right, shift: false), .arrow(.right, shift: true), .character("l")], label: "→",
            meaning: "next user", action: .next),
        Binding(
            keys: [.arrow(.left, shift: false), .arrow(.left, shift: true), .character("h")], label: "←",
            meaning: "previous user", action: .previous),
        Binding(keys: [.jump(.home)], label: "Home", meaning: "first user", action: .first),
        Binding(keys: [.jump(.end)], label: "End", meaning: "last user loaded (and load more)", action: .last),
        Binding(keys: [.jump(.pageUp)], label: "PgUp", meaning: "a row of users back", action: .pageBack),
        Binding(keys: [.jump(.pageDown)], label: "PgDn", meaning: "a row of users on", action: .pageOn),
        Binding(keys: [.enter], label: "Enter or click", meaning: "view their story", action: .open),
        Binding(
            keys: [.character("m")], label: "m", meaning: "mute or unmute (muted go last)",
            action: .mute),
        Binding(keys: [.character("g")], label: "g", meaning: "gallery of photos", action: .gallery),
        Binding(
            keys: [.character("r")], label: "r", meaning: "reload from page 1 (retry after a failure)", action: .refresh
        ),
        Binding(keys: [.character("q")], label: "q", meaning: "quit", action: .quit),
    ]

    /// The viewer.
    public static let viewer: [Binding<ViewerAction>] = ViewerRules.keys.map { rule in
        Binding(keys: rule.keys.map(inputEvent), label: rule.label, meaning: rule.meaning, action: rule.action)
    }

    /// The terminal's event for a key of the rules.
    static func inputEvent(_ key: ViewerRules.Key) -> InputEvent {
        switch key {
        case .right: .arrow(.right, shift: false)
        case .left: .arrow(.left, shift: false)
        case .down: .arrow(.down, shift: false)
        case .shiftRight: .arrow(.right, shift: true)
        case .shiftLeft: .arrow(.left, shift: true)
        case .shiftDown: .arrow(.down, shift: true)
        case .escape: .escape
        case .character(let character): .character(character)
        }
    }

    /// The gallery's grid.
    public static let gallery: [Binding<GalleryAction>] = [
        Binding(
            keys: [.arrow(.right, shift: false), .arrow(.right, shift: true)], label: "→", meaning: "next photo",
            action: .right),
        Binding(
            keys: [.arrow(.left, shift: false), .arrow(.left, shift: true)], label: "←", meaning: "previous photo",
            action: .left),
        Binding(
            keys: [.arrow(.down, shift: false), .arrow(.down, shift: true)], label: "↓", meaning: "next row",
            action: .down),
        Binding(
            keys: [.arrow(.up, shift: false), .arrow(.up, shift: true)], label: "↑", meaning: "previous row",
            action: .up),
        Binding(keys: [.jump(.home)], label: "Home", meaning: "first photo", action: .first),
        Binding(keys: [.jump(.end)], label: "End", meaning: "last photo loaded (and load more)", action: .last),
        Binding(keys: [.jump(.pageUp)], label: "PgUp", meaning: "a screen back", action: .pageUp),
        Binding(keys: [.jump(.pageDown)], label: "PgDn", meaning: "a screen on", action: .pageDown),
        Binding(keys: [.enter], label: "Enter or click", meaning: "details", action: .details),
        Binding(
            keys: [.character("r")], label: "r", meaning: "reload from page 1 (retry after a failure)", action: .refresh
        ),
        Binding(keys: [.character("q"), .escape], label: "q or Esc", meaning: "back to the tray", action: .back),
    ]

    /// A photo's detail.
    public static let detail: [Binding<DetailAction>] = [
        // q or Esc on every screen, as the grid's (the detail said "Esc back", the grid "q back").
        Binding(
            keys: [.character("q"), .escape, .backspace], label: "q or Esc", meaning: "back to the grid", action: .back),
        Binding(
            keys: [.arrow(.right, shift: false), .arrow(.right, shift: true)], label: "→", meaning: "next photo",
            action: .nextPhoto),
        Binding(
            keys: [.arrow(.left, shift: false), .arrow(.left, shift: true)], label: "←", meaning: "previous photo",
            action: .previousPhoto),
        Binding(keys: [.character("r")], label: "r", meaning: "retry a failed image", action: .retry),
    ]

    /// The action `event` stands for in `bindings`, if any.
    /// (A key's repeat, where the terminal tells repeats apart, acts as its press.)
    public static func action<Action>(for event: InputEvent, in bindings: [Binding<Action>]) -> Action? {
        let pressed: InputEvent = if case .keyRepeated(let character) = event { .character(character) } else { event }
        return bindings.first { $0.keys.contains(pressed) }?.action
    }

    /// A status-line hint written from the bindings: each action's first key, short, joined by
    /// "/", then `word` ("←/→ item", "q close"). Hints say what a binding's first key is, so
    /// the first key of a binding is the one to show.
    public static func hint<Action: Equatable>(_ bindings: [Binding<Action>], _ actions: Action..., word: String)
        -> String
    {
        actions.map { key(bindings, $0) }.filter { !$0.isEmpty }.joined(separator: "/") + " " + word
    }

    /// The first key of `action`'s binding, as a hint writes it ("r"), empty when none.
    public static func key<Action: Equatable>(_ bindings: [Binding<Action>], _ action: Action) -> String {
        bindings.first { $0.action == action }?.keys.first.map(shortName) ?? ""
    }

    /// A key as a hint writes it.
    static func shortName(_ event: InputEvent) -> String {
        switch event {
        case .arrow(.right, _): "→"
        case .arrow(.left, _): "←"
        case .arrow(.up, _): "↑"
        case .arrow(.down, _): "↓"
        case .character(" "): "space"
        case .character(let character): String(character)
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .jump(.home): "Home"
        case .jump(.end): "End"
        case .jump(.pageUp): "PgUp"
        case .jump(.pageDown): "PgDn"
        default: "?"
        }
    }

    /// Help's own key (any screen): "? help".
    static let helpHint = "? help"

    /// The bindings as one line of help text: "→ next user · ← previous user · …".
    public static func summary<Action>(_ bindings: [Binding<Action>]) -> String {
        bindings.map { "\($0.label) \($0.meaning)" }.joined(separator: " · ")
    }
}
