import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The tray's update: its messages (the feed, avatars), its keys and clicks, selection and
/// scrolling, which avatars to load, and which users the viewer opens on. Every rule takes the
/// tray's own model and the ``ScreenContext`` around it, never the app's model; what leaves the
/// tray (quitting, the gallery, help) is the app's routing.
enum TrayUpdate {
    /// Applies a tray message.
    static func update(_ tray: inout TrayModel, _ context: inout ScreenContext, _ message: TrayMessage)
        -> [TrayEffect]
    {
        switch message {
        case .feed(let snapshot):
            return feedChanged(&tray, &context, snapshot)
        case .avatarLoaded(let url, let image):
            tray.avatarsRequested.remove(url)
            if let image { tray.avatars[url] = image }
            return []
        case .stateChanged:
            // What was watched elsewhere shows in the rings; the order stays until the tray
            // is loaded again (never re-sorted under the user's eyes), the selection too.
            var users: [UserID] = []
            var known = Set<UserID>()
            for entry in tray.entries where known.insert(entry.element.id).inserted { users.append(entry.element.id) }
            return users.isEmpty ? [] : [.readProgress(users)]
        case .progress(let progress):
            tray.progress.merge(progress) { $1 }
            applyProgress(&tray)
            return []
        }
    }

    /// A key or click in the tray (the app has taken quitting, the gallery and help).
    static func input(_ tray: inout TrayModel, _ context: inout ScreenContext, _ event: InputEvent) -> [TrayEffect] {
        switch KeyBindings.action(for: event, in: KeyBindings.tray) {
        case .next: return moveSelection(&tray, &context, by: 1)
        case .previous: return moveSelection(&tray, &context, by: -1)
        case .first: return jump(&tray, &context, toLast: false)
        case .last: return jump(&tray, &context, toLast: true)
        case .pageBack: return moveSelection(&tray, &context, by: -TrayLayout(size: context.size).visibleSlots)
        case .pageOn: return moveSelection(&tray, &context, by: TrayLayout(size: context.size).visibleSlots)
        case .open: return openSelected(tray)
        case .mute: return toggleMute(tray, &context)
        case .refresh:
            if case .failed = tray.phase { return [.feed(.retry)] }
            tray.selected = tray.entries.first?.position ?? 0
            tray.firstVisible = tray.selected
            tray.progress = [:]  // the reload reads it anew
            return [.feed(.refresh)]
        case .quit, .gallery, nil: break
        }
        switch event {
        case .mouse(0, let x, let y, pressed: true):
            guard let slot = TrayLayout(size: context.size).slot(atX: x, y: y),
                let index = tray.entries.firstIndex(where: { $0.position == tray.firstVisible }).map({ $0 + slot }),
                tray.entries.indices.contains(index)
            else { return [] }
            tray.selected = tray.entries[index].position
            return openSelected(tray)
        default: return []
        }
    }

    /// The window changed size: the row folds or unfolds its repeats and keeps the selection.
    static func resized(_ tray: inout TrayModel, _ context: inout ScreenContext) -> [TrayEffect] {
        foldRepeats(&tray, context, selecting: tray.selectedIndex.map { tray.entries[$0].element.id })
        return keepSelectionVisible(&tray, context) + avatarLoads(&tray, context)
    }

    /// The viewer closed on `user`: the tray selects them and says so.
    static func select(_ user: UserID?, _ tray: inout TrayModel, _ context: inout ScreenContext) -> [TrayEffect] {
        var effects: [TrayEffect] = []
        if let user, let entry = tray.entries.first(where: { $0.element.id == user }) {
            tray.selected = entry.position
            effects = keepSelectionVisible(&tray, context) + avatarLoads(&tray, context)
        }
        announceSelection(tray, &context)
        return effects
    }

    static func moveSelection(_ tray: inout TrayModel, _ context: inout ScreenContext, by step: Int) -> [TrayEffect] {
        guard let index = tray.selectedIndex else { return [] }
        let count = tray.entries.count
        if tray.isWholeList {
            // Every user is on screen: the row wraps in place; nothing more to load.
            tray.selected = tray.entries[((index + step) % count + count) % count].position
            announceSelection(tray, &context)
            return keepSelectionVisible(&tray, context) + avatarLoads(&tray, context)
        }
        let target = min(max(0, index + step), count - 1)
        tray.selected = tray.entries[target].position
        announceSelection(tray, &context)
        return keepSelectionVisible(&tray, context) + [.feed(.show(position: tray.selected))]
            + avatarLoads(&tray, context)
    }

    /// Home and End: the first user, or the last loaded (the feed loads on from there).
    static func jump(_ tray: inout TrayModel, _ context: inout ScreenContext, toLast: Bool) -> [TrayEffect] {
        guard let index = tray.selectedIndex else { return [] }
        return moveSelection(&tray, &context, by: (toLast ? tray.entries.count - 1 : 0) - index)
    }

    /// `m`: the selected user muted or unmuted, shown at once, written to the store.
    static func toggleMute(_ tray: TrayModel, _ context: inout ScreenContext) -> [TrayEffect] {
        guard let index = tray.selectedIndex else { return [] }
        let user = tray.entries[index].element
        let muted = !user.isMuted(context.marks)
        context.marks.muted[user.id] = muted
        context.say(
            muted
                ? "Muted \(user.story.user.name): their stories go last and do not play on from the story before."
                : "Unmuted \(user.story.user.name).")
        return [.setMuted(user.id, muted)]
    }

