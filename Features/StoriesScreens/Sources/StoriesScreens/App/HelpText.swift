import Foundation
import StoryInterfaces
import StoryTerminal

/// The help overlay's lines for the screen that is up.
public enum HelpText {
    /// Key and meaning, one per line, from the screen's key bindings (and its clicks).
    public static func lines(for model: AppModel) -> [String] {
        if model.viewer != nil {
            return KeyBindings.viewer.map(\.line) + [
                "click: left third back, elsewhere forward; held: paused; the heart likes",
                "videos play without sound",
            ]
        }
        if model.screen == .gallery {
            if model.gallery.detail != nil { return KeyBindings.detail.map(\.line) }
            return KeyBindings.gallery.map(\.line) + ["click: a photo's details"]
        }
        return KeyBindings.tray.map(\.line) + ["click: an avatar views their story"]
    }
}
