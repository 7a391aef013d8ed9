import Foundation
import StoryInterfaces
import StoryTerminal

/// The help overlay's lines for the screen that is up.
public enum HelpText {
    /// Key and meaning, one per line.
    public static func lines(for model: AppModel) -> [String] {
        if model.viewer != nil {
            return [
                "→ or n: next item", "← or p: previous item", "] or Shift+→: next user", "[ or Shift+←: previous user",
                "space: pause or resume", "l: like or unlike", "r: retry a failed item", "q, Esc or ↓: close",
                "click: left third back, elsewhere forward; the heart likes",
            ]
        }
        if model.screen == .gallery {
            if model.gallery.detail != nil { return ["Esc, q or ←: back to the grid", "r: retry a failed image"] }
            return ["arrows: move", "Enter or click: details", "r: reload from page 1", "q or Esc: back to the tray"]
        }
        return [
            "← →: choose a user", "Enter or click: view their story", "g: gallery of photos", "r: reload from page 1",
            "q: quit",
        ]
    }
}
