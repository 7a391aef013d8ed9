import Foundation
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// What the viewer's update reads of the app around it and the marks it leaves there: the
/// screens' context (the window, the mode, this run's seen and muted marks, the sentences) and
/// the animation. The app's update lends it with the viewer's model for one message
/// (``AppUpdate/withViewer(_:_:)``) and takes both back once: the viewer's rules never see the
/// tray's or the gallery's model, nor the rest of ``AppModel``.
struct ViewerSurroundings {
    /// The screens' context.
    var context: ScreenContext
    /// The animation running, if any.
    var animation: AppAnimation?
    /// Set when the viewer closed: the user it showed last (the tray selects it).
    var closedOnUser: UserID??

    /// The window's size.
    var size: ScreenSize { context.size }
    /// Accessible mode: sentences, no animation, descriptions instead of pictures.
    var isAccessible: Bool { context.isAccessible }
    /// Pictures are drawn in a graphics protocol (a seen mark waits for the picture to stay).
    var graphics: Bool { context.graphics }
}

/// The viewer's part of the update: keys and clicks to viewer commands, the viewer's events to
/// effects (media loads, prefetch, store writes, animations, sentences). Every rule takes the
/// viewer's own model and its surroundings, never the app's.
enum ViewerUpdate {
    typealias Around = ViewerSurroundings

    /// Applies a viewer message to the open viewer (`.ready`, which opens it, is the app's).
    static func update(_ open: inout ViewerModel, _ around: inout Around, _ message: ViewerMessage) -> [ViewerEffect] {
        switch message {
        case .pictureNotShown(let key, let reason):
            return pictureNotShown(&open, &around, key: key, reason: reason)
        case .mediaLoaded(let item, let result):
            return mediaLoaded(&open, &around, item, result)
        case .videoFrame(let item, let image, let time):
            return videoFrame(&open, &around, item, image, at: time)
        case .videoEnded(let item):
            guard open.playing == item else { return [] }
            open.playing = nil
            // An animation's last picture stays until its item's time is up.
            if open.media[item]?.animated == true { return [] }
            return apply(.playbackEnded(item), to: &open, &around)
        case .videoFailed(let item, let reason):
            guard open.playing == item else { return [] }
            open.playing = nil
            if open.media[item]?.animated == true { return [] }  // its picture stays
            return apply(.mediaFailed(item, reason: reason), to: &open, &around)
        case .ready, .more: return []  // the app's: it opens the viewer, and gives it more users
        }
    }

    static func input(_ open: inout ViewerModel, _ around: inout Around, _ event: InputEvent) -> [ViewerEffect] {
        let command: ViewerCommand?
        switch (KeyBindings.action(for: event, in: KeyBindings.viewer), event) {
        case (_, .keyRepeated(" ")): command = nil  // space held down: the press paused, the release resumes
        case (_, .focus(let focused)): return focusChanged(&open, &around, focused: focused)
        case (.next?, _): command = .next
        case (.previous?, _): command = .previous
        case (.nextUser?, _): command = .nextUser
        case (.previousUser?, _): command = .previousUser
        case (.pauseOrResume?, _):
            // A tap toggles, as in every terminal; where releases come, a hold resumes on release.
            open.hold = ViewerHold(source: .space, pausedIt: !open.viewer.isPaused)
            open.pausedByFocus = false
            command = open.viewer.isPaused ? .resume : .pause
        case (.like?, _): command = .toggleLike
        case (.mute?, _): command = .toggleMute
        case (.retry?, _): command = .retry
        case (.copyLink?, _):
            // Said on the footer while the item is shown (it said nothing on screen).
            guard let item = open.viewer.current?.item else { return [] }
            guard let link = item.link else {
                open.footerNotice = (item.id, "no link to copy")
                return []
            }
            open.footerNotice = (item.id, "✓ link copied")
            around.context.say("Link copied: \(link.absoluteString).")
            return [.copyToClipboard(link.absoluteString)]
        case (.close?, _): command = .close
        case (nil, .mouse(0, let x, let y, pressed: true)):
            if y == ViewerLayout.footerRow(rows: around.size.rows), ViewerLayout.heartColumns.contains(x) {
                command = .toggleLike
            } else {
                // Pressed on the picture: paused while held; the release says tap or hold.
                open.hold = ViewerHold(source: .mouse(x: x, y: y), pausedIt: !open.viewer.isPaused)
                command = open.viewer.isPaused ? nil : .pause
            }
        default: command = nil
        }
        guard let command else { return [] }
        return apply(command, to: &open, &around)
    }

