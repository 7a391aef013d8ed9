import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The update of Model–Update–View: a message changes the model and asks for effects. Pure:
/// no I/O, no clock, no randomness, so every screen state is a plain value to test.
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
        case .pictureNotShown(let key, let reason):
            return pictureNotShown(&model, key: key, reason: reason)
        case .feed(let snapshot):
            return feedChanged(&model, snapshot)
        case .avatarLoaded(let url, let image):
            model.tray.avatarsRequested.remove(url)
            if let image { model.tray.avatars[url] = image }
            return []
        case .mediaLoaded(let item, let result):
            return mediaLoaded(&model, item, result)
        case .videoFrame(let item, let image, let time):
            return videoFrame(&model, item, image, at: time)
        case .videoEnded(let item):
            guard model.viewer?.playing == item else { return [] }
            model.viewer?.playing = nil
            return apply(.playbackEnded(item), to: &model)
        case .videoFailed(let item, let reason):
            guard model.viewer?.playing == item else { return [] }
            model.viewer?.playing = nil
            return apply(.mediaFailed(item, reason: reason), to: &model)
        case .viewerReady(let stories, let userIndex, let liked, let now):
            let seen = seenItems(in: model.tray).union(model.tray.seenNow)
            let (viewer, events) = StoryViewer.open(
                stories, at: userIndex, configuration: model.viewerConfiguration, seen: seen, liked: liked)
            guard viewer.position != nil else { return [] }
            model.viewer = ViewerModel(viewer: viewer, now: now)
            return handle(events, in: &model)
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
        case .galleryFeed(let snapshot):
            return galleryFeedChanged(&model, snapshot)
        case .thumbnailLoaded(let id, let image):
            model.gallery.requested.remove(id)
            if let image { model.gallery.thumbnails[id] = image }
            return []
        case .detailLoaded(let id, let result):
            guard var detail = model.gallery.detail, detail.photo.id == id else { return [] }
            switch result {
            case .success(let image): detail.image = image
            case .failure(let failure):
                detail.failure = failure.reason
                say("The photo could not be loaded: \(failure.reason). Press r to retry.", in: &model)
            }
            model.gallery.detail = detail
            return []
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

    // MARK: - Tray

    static func trayInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        switch KeyBindings.action(for: event, in: KeyBindings.tray) {
        case .quit: return quit(&model)
        case .next: return moveSelection(&model, by: 1)
        case .previous: return moveSelection(&model, by: -1)
        case .open: return openSelected(&model)
        case .gallery: return openGallery(&model)
        case .refresh:
            if case .failed = model.tray.phase { return [.feed(.tray, .retry)] }
            model.tray.selected = model.tray.entries.first?.position ?? 0
            model.tray.firstVisible = model.tray.selected
            return [.feed(.tray, .refresh)]
        case nil: break
        }
        switch event {
        case .mouse(0, let x, let y, pressed: true):
            guard let slot = TrayLayout(size: model.size).slot(atX: x, y: y),
                let index = model.tray.entries.firstIndex(where: { $0.position == model.tray.firstVisible })
                    .map({ $0 + slot }),
                model.tray.entries.indices.contains(index)
            else { return [] }
            model.tray.selected = model.tray.entries[index].position
            return openSelected(&model)
        default: return []
        }
    }

    static func moveSelection(_ model: inout AppModel, by step: Int) -> [AppEffect] {
        guard let index = model.tray.selectedIndex else { return [] }
        let count = model.tray.entries.count
        if model.tray.isWholeList {
            // Every user is on screen: the row wraps in place; nothing more to load.
            model.tray.selected = model.tray.entries[((index + step) % count + count) % count].position
            announceSelection(&model)
            return keepSelectionVisible(&model) + avatarLoads(&model)
        }
        let target = min(max(0, index + step), count - 1)
        model.tray.selected = model.tray.entries[target].position
        announceSelection(&model)
        return keepSelectionVisible(&model) + [.feed(.tray, .show(position: model.tray.selected))] + avatarLoads(&model)
    }

    static func announceSelection(_ model: inout AppModel) {
        guard model.isAccessible, let index = model.tray.selectedIndex else { return }
        let user = model.tray.entries[index].element
        let count = user.story.items.count
        let seen = user.story.items.filter { user.seen.contains($0.id) || model.tray.seenNow.contains($0.id) }.count
        say(
            "\(user.story.user.name), \(count) \(count == 1 ? "item" : "items"), \(seen) seen"
                + (seen < count ? ", new" : "") + ". \(index + 1) of \(model.tray.entries.count).", in: &model)
    }

    static func keepSelectionVisible(_ model: inout AppModel) -> [AppEffect] {
        let slots = TrayLayout(size: model.size).visibleSlots
        let entries = model.tray.entries
        guard let selected = model.tray.selectedIndex else { return [] }
        var first = entries.firstIndex { $0.position == model.tray.firstVisible } ?? selected
        if selected < first { first = selected }
        if selected >= first + slots { first = selected - slots + 1 }
        model.tray.firstVisible = entries[max(0, first)].position
        return []
    }

    static func openSelected(_ model: inout AppModel) -> [AppEffect] {
        guard let index = model.tray.selectedIndex else { return [] }
        // The viewer moves across the users loaded from the selected one on (and back to
        // the start of the window), as Instagram's does across the tray — each real user
        // once: the tray's repeats (`feed.wrap`) are the tray's alone, so next on the last
        // real user closes the viewer (PRODUCT.md §2) instead of walking into the repeat.
        let (stories, start) = distinctUsers(around: index, in: model.tray.entries.map(\.element.story))
        return [.openViewer(stories: stories, userIndex: start)]
    }

    static func feedChanged(_ model: inout AppModel, _ snapshot: FeedSnapshot<TrayUser>) -> [AppEffect] {
        let wasEmpty = model.tray.entries.isEmpty
        let oldPhase = model.tray.phase
        let selectedUser = model.tray.selectedIndex.map { model.tray.entries[$0].element.id }
        model.tray.entries = snapshot.entries
        model.tray.phase = snapshot.phase
        model.tray.isWholeList = false
        foldRepeats(&model, selecting: selectedUser)
        if snapshot.phase != oldPhase {
            switch snapshot.phase {
            case .failed(let message): say("The stories could not be loaded: \(message). Press r to retry.", in: &model)
            case .empty: say("There are no stories.", in: &model)
            default: break
            }
        }
        if wasEmpty, !snapshot.entries.isEmpty {
            say(
                "Stories from \(model.source): \(snapshot.entries.count) users loaded. Keys: "
                    + KeyBindings.summary(KeyBindings.tray) + " · ? help.", in: &model)
        }
        if wasEmpty || model.tray.selectedIndex == nil {
            model.tray.selected = snapshot.entries.first?.position ?? 0
            model.tray.firstVisible = model.tray.selected
            if !snapshot.entries.isEmpty { announceSelection(&model) }
        }
        if !snapshot.entries.contains(where: { $0.position == model.tray.firstVisible }) {
            model.tray.firstVisible = model.tray.selected
        }
        // Bounded memory: keep the avatars of the users in the window only.
        let urls = Set(snapshot.entries.compactMap(\.element.story.user.avatarURL))
        model.tray.avatars = model.tray.avatars.filter { urls.contains($0.key) }
        // Fill the row and a screen ahead without waiting for a key (small pages load on).
        var fill: [AppEffect] = []
        if snapshot.phase == .loaded, !model.tray.isWholeList,
            snapshot.entries.count < 2 * TrayLayout(size: model.size).visibleSlots,
            let last = snapshot.entries.last
        {
            fill = [.feed(.tray, .show(position: last.position))]
        }
        return keepSelectionVisible(&model) + avatarLoads(&model) + fill
    }

    /// Avatars of the visible users (and one screen ahead) not loaded or asked for yet.
    static func avatarLoads(_ model: inout AppModel) -> [AppEffect] {
        let slots = TrayLayout(size: model.size).visibleSlots
        guard let first = model.tray.entries.firstIndex(where: { $0.position == model.tray.firstVisible }) else {
            return []
        }
        let wanted = model.tray.entries[first..<min(model.tray.entries.count, first + 2 * slots)]
            .compactMap(\.element.story.user.avatarURL)
            .filter { model.tray.avatars[$0] == nil && !model.tray.avatarsRequested.contains($0) }
        var unique: [URL] = []
        for url in wanted where !unique.contains(url) { unique.append(url) }
        guard !unique.isEmpty else { return [] }
        model.tray.avatarsRequested.formUnion(unique)
        return [.loadAvatars(unique)]
    }

    static func seenItems(in tray: TrayModel) -> Set<StoryItemID> {
        tray.entries.reduce(into: Set<StoryItemID>()) { $0.formUnion($1.element.seen) }
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
