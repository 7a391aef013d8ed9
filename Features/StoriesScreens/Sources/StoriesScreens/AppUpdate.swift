import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The update of Model–Update–View: a message changes the model and asks for effects. Pure:
/// no I/O, no clock, no randomness, so every screen state is a plain value to test.
///
/// This file only routes: the app's own messages (time, size, the source, the store, help,
/// quitting) here; a screen's message and its input to that screen's update (`TrayUpdate.swift`,
/// `ViewerUpdate.swift`, `GalleryUpdate.swift`), each an `update(_:_:)` for its own message type.
public enum AppUpdate {
    /// Applies `message` to `model`; returns the effects to perform, in order.
    ///
    /// Every change of the model happens here: the runtime only feeds messages in and carries
    /// out the effects. The sentences of accessible mode are this message's own (the runtime
    /// prints them after the update), so they start empty each time.
    public static func update(_ model: inout AppModel, _ message: AppMessage) -> [AppEffect] {
        model.announcements.removeAll()
        switch message {
        case .input(let event):
            if event == .interrupt { return quit(&model) }
            if event == .suspend {
                // A playing viewer pauses first: the time stopped does not count, and space
                // resumes after `fg`.
                if let viewer = model.viewer, !viewer.viewer.isPaused, model.isSourceOpen, !model.isShowingHelp {
                    return viewerInput(&model, .character(" ")) + [.suspend]
                }
                return [.suspend]
            }
            // Until the content source is open only quitting acts (there is nothing to move).
            if !model.isSourceOpen {
                return KeyBindings.action(for: event, in: KeyBindings.tray) == .quit ? quit(&model) : []
            }
            if model.isShowingHelp { return closeHelp(&model) }
            if event == .character("?") { return openHelp(&model) }
            if model.viewer != nil { return viewerInput(&model, event) }
            return model.screen == .gallery ? galleryInput(&model, event) : trayInput(&model, event)
        case .resized(let columns, let rows):
            model.size = ScreenSize(columns: columns, rows: rows)
            foldRepeats(&model, selecting: model.tray.selectedIndex.map { model.tray.entries[$0].element.id })
            return keepSelectionVisible(&model) + avatarLoads(&model) + keepGallerySelectionVisible(&model)
                + thumbnailLoads(&model) + mediaForNewSize(&model)
        case .tick(let time):
            guard model.viewer != nil else { return [] }  // nothing moves outside the viewer
            let confirmed = ageSeen(&model, by: time)
            if let animation = model.animation {
                // Animations run on the ticks; a slide holds the viewer's clock until it ends.
                switch animation {
                case .heartPop(let left): model.animation = left > 1 ? .heartPop(ticksLeft: left - 1) : nil
                case .slide(let left):
                    model.animation = left > 1 ? .slide(ticksLeft: left - 1) : nil
                    return confirmed
                }
            }
            return confirmed + apply(.tick(time), to: &model)
        case .sourceChosen(let name, let fallback):
            model.source = name
            model.fallback = fallback
            model.isSourceOpen = true
            return []
        case .storeFailed(let message):
            model.storeError = message
            say("State could not be saved: \(message). It is kept and tried again.", in: &model)
            return []
        case .storeRecovered:
            model.storeError = nil
            say("State is saved again.", in: &model)
            return []
        case .tray(let message): return update(&model, message)
        case .viewer(let message): return update(&model, message)
        case .gallery(let message): return update(&model, message)
        }
    }

    /// Whether the clock should tick (Elm's subscriptions): only while the viewer is open, and
    /// not while a video plays (its frames move the bar) unless an animation runs; the runtime
    /// starts and stops its ticker by it after each update.
    public static func wantsClock(_ model: AppModel) -> Bool {
        guard let open = model.viewer else { return false }
        return open.playing == nil || model.animation != nil
    }

    /// Adds a sentence for accessible mode (nothing otherwise).
    static func say(_ sentence: String, in model: inout AppModel) {
        if model.isAccessible { model.announcements.append(sentence) }
    }

    // MARK: - Help

    static func openHelp(_ model: inout AppModel) -> [AppEffect] {
        model.isShowingHelp = true
        var effects: [AppEffect] = []
        if let open = model.viewer, !open.viewer.isPaused {
            effects = apply(.pause, to: &model)
            model.helpPausedViewer = true
        }
        say(
            "Help. " + HelpText.lines(for: model).joined(separator: ". ") + ". Press any key to close the help.",
            in: &model)
        return effects
    }

    static func closeHelp(_ model: inout AppModel) -> [AppEffect] {
        model.isShowingHelp = false
        defer { model.helpPausedViewer = false }
        say("Help closed.", in: &model)
        return model.helpPausedViewer ? apply(.resume, to: &model) : []
    }

    static func quit(_ model: inout AppModel) -> [AppEffect] {
        model.isQuitting = true
        // A seen mark still held is written first: its picture was on screen until now.
        var held: [AppEffect] = []
        if var open = model.viewer {
            held = confirmSeen(&open)
            model.viewer = open
        }
        return held + [.quit]
    }
}
