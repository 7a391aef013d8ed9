import StoriesScreens
import StoryTerminal

/// When each key and mouse button still down was pressed: a release becomes
/// ``AppMessage/released(_:heldFor:)`` with how long it was held (the update tells a hold from
/// a tap by it); every other event is ``AppMessage/input(_:)``. Timed when each event was read
/// (``InputQueue`` stamps it), not when the loop takes it: a busy loop that took a quick tap's
/// press and release half a second apart counted it as a hold and resumed.
struct HeldKeys {
    private enum Key: Hashable {
        case character(Character)
        case button(Int)
    }
    private var pressed: [Key: ContinuousClock.Instant] = [:]

    /// The message for `event`, taken at `now`.
    mutating func message(for event: InputEvent, at now: ContinuousClock.Instant) -> AppMessage {
        switch event {
        case .character(let character):
            pressed[.character(character)] = now
        case .mouse(let button, _, _, pressed: true):
            pressed[.button(button)] = now
        case .keyReleased(let character):
            let since = pressed.removeValue(forKey: .character(character))
            return .released(event, heldFor: since.map { now - $0 } ?? .zero)
        case .mouse(let button, _, _, pressed: false):
            let since = pressed.removeValue(forKey: .button(button))
            return .released(event, heldFor: since.map { now - $0 } ?? .zero)
        default: break
        }
        return .input(event)
    }
}