    static func apply(_ command: ViewerCommand, to open: inout ViewerModel, _ around: inout Around) -> [ViewerEffect] {
        handle(open.viewer.apply(command), &open, &around)
    }

    /// Turns the viewer's events into effects, and answers `itemShown` at once when the
    /// item's media is already decoded (moving on is instant). Nothing after `closed` is handled.
    static func handle(_ events: [ViewerEvent], _ open: inout ViewerModel, _ around: inout Around) -> [ViewerEffect] {
        var effects: [ViewerEffect] = []
        for event in events {
            guard around.closedOnUser == nil else { break }
            if around.isAccessible, let sentence = ViewerNarrator.sentence(for: event, in: open.viewer) {
                around.context.say(sentence)
            }
            if !around.isAccessible {
                switch event {
                case .liked: around.animation = .heartPop(ticksLeft: AppAnimation.length)
                case .userChanged: around.animation = .slide(ticksLeft: AppAnimation.length)
                case .closed: around.animation = nil
                default: break
                }
            }
            switch event {
            case .itemShown(let user, let item, _, _):
                effects += confirmSeen(&open)
                open.lastShownUser = user
                effects += stopPlayback(&open)
                effects += show(item, &open, &around)
            case .retrying(let item):
                open.media[item] = nil
                effects += stopPlayback(&open)
                effects += show(item, &open, &around)
            case .prefetch where around.isAccessible: continue  // descriptions, not images
            case .prefetch(let item):
                // The hinted item and the one after it: two steps of lead, so a load that
                // takes longer than one step still lands before its item is shown.
                let area = imageArea(around.size)
                for id in [item] + following(item, in: open.viewer) where open.media[id] == nil {
                    guard open.requested[id] == nil, let storyItem = storyItem(id, in: open.viewer) else { continue }
                    open.requested[id] = MediaRequest(priority: .low, area: area)
                    effects.append(.loadMedia(storyItem, priority: .low, area: area))
                }
            case .itemSeen(let user, let item, let index):
                around.context.marks.seen.insert(item)
                effects += confirmSeen(&open)
                if around.graphics && !around.isAccessible {
                    open.unconfirmedSeen = UnconfirmedSeen(item: item, user: user, index: index)
                } else {
                    effects.append(.markSeen(item, user: user, index: index))
                }
                trimMedia(&open)
                effects += playFromStart(item, &open)
            case .paused where open.playing != nil: effects.append(.pauseVideo)
            case .resumed where open.playing != nil: effects.append(.resumeVideo)
            case .mediaFailed: effects += stopPlayback(&open)
            case .liked(let item): effects.append(.setLiked(item, true))
            case .unliked(let item): effects.append(.setLiked(item, false))
            case .muted(let user), .unmuted(let user):
                let muted = open.viewer.muted.contains(user)
                around.context.marks.muted[user] = muted
                effects.append(.setMuted(user, muted))
            case .closed:
                effects += confirmSeen(&open)
                effects += stopPlayback(&open)
                around.closedOnUser = .some(open.lastShownUser)
            case .userChanged, .paused, .resumed, .playbackStarted: break
            }
        }
        return effects
    }

    // MARK: - Seen, once the terminal showed it