    /// The selected user, said in accessible mode.
    static func announceSelection(_ tray: TrayModel, _ context: inout ScreenContext) {
        guard context.isAccessible, let index = tray.selectedIndex else { return }
        let user = tray.entries[index].element
        let count = user.story.items.count
        let seen = user.seenCount(context.marks)
        context.say(
            "\(user.story.user.name), \(count) \(count == 1 ? "item" : "items"), \(seen) seen"
                + (seen < count ? ", new" : "") + (user.isMuted(context.marks) ? ", muted" : "")
                + ". \(index + 1) of \(tray.entries.count).")
    }

    static func keepSelectionVisible(_ tray: inout TrayModel, _ context: ScreenContext) -> [TrayEffect] {
        let slots = TrayLayout(size: context.size).visibleSlots
        let entries = tray.entries
        guard let selected = tray.selectedIndex else { return [] }
        var first = entries.firstIndex { $0.position == tray.firstVisible } ?? selected
        if selected < first { first = selected }
        if selected >= first + slots { first = selected - slots + 1 }
        tray.firstVisible = entries[max(0, first)].position
        return []
    }

    static func openSelected(_ tray: TrayModel) -> [TrayEffect] {
        guard let index = tray.selectedIndex else { return [] }
        // The viewer moves across the users loaded from the selected one on (and back to
        // the start of the window), as Instagram's does across the tray — each real user
        // once: the tray's repeats (`feed.wrap`) are the tray's alone, so next on the last
        // real user closes the viewer (PRODUCT.md §2) instead of walking into the repeat.
        let (stories, start) = distinctUsers(around: index, in: tray.entries.map(\.element.story))
        return [.openViewer(stories: stories, userIndex: start)]
    }

    /// The state read since the page loaded, over the entries (a page the feed loaded before
    /// the change still carries what it read then).
    static func applyProgress(_ tray: inout TrayModel) {
        guard !tray.progress.isEmpty else { return }
        for index in tray.entries.indices {
            guard let user = tray.progress[tray.entries[index].element.id] else { continue }
            tray.entries[index].element.seen = user.seenItemIDs
            tray.entries[index].element.isMuted = user.isMuted
        }
    }

    static func feedChanged(
        _ tray: inout TrayModel, _ context: inout ScreenContext, _ snapshot: FeedSnapshot<TrayUser>
    ) -> [TrayEffect] {
        let wasEmpty = tray.entries.isEmpty
        let oldPhase = tray.phase
        let selectedUser = tray.selectedIndex.map { tray.entries[$0].element.id }
        tray.entries = snapshot.entries
        applyProgress(&tray)
        tray.phase = snapshot.phase
        tray.isWholeList = false
        foldRepeats(&tray, context, selecting: selectedUser)
        if snapshot.phase != oldPhase {
            switch snapshot.phase {
            case .failed(let message): context.say("The stories could not be loaded: \(message). Press r to retry.")
            case .empty: context.say("There are no stories.")
            default: break
            }
        }
        if wasEmpty, !snapshot.entries.isEmpty {
            context.say(
                "Stories from \(context.source): \(snapshot.entries.count) users loaded. Keys: "
                    + KeyBindings.summary(KeyBindings.tray) + " · ? help.")
        }
        if wasEmpty || tray.selectedIndex == nil {
            tray.selected = snapshot.entries.first?.position ?? 0
            tray.firstVisible = tray.selected
            if !snapshot.entries.isEmpty { announceSelection(tray, &context) }
        }
        if !snapshot.entries.contains(where: { $0.position == tray.firstVisible }) {
            tray.firstVisible = tray.selected
        }
        // Bounded memory: keep the avatars of the users in the window only.
        let urls = Set(snapshot.entries.compactMap(\.element.story.user.avatarURL))
        tray.avatars = tray.avatars.filter { urls.contains($0.key) }
        // Fill the row and a screen ahead without waiting for a key (small pages load on).
        var fill: [TrayEffect] = []
        if snapshot.phase == .loaded, !tray.isWholeList,
            snapshot.entries.count < 2 * TrayLayout(size: context.size).visibleSlots,
            let last = snapshot.entries.last
        {
            fill = [.feed(.show(position: last.position))]
        }
        return keepSelectionVisible(&tray, context) + avatarLoads(&tray, context) + fill
    }

    /// Avatars of the visible users (and one screen ahead) not loaded or asked for yet.
    static func avatarLoads(_ tray: inout TrayModel, _ context: ScreenContext) -> [TrayEffect] {
        let slots = TrayLayout(size: context.size).visibleSlots
        guard let first = tray.entries.firstIndex(where: { $0.position == tray.firstVisible }) else { return [] }
        let wanted = tray.entries[first..<min(tray.entries.count, first + 2 * slots)]
            .compactMap(\.element.story.user.avatarURL)
            .filter { tray.avatars[$0] == nil && !tray.avatarsRequested.contains($0) }
        var unique: [URL] = []
        for url in wanted where !unique.contains(url) { unique.append(url) }
        guard !unique.isEmpty else { return [] }
        tray.avatarsRequested.formUnion(unique)
        return [.loadAvatars(unique)]
    }
}
