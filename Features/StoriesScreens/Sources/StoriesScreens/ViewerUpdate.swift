import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The viewer's part of the update: keys and clicks to viewer commands, the viewer's events
/// to effects (media loads, prefetch, store writes, animations, sentences).
extension AppUpdate {
    /// Applies a viewer message.
    static func update(_ model: inout AppModel, _ message: ViewerMessage) -> [AppEffect] {
        switch message {
        case .pictureNotShown(let key, let reason):
            return pictureNotShown(&model, key: key, reason: reason)
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
        case .ready(let stories, let userIndex, let liked, let now):
            let seen = seenItems(in: model.tray).union(model.tray.seenNow)
            let (viewer, events) = StoryViewer.open(
                stories, at: userIndex, configuration: model.viewerConfiguration, seen: seen, liked: liked)
            guard viewer.position != nil else { return [] }
            model.viewer = ViewerModel(viewer: viewer, now: now)
            return handle(events, in: &model)
        }
    }

    static func viewerInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        guard let open = model.viewer else { return [] }
        let command: ViewerCommand?
        switch (KeyBindings.action(for: event, in: KeyBindings.viewer), event) {
        case (.next?, _): command = .next
        case (.previous?, _): command = .previous
        case (.nextUser?, _): command = .nextUser
        case (.previousUser?, _): command = .previousUser
        case (.pauseOrResume?, _): command = open.viewer.isPaused ? .resume : .pause
        case (.like?, _): command = .toggleLike
        case (.retry?, _): command = .retry
        case (.close?, _): command = .close
        case (nil, .mouse(0, let x, let y, pressed: true)):
            if y == ViewerLayout.footerRow(rows: model.size.rows), ViewerLayout.heartColumns.contains(x) {
                command = .toggleLike
            } else {
                command = x < model.size.columns / 3 ? .previous : .next
            }
        default: command = nil
        }
        guard let command else { return [] }
        return apply(command, to: &model)
    }

    static func apply(_ command: ViewerCommand, to model: inout AppModel) -> [AppEffect] {
        guard var open = model.viewer else { return [] }
        let events = open.viewer.apply(command)
        model.viewer = open
        return handle(events, in: &model)
    }

    /// Turns the viewer's events into effects, and answers `itemShown` at once when the
    /// item's media is already decoded (moving on is instant).
    static func handle(_ events: [ViewerEvent], in model: inout AppModel) -> [AppEffect] {
        var effects: [AppEffect] = []
        for event in events {
            guard var open = model.viewer else { break }
            if model.isAccessible, let sentence = ViewerNarrator.sentence(for: event, in: open.viewer) {
                model.announcements.append(sentence)
            }
            if !model.isAccessible {
                switch event {
                case .liked: model.animation = .heartPop(ticksLeft: AppAnimation.length)
                case .userChanged: model.animation = .slide(ticksLeft: AppAnimation.length)
                case .closed: model.animation = nil
                default: break
                }
            }
            switch event {
            case .itemShown(let user, let item, _, _):
                effects += confirmSeen(&open)
                open.lastShownUser = user
                effects += stopPlayback(&open)
                model.viewer = open
                effects += show(item, in: &model)
            case .retrying(let item):
                open.media[item] = nil
                effects += stopPlayback(&open)
                model.viewer = open
                effects += show(item, in: &model)
            case .prefetch where model.isAccessible: continue  // descriptions, not images
            case .prefetch(let item):
                // The hinted item and the one after it: two steps of lead, so a load that
                // takes longer than one step still lands before its item is shown.
                let area = imageArea(model.size)
                for id in [item] + following(item, in: open.viewer) where open.media[id] == nil {
                    guard open.requested[id] == nil, let storyItem = storyItem(id, in: open.viewer) else { continue }
                    open.requested[id] = MediaRequest(priority: .low, area: area)
                    effects.append(.viewer(.loadMedia(storyItem, priority: .low, area: area)))
                }
                model.viewer = open
            case .itemSeen(let user, let item, let index):
                model.tray.seenNow.insert(item)
                effects += confirmSeen(&open)
                if model.graphics && !model.isAccessible {
                    open.unconfirmedSeen = UnconfirmedSeen(item: item, user: user, index: index)
                } else {
                    effects.append(.viewer(.markSeen(item, user: user, index: index)))
                }
                trimMedia(&open)
                // A video shown by its first frame plays from its start (held if paused).
                if open.viewer.followsPlayback, open.viewer.current?.item.id == item,
                    let video = open.media[item]?.video
                {
                    open.playing = item
                    open.framesShown = 0
                    effects.append(.viewer(.playVideo(item, video)))
                    if open.viewer.isPaused { effects.append(.viewer(.pauseVideo)) }
                }
                model.viewer = open
            case .paused where open.playing != nil: effects.append(.viewer(.pauseVideo))
            case .resumed where open.playing != nil: effects.append(.viewer(.resumeVideo))
            case .mediaFailed:
                effects += stopPlayback(&open)
                model.viewer = open
            case .liked(let item): effects.append(.viewer(.setLiked(item, true)))
            case .unliked(let item): effects.append(.viewer(.setLiked(item, false)))
            case .closed:
                effects += confirmSeen(&open)
                let last = open.lastShownUser
                effects += stopPlayback(&open)
                model.viewer = nil
                if let last, let entry = model.tray.entries.first(where: { $0.element.id == last }) {
                    model.tray.selected = entry.position
                    effects += keepSelectionVisible(&model) + avatarLoads(&model)
                }
                announceSelection(&model)
            case .userChanged, .paused, .resumed, .playbackStarted: break
            }
        }
        return effects
    }

    // MARK: - Seen, once the terminal showed it

    /// How long a picture is on screen before its item is written as seen (kitty refuses
    /// within milliseconds, after ``GraphicsScreen/resends`` sends a few frames apart).
    public static let seenConfirmation: Duration = .seconds(1)

    /// Writes the held seen mark, if any (its picture stayed on screen).
    static func confirmSeen(_ open: inout ViewerModel) -> [AppEffect] {
        guard let mark = open.unconfirmedSeen else { return [] }
        open.unconfirmedSeen = nil
        return [.viewer(.markSeen(mark.item, user: mark.user, index: mark.index))]
    }

    /// Time on screen for the held seen mark: written once it reaches ``seenConfirmation``.
    static func ageSeen(_ model: inout AppModel, by time: Duration) -> [AppEffect] {
        guard var open = model.viewer, var mark = open.unconfirmedSeen else { return [] }
        mark.shownFor += time
        open.unconfirmedSeen = mark
        let effects = mark.shownFor >= seenConfirmation ? confirmSeen(&open) : []
        model.viewer = open
        return effects
    }

    /// The terminal gave up a picture: when it is the current item's, the item fails (r
    /// retries) and, if this showing made it seen, it is not seen.
    static func pictureNotShown(_ model: inout AppModel, key: String, reason: String) -> [AppEffect] {
        guard var open = model.viewer, let item = open.viewer.current?.item.id,
            key == "media:\(item.rawValue)" || key.hasPrefix("frame:\(item.rawValue)#")
        else { return [] }
        if open.unconfirmedSeen?.item == item { open.unconfirmedSeen = nil }
        model.viewer = open
        let effects = apply(.notShown(item, reason: reason), to: &model)
        if model.viewer?.viewer.seen.contains(item) == false { model.tray.seenNow.remove(item) }
        return effects
    }

    /// The current item's media: ready at once when decoded ahead, else loaded at high
    /// priority (which also raises a prefetch of it already under way).
    static func show(_ item: StoryItemID, in model: inout AppModel) -> [AppEffect] {
        guard var open = model.viewer else { return [] }
        // Accessible mode shows the item's description, not its image: it is on screen now.
        if open.media[item] != nil || model.isAccessible { return apply(ready(item, open, model), to: &model) }
        guard let storyItem = storyItem(item, in: open.viewer) else { return [] }
        let area = imageArea(model.size)
        defer { model.viewer = open }
        switch open.requested[item] {
        case let running? where running.area == area:
            guard running.priority == .low else { return [] }
            open.requested[item]?.priority = .high
            return [.viewer(.raiseMedia(storyItem))]
        default:
            open.requested[item] = MediaRequest(priority: .high, area: area)
            return [.viewer(.loadMedia(storyItem, priority: .high, area: area))]
        }
    }

    /// The item after `id` in its story, if any.
    static func following(_ id: StoryItemID, in viewer: StoryViewer) -> [StoryItemID] {
        for story in viewer.stories {
            if let index = story.items.firstIndex(where: { $0.id == id }) {
                return index + 1 < story.items.count ? [story.items[index + 1].id] : []
            }
        }
        return []
    }

    static func storyItem(_ id: StoryItemID, in viewer: StoryViewer) -> StoryItem? {
        for story in viewer.stories {
            if let item = story.items.first(where: { $0.id == id }) { return item }
        }
        return nil
    }

    static func mediaLoaded(
        _ model: inout AppModel, _ item: StoryItemID, _ result: Result<DecodedMedia, MediaFailure>
    ) -> [AppEffect] {
        guard var open = model.viewer else { return [] }
        // An answer for another area than the load now under way (a resize replaced it) does
        // not end that load.
        var replaced = false
        if case .success(let media) = result, let area = media.area, let running = open.requested[item] {
            replaced = area != running.area
        }
        if !replaced { open.requested[item] = nil }
        switch result {
        case .success(let media):
            open.media[item] = media
            model.viewer = open
            guard open.viewer.current?.item.id == item else { return [] }
            // A decode for a new window size replaces the picture of an item already on screen.
            if case .ready = open.viewer.media { return [] }
            return apply(ready(item, open, model), to: &model)
        case .failure(let failure):
            model.viewer = open
            return open.viewer.current?.item.id == item
                ? apply(.mediaFailed(item, reason: failure.reason), to: &model) : []
        }
    }

    /// The viewer's image area, in cells, on a screen of `size`.
    public static func imageArea(_ size: ScreenSize) -> ScreenSize {
        ScreenSize(columns: size.columns, rows: ViewerLayout.imageRows(rows: size.rows))
    }

    /// After a resize: media decoded for another image area is dropped, and the item on screen
    /// decoded again for the new one (its old picture stays until the new one lands).
    static func mediaForNewSize(_ model: inout AppModel) -> [AppEffect] {
        guard var open = model.viewer else { return [] }
        let area = imageArea(model.size)
        let current = open.viewer.current?.item
        open.media = open.media.filter { id, media in media.image == nil || media.area == area || id == current?.id }
        var effects: [AppEffect] = []
        if let current, let media = open.media[current.id], media.image != nil, media.area != area {
            open.requested[current.id] = MediaRequest(priority: .high, area: area)
            effects.append(.viewer(.loadMedia(current, priority: .high, area: area)))
        }
        model.viewer = open
        return effects
    }

    /// Keeps the decoded media of the current user's items and the neighbours' first two and last; drops
    /// the rest, so memory stays bounded however long the viewer runs.
    static func trimMedia(_ open: inout ViewerModel) {
        guard let position = open.viewer.position else { return }
        var keep = Set(open.viewer.stories[position.userIndex].items.map(\.id))
        for index in [position.userIndex - 1, position.userIndex + 1] where open.viewer.stories.indices.contains(index)
        {
            keep.formUnion(open.viewer.stories[index].items.prefix(2).map(\.id))
            if let last = open.viewer.stories[index].items.last { keep.insert(last.id) }
        }
        open.media = open.media.filter { keep.contains($0.key) }
    }
}
