import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The tray's part of the update: its messages (the feed, avatars), its keys and clicks,
/// selection and scrolling, which avatars to load, and opening the viewer.
extension AppUpdate {
    /// Applies a tray message.
    static func update(_ model: inout AppModel, _ message: TrayMessage) -> [AppEffect] {
        switch message {
        case .feed(let snapshot):
            return feedChanged(&model, snapshot)
        case .avatarLoaded(let url, let image):
            model.tray.avatarsRequested.remove(url)
            if let image { model.tray.avatars[url] = image }
            return []
        }
    }

    static func trayInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        switch KeyBindings.action(for: event, in: KeyBindings.tray) {
        case .quit: return quit(&model)
        case .next: return moveSelection(&model, by: 1)
        case .previous: return moveSelection(&model, by: -1)
        case .open: return openSelected(&model)
        case .mute: return toggleMute(&model)
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

    /// `m`: the selected user muted or unmuted, shown at once, written to the store.
    static func toggleMute(_ model: inout AppModel) -> [AppEffect] {
        guard let index = model.tray.selectedIndex else { return [] }
        let user = model.tray.entries[index].element
        let muted = !model.tray.isMuted(user)
        model.tray.mutedNow[user.id] = muted
        say(
            muted
                ? "Muted \(user.story.user.name): their stories go last and do not play on from the story before."
                : "Unmuted \(user.story.user.name).", in: &model)
        return [.tray(.setMuted(user.id, muted))]
    }

    static func announceSelection(_ model: inout AppModel) {
        guard model.isAccessible, let index = model.tray.selectedIndex else { return }
        let user = model.tray.entries[index].element
        let count = user.story.items.count
        let seen = user.story.items.filter { user.seen.contains($0.id) || model.tray.seenNow.contains($0.id) }.count
        say(
            "\(user.story.user.name), \(count) \(count == 1 ? "item" : "items"), \(seen) seen"
                + (seen < count ? ", new" : "") + (model.tray.isMuted(user) ? ", muted" : "")
                + ". \(index + 1) of \(model.tray.entries.count).", in: &model)
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
        return [.tray(.openViewer(stories: stories, userIndex: start))]
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
        return [.tray(.loadAvatars(unique))]
    }

    static func seenItems(in tray: TrayModel) -> Set<StoryItemID> {
        tray.entries.reduce(into: Set<StoryItemID>()) { $0.formUnion($1.element.seen) }
    }

}
