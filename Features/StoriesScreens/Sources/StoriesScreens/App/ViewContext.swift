import Foundation
import StoryImages
import StoryTerminal

/// What every screen's view may read besides its own screen's model: how pictures and colours
/// are drawn, the avatars loaded, and the app's status. A view gets this, its own model and the
/// buffer of the area it draws into (its layout fits that area), never the whole ``AppModel``,
/// so a screen can be drawn anywhere (``CellBuffer/paste(_:x:y:)`` puts an area in a larger one).
struct ViewContext: Sendable {
    /// Colours the terminal shows.
    var depth: ColorMode
    /// The terminal's background is light.
    var lightBackground: Bool
    /// Whether the terminal said its background (else: colours safe on any background).
    var backgroundKnown: Bool
    /// Pictures are graphics (kitty, sixel, iTerm2), not half blocks.
    var graphics: Bool
    /// The cells' pixels (half blocks take their shape).
    var cell: CellPixels?
    /// The avatars decoded so far, by URL (the tray loads them; the viewer's header shows them).
    var avatars: [URL: RGBImage]
    /// The content source's name as configured or chosen.
    var sourceName: String
    /// The source for the tray's status line ("bundled (Picsum unreachable)" after a fallback).
    var source: String
    /// Why state is not being saved, when it is not.
    var storeError: String?
    /// Items seen and users muted in this run (the tray's rings and summary).
    var marks: SessionMarks

    /// The context of `model`.
    init(_ model: AppModel) {
        depth = model.depth
        lightBackground = model.lightBackground
        backgroundKnown = model.backgroundKnown
        graphics = model.graphics
        cell = model.cell
        avatars = model.tray.avatars
        sourceName = model.source
        source = model.fallback != nil ? "bundled (Picsum unreachable)" : model.source
        storeError = model.storeError
        marks = model.context.marks
    }
}