    /// Writes the held seen mark, if any (its picture stayed on screen).
    static func confirmSeen(_ open: inout ViewerModel) -> [ViewerEffect] {
        guard let mark = open.unconfirmedSeen else { return [] }
        open.unconfirmedSeen = nil
        return [.markSeen(mark.item, user: mark.user, index: mark.index)]
    }

    /// Time on screen for the held seen mark: written once it reaches
    /// ``AppUpdate/seenConfirmation``.
    static func ageSeen(_ open: inout ViewerModel, by time: Duration) -> [ViewerEffect] {
        guard var mark = open.unconfirmedSeen else { return [] }
        mark.shownFor += time
        open.unconfirmedSeen = mark
        return mark.shownFor >= AppUpdate.seenConfirmation ? confirmSeen(&open) : []
    }

    /// The terminal gave up a picture: when it is the current item's, the item fails (r
    /// retries) and, if this showing made it seen, it is not seen.
    static func pictureNotShown(_ open: inout ViewerModel, _ around: inout Around, key: String, reason: String)
        -> [ViewerEffect]
    {
        guard let item = open.viewer.current?.item.id,
            key == "media:\(item.rawValue)" || key.hasPrefix("frame:\(item.rawValue)#")
        else { return [] }
        if open.unconfirmedSeen?.item == item { open.unconfirmedSeen = nil }
        let effects = apply(.notShown(item, reason: reason), to: &open, &around)
        if !open.viewer.seen.contains(item) { around.context.marks.seen.remove(item) }
        return effects
    }

    // MARK: - Media

    /// The current item's media: ready at once when decoded ahead, else loaded at high
    /// priority (which also raises a prefetch of it already under way).
    static func show(_ item: StoryItemID, _ open: inout ViewerModel, _ around: inout Around) -> [ViewerEffect] {
        // Accessible mode shows the item's description, not its image: it is on screen now.
        if open.media[item] != nil || around.isAccessible {
            return apply(ready(item, open, around), to: &open, &around)
        }
        guard let storyItem = storyItem(item, in: open.viewer) else { return [] }
        let area = imageArea(around.size)
        switch open.requested[item] {
        case let running? where running.area == area:
            guard running.priority == .low else { return [] }
            open.requested[item]?.priority = .high
            return [.raiseMedia(storyItem)]
        default:
            open.requested[item] = MediaRequest(priority: .high, area: area)
            return [.loadMedia(storyItem, priority: .high, area: area)]
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
        _ open: inout ViewerModel, _ around: inout Around, _ item: StoryItemID,
        _ result: Result<DecodedMedia, MediaFailure>
    ) -> [ViewerEffect] {
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
            guard open.viewer.current?.item.id == item else { return [] }
            // A decode for a new window size replaces the picture of an item already on screen.
            if case .ready = open.viewer.media { return [] }
            return apply(ready(item, open, around), to: &open, &around)
        case .failure(let failure):
            return open.viewer.current?.item.id == item
                ? apply(.mediaFailed(item, reason: failure.reason), to: &open, &around) : []
        }
    }

    /// The viewer's image area, in cells, on a screen of `size`.
    static func imageArea(_ size: ScreenSize) -> ScreenSize {
        ScreenSize(columns: size.columns, rows: ViewerLayout.imageRows(rows: size.rows))
    }

    /// After a resize: media decoded for another image area is dropped, and the item on screen
    /// decoded again for the new one (its old picture stays until the new one lands).
    static func mediaForNewSize(_ open: inout ViewerModel, _ around: Around) -> [ViewerEffect] {
        let area = imageArea(around.size)
        let current = open.viewer.current?.item
        open.media = open.media.filter { id, media in media.image == nil || media.area == area || id == current?.id }
        guard let current, let media = open.media[current.id], media.image != nil, media.area != area else { return [] }
        open.requested[current.id] = MediaRequest(priority: .high, area: area)
        return [.loadMedia(current, priority: .high, area: area)]
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
