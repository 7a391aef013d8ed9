import Foundation
import Synchronization

/// The terminal's bytes, written on a serial queue of their own (writing blocks while the
/// terminal does not read: a slow link, a paused tmux pane), in order, never from the pool —
/// and at the terminal's pace: at most ``ahead`` frames wait to be written. A frame drawn while
/// they do is held back, and ``drained`` is called once one of them is written, so the loop
/// draws the screen as it is by then. A terminal slower than the video (sixel in a busy xterm,
/// an ssh link) sees fewer frames, never later ones: a pause shows at once, and quitting does
/// not wait for seconds of frames queued behind it.
final class ScreenOutput: Sendable {
    /// Frames that may wait to be written.
    static let ahead = 2

    private struct State {
        var waiting = 0
        var heldBack = false
    }
    private let queue = DispatchQueue(label: "stories.screen")
    private let state = Mutex(State())
    private let drained: @Sendable () -> Void

    /// Output whose held-back frames are asked for again through `drained`.
    init(drained: @escaping @Sendable () -> Void) {
        self.drained = drained
    }

    /// Whether a frame may be drawn now; when not, ``drained`` follows once it may.
    func mayDraw() -> Bool {
        state.withLock { state in
            if state.waiting < Self.ahead { return true }
            state.heldBack = true
            return false
        }
    }

    /// Writes a frame's bytes with `write`, then runs `then`.
    func frame(_ write: @escaping @Sendable () -> Void, then: @escaping @Sendable () -> Void) {
        state.withLock { $0.waiting += 1 }
        queue.async {
            write()
            then()
            let wake = self.state.withLock { state -> Bool in
                state.waiting -= 1
                guard state.heldBack else { return false }
                state.heldBack = false
                return true
            }
            if wake { self.drained() }
        }
    }

    /// Runs `work` after everything written before it, without waiting.
    func async(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }

    /// Runs `work` after everything written before it, and waits for it.
    func sync(_ work: () -> Void) { queue.sync(execute: work) }
}
