import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The viewer's holds and focus: a press held pauses, its release resumes or (short) taps; the
/// terminal's focus pauses and resumes a playing viewer.
extension ViewerUpdate {
    /// How long a press lasts to be a hold: shorter, it is a tap (the rules', as on the web).
    public static let holdThreshold = ViewerRules.holdThreshold

    /// A key or button let go after `heldFor`: after a hold the viewer resumes (if the press
    /// paused it); a click's short press moves on (the left third back, elsewhere forward).
    static func released(
        _ open: inout ViewerModel, _ around: inout Around, _ event: InputEvent, heldFor: Duration
    ) -> [ViewerEffect] {
        guard let hold = open.hold else { return [] }
        let resume = hold.pausedIt && open.viewer.isPaused
        switch (hold.source, event) {
        case (.space, .keyReleased(" ")):
            open.hold = nil
            return heldFor >= holdThreshold && resume ? apply(.resume, to: &open, &around) : []
        case (.mouse(let x, _), .mouse(0, _, _, pressed: false)):
            open.hold = nil
            var effects = resume ? apply(.resume, to: &open, &around) : []
            if heldFor < holdThreshold {
                let back = Double(x) < Double(around.size.columns) * ViewerRules.backZone
                effects += apply(back ? .previous : .next, to: &open, &around)
            }
            return effects
        default: return []
        }
    }

    /// The terminal's window lost the focus: a playing viewer pauses, and resumes when it is
    /// back (a viewer paused by the user stays paused).
    static func focusChanged(_ open: inout ViewerModel, _ around: inout Around, focused: Bool) -> [ViewerEffect] {
        if !focused, !open.viewer.isPaused {
            open.pausedByFocus = true
            return apply(.pause, to: &open, &around)
        }
        if focused, open.pausedByFocus {
            open.pausedByFocus = false
            return open.viewer.isPaused ? apply(.resume, to: &open, &around) : []
        }
        return []
    }
}
