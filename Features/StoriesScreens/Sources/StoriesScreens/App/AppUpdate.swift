import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The update of Model–Update–View: a message changes the model and asks for effects. Pure:
/// no I/O, no clock, no randomness, so every screen state is a plain value to test.
///
/// This file only routes: the app's own messages (time, size, the source, the store, help,
/// quitting, which screen is up) here; a screen's message and its input to that screen's update
/// (``TrayUpdate``, ``ViewerUpdate``, ``GalleryUpdate``), each over its own model and the
/// ``ScreenContext`` around it, its effects wrapped as the app's.
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
                    return withViewer(&model) { ViewerUpdate.input(&$0, &$1, .character(" ")) } + [.suspend]
                }
                return [.suspend]
            }
            // Releases, repeats' own and focus reports are not keys that close help or act in
            // the tray and gallery: only the viewer has holds and pauses.
            switch event {
            case .focus, .keyReleased, .keyRepeated(" "):
                guard model.viewer != nil, model.isSourceOpen, !model.isShowingHelp else { return [] }
                return withViewer(&model) { ViewerUpdate.input(&$0, &$1, event) }
            default: break
            }
            // Until the content source is open only quitting acts (there is nothing to move).
            if !model.isSourceOpen {
                return KeyBindings.action(for: event, in: KeyBindings.tray) == .quit ? quit(&model) : []
            }
            if model.isShowingHelp { return closeHelp(&model) }
            if event == .character("?") { return openHelp(&model) }
            if model.viewer != nil { return withViewer(&model) { ViewerUpdate.input(&$0, &$1, event) } }
            return model.screen == .gallery ? galleryInput(&model, event) : trayInput(&model, event)
        case .released(let event, let heldFor):
            guard model.viewer != nil, model.isSourceOpen, !model.isShowingHelp else { return [] }
            return withViewer(&model) { ViewerUpdate.released(&$0, &$1, event, heldFor: heldFor) }
        case .resized(let columns, let rows):
            model.size = ScreenSize(columns: columns, rows: rows)
            let isShown = model.screen == .gallery
            return TrayUpdate.resized(&model.tray, &model.context).map(AppEffect.tray)
                + GalleryUpdate.resized(&model.gallery, model.context, isShown: isShown).map(AppEffect.gallery)
                + withViewer(&model) { ViewerUpdate.mediaForNewSize(&$0, $1) }
        case .tick(let time):
            guard model.viewer != nil else { return [] }  // nothing moves outside the viewer
            let confirmed = withViewer(&model) { open, _ in ViewerUpdate.ageSeen(&open, by: time) }
            if let animation = model.animation {
                // Animations run on the ticks; a slide holds the viewer's clock until it ends.
                switch animation {
                case .heartPop(let left): model.animation = left > 1 ? .heartPop(ticksLeft: left - 1) : nil
                case .slide(let left):
                    model.animation = left > 1 ? .slide(ticksLeft: left - 1) : nil
                    return confirmed
                }
            }
            return confirmed + viewer(.tick(time), &model)
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
        case .tray(let message):
            let effects = TrayUpdate.update(&model.tray, &model.context, message).map(AppEffect.tray)
            guard case .feed = message, let open = model.viewer else { return effects }
            // The tray's next page came while the viewer is open: its users after the
            // viewer's go to the viewer (likes read first), each once, never the repeats.
            var known = Set(open.viewer.stories.map(\.user.id))
            let more = model.tray.entries.map(\.element.story).filter { known.insert($0.user.id).inserted }
            return effects + (more.isEmpty ? [] : [.tray(.extendViewer(stories: more))])
        case .viewer(.more(let stories, let liked)):
            let marks = model.context.marks
            let muted = Set(
                model.tray.entries.map(\.element).filter { $0.isMuted(marks) && stories.map(\.user.id).contains($0.id) }
                    .map(\.id))
            model.viewer?.viewer.append(stories, liked: liked, muted: muted)
            return []
        case .viewer(.ready(let stories, let userIndex, let liked, let now)):
            let marks = model.context.marks
            let seen = model.tray.seenItems.union(marks.seen)
            let muted = Set(model.tray.entries.map(\.element).filter { $0.isMuted(marks) }.map(\.id))
            let (viewer, events) = StoryViewer.open(
                stories, at: userIndex, configuration: model.viewerConfiguration, seen: seen, liked: liked,
                muted: muted)
            guard viewer.position != nil else { return [] }
            model.viewer = ViewerModel(viewer: viewer, now: now)
            return withViewer(&model) { ViewerUpdate.handle(events, &$0, &$1) }
        case .viewer(let message): return withViewer(&model) { ViewerUpdate.update(&$0, &$1, message) }
        case .gallery(let message):
            let isShown = model.screen == .gallery
            return GalleryUpdate.update(&model.gallery, &model.context, message, isShown: isShown).map(
                AppEffect.gallery)
        }
    }

    // MARK: - Which screen is up

    /// A key or click on the tray: quitting and the gallery are the app's, the rest the tray's.
    static func trayInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        switch KeyBindings.action(for: event, in: KeyBindings.tray) {
        case .quit: return quit(&model)
        case .gallery:
            model.screen = .gallery
            return GalleryUpdate.opened(&model.gallery, &model.context).map(AppEffect.gallery)
        default: return TrayUpdate.input(&model.tray, &model.context, event).map(AppEffect.tray)
        }
    }

    /// A key or click on the gallery: going back to the tray is the app's, the rest the gallery's.
    static func galleryInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        guard GalleryUpdate.leaves(model.gallery, on: event) else {
            return GalleryUpdate.input(&model.gallery, &model.context, event).map(AppEffect.gallery)
        }
        model.screen = .tray
        say("Back to the tray.", in: &model)
        TrayUpdate.announceSelection(model.tray, &model.context)
        return []
    }

    /// Whether the clock should tick (Elm's subscriptions): only while the viewer is open and
    /// something moves with time — not while it is paused (unless an animation runs or a seen
    /// mark waits for its picture to stay), nor while a video plays (its frames move the bar);
    /// the runtime starts and stops its ticker by it after each update, so a paused viewer, as
    /// an idle tray, wakes nothing.
    public static func wantsClock(_ model: AppModel) -> Bool {
        guard let open = model.viewer else { return false }
        if model.animation != nil || open.unconfirmedSeen != nil { return true }
        if open.viewer.isPaused { return false }
        // An animated picture plays on its item's clock: only a video's frames move the bar.
        return open.playing == nil || !open.viewer.followsPlayback
    }

    /// Adds a sentence for accessible mode (nothing otherwise).
    static func say(_ sentence: String, in model: inout AppModel) { model.context.say(sentence) }

    // MARK: - Help

    static func openHelp(_ model: inout AppModel) -> [AppEffect] {
        model.isShowingHelp = true
        var effects: [AppEffect] = []
        if let open = model.viewer, !open.viewer.isPaused {
            effects = viewer(.pause, &model)
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
        return model.helpPausedViewer ? viewer(.resume, &model) : []
    }

    static func quit(_ model: inout AppModel) -> [AppEffect] {
        model.isQuitting = true
        // A seen mark still held is written first: its picture was on screen until now.
        let held = withViewer(&model) { open, _ in ViewerUpdate.confirmSeen(&open) }
        return held + [.quit]
    }

    // MARK: - The viewer, lent to its update

    /// How long a picture is on screen before its item is written as seen (kitty refuses
    /// within milliseconds, after ``GraphicsScreen/resends`` sends a few frames apart).
    public static let seenConfirmation: Duration = .seconds(1)

    /// The viewer's image area, in cells, on a screen of `size`.
    public static func imageArea(_ size: ScreenSize) -> ScreenSize { ViewerUpdate.imageArea(size) }

    /// Runs a viewer rule on the open viewer and its surroundings (the screens' context and the
    /// animation), then puts both back: the one place the viewer's model leaves the app's and
    /// returns (moved, not copied). When the viewer closed, the tray selects the user it showed
    /// last.
    static func withViewer(
        _ model: inout AppModel, _ rule: (inout ViewerModel, inout ViewerSurroundings) -> [ViewerEffect]
    ) -> [AppEffect] {
        guard var open = model.viewer else { return [] }
        model.viewer = nil
        var around = ViewerSurroundings(context: model.context, animation: model.animation)
        model.context.marks = SessionMarks()  // lent, not copied: the viewer's are the only ones meanwhile
        model.context.announcements = []
        var effects = rule(&open, &around).map(AppEffect.viewer)
        model.context = around.context
        model.animation = around.animation
        guard let closedOn = around.closedOnUser else {
            effects += askForMoreUsers(&open, model.tray)
            model.viewer = open
            return effects
        }
        return effects + TrayUpdate.select(closedOn, &model.tray, &model.context).map(AppEffect.tray)
    }

    /// On the last user but one of what the tray had loaded, while the tray has more to load:
    /// its next page is asked for (once per count), so that the viewer goes on into it
    /// instead of closing at the last *loaded* user.
    static func askForMoreUsers(_ open: inout ViewerModel, _ tray: TrayModel) -> [AppEffect] {
        let count = open.viewer.stories.count
        guard let user = open.viewer.position?.userIndex, user >= count - 2, open.askedForMoreAt < count,
            tray.phase == .loaded, !tray.isWholeList, let last = tray.entries.last
        else { return [] }
        open.askedForMoreAt = count
        return [.tray(.feed(.show(position: last.position)))]
    }

    /// Applies a command to the open viewer.
    static func viewer(_ command: ViewerCommand, _ model: inout AppModel) -> [AppEffect] {
        withViewer(&model) { ViewerUpdate.apply(command, to: &$0, &$1) }
    }
}
