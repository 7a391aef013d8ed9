import Foundation
import StoryInterfaces
import StoryTerminal

/// The gallery's update: the grid, infinite scroll, refresh and the detail view. Every rule
/// takes the gallery's own model and the ``ScreenContext`` around it (and whether the gallery
/// is the screen up: a hidden gallery loads no thumbnails and says nothing), never the app's
/// model; leaving for the tray is the app's routing.
enum GalleryUpdate {
    /// Applies a gallery message.
    static func update(
        _ gallery: inout GalleryModel, _ context: inout ScreenContext, _ message: GalleryMessage, isShown: Bool
    ) -> [GalleryEffect] {
        switch message {
        case .feed(let snapshot):
            return feedChanged(&gallery, &context, snapshot, isShown: isShown)
        case .thumbnailLoaded(let id, let image):
            gallery.requested.remove(id)
            if let image { gallery.thumbnails[id] = image }
            return []
        case .detailLoaded(let id, let result):
            guard var detail = gallery.detail, detail.photo.id == id else { return [] }
            switch result {
            case .success(let image): detail.image = image
            case .failure(let failure):
                detail.failure = failure.reason
                context.say("The photo could not be loaded: \(failure.reason). Press r to retry.")
            }
            gallery.detail = detail
            return []
        }
    }

    /// The gallery comes up: its feed starts the first time and is kept afterwards, so coming
    /// back is instant.
    static func opened(_ gallery: inout GalleryModel, _ context: inout ScreenContext) -> [GalleryEffect] {
        context.say("Gallery of photos. Keys: " + KeyBindings.summary(KeyBindings.gallery) + ".")
        announcePhoto(gallery, &context)
        let start: [GalleryEffect] = gallery.isFeedStarted ? [] : [.open]
        gallery.isFeedStarted = true
        return start + thumbnailLoads(&gallery, context, isShown: true)
    }

    /// Whether `event` leaves the gallery for the tray (Esc, `q` on the grid).
    static func leaves(_ gallery: GalleryModel, on event: InputEvent) -> Bool {
        gallery.detail == nil && KeyBindings.action(for: event, in: KeyBindings.gallery) == .back
    }

    /// A key or click in the gallery (the app has taken leaving it and help).
    static func input(_ gallery: inout GalleryModel, _ context: inout ScreenContext, _ event: InputEvent)
        -> [GalleryEffect]
    {
        if gallery.detail != nil { return detailInput(&gallery, &context, event) }
        let columns = GalleryLayout.gridColumns(columns: context.size.columns)
        switch KeyBindings.action(for: event, in: KeyBindings.gallery) {
        case .right: return moveSelection(&gallery, &context, by: 1)
        case .left: return moveSelection(&gallery, &context, by: -1)
        case .down: return moveSelection(&gallery, &context, by: columns)
        case .up: return moveSelection(&gallery, &context, by: -columns)
        case .first, .last:
            guard let index = gallery.selectedIndex else { return [] }
            let target =
                KeyBindings.action(for: event, in: KeyBindings.gallery) == .last ? gallery.entries.count - 1 : 0
            return moveSelection(&gallery, &context, by: target - index)
        case .pageUp, .pageDown:
            let screen = columns * GalleryLayout.visibleRows(rows: context.size.rows)
            let action = KeyBindings.action(for: event, in: KeyBindings.gallery)
            return moveSelection(&gallery, &context, by: action == .pageDown ? screen : -screen)
        case .details: return openDetail(&gallery, &context)
        case .refresh:
            if case .failed = gallery.phase { return [.feed(.retry)] }
            gallery.selected = gallery.entries.first?.position ?? 0
            gallery.firstRow = 0
            context.say("Reloading the gallery.")
            return [.feed(.refresh)]
        case .back, nil: break
        }
        switch event {
        case .mouse(0, let x, let y, pressed: true):
            guard
                let place = GalleryLayout.place(atX: x, y: y, columns: context.size.columns, rows: context.size.rows)
            else { return [] }
            let index = (gallery.firstRow + place.row) * columns + place.column
            guard gallery.entries.indices.contains(index) else { return [] }
            gallery.selected = gallery.entries[index].position
            return openDetail(&gallery, &context)
        default: return []
        }
    }

    /// The window changed size: the selection stays in view and the rows now drawn load.
    static func resized(_ gallery: inout GalleryModel, _ context: ScreenContext, isShown: Bool) -> [GalleryEffect] {
        keepSelectionVisible(&gallery, context) + thumbnailLoads(&gallery, context, isShown: isShown)
    }

    static func detailInput(_ gallery: inout GalleryModel, _ context: inout ScreenContext, _ event: InputEvent)
        -> [GalleryEffect]
    {
        guard let detail = gallery.detail else { return [] }
        switch KeyBindings.action(for: event, in: KeyBindings.detail) {
        case .back:
            gallery.detail = nil
            context.say("Back to the gallery.")
            announcePhoto(gallery, &context)
            return []
        case .retry where detail.failure != nil:
            gallery.detail?.failure = nil
            return [.loadDetail(detail.photo)]
        case .nextPhoto, .previousPhoto:
            // ←/→ go through the photos without going back to the grid (← went back).
            let step = KeyBindings.action(for: event, in: KeyBindings.detail) == .nextPhoto ? 1 : -1
            guard let index = gallery.selectedIndex, gallery.entries.indices.contains(index + step) else { return [] }
            let moved = moveSelection(&gallery, &context, by: step)
            return moved + openDetail(&gallery, &context)
        default: return []
        }
    }

    static func openDetail(_ gallery: inout GalleryModel, _ context: inout ScreenContext) -> [GalleryEffect] {
        guard let index = gallery.selectedIndex else { return [] }
        let photo = gallery.entries[index].element
        gallery.detail = GalleryDetail(photo: photo)
        context.say(
            "Photo \(photo.id.rawValue) by \(photo.author), \(photo.width)×\(photo.height). Source \(photo.url.absoluteString). "
                + "Download \(photo.downloadURL.absoluteString). Escape goes back.")
        return context.isAccessible ? [] : [.loadDetail(photo)]
    }

    static func moveSelection(_ gallery: inout GalleryModel, _ context: inout ScreenContext, by step: Int)
        -> [GalleryEffect]
    {
        guard let index = gallery.selectedIndex else { return [] }
        let target = min(max(0, index + step), gallery.entries.count - 1)
        gallery.selected = gallery.entries[target].position
        announcePhoto(gallery, &context)
        return keepSelectionVisible(&gallery, context) + [.feed(.show(position: lastVisiblePosition(gallery, context)))]
            + thumbnailLoads(&gallery, context, isShown: true)
    }

    /// The position of the last cell drawn: the feed loads ahead when it comes within the
    /// prefetch distance of the end ("within the last row or 5 items").
    static func lastVisiblePosition(_ gallery: GalleryModel, _ context: ScreenContext) -> Int {
        let columns = GalleryLayout.gridColumns(columns: context.size.columns)
        let rows = GalleryLayout.visibleRows(rows: context.size.rows)
        let last = min(gallery.entries.count - 1, (gallery.firstRow + rows) * columns - 1)
        let selected = gallery.selectedIndex ?? 0
        return gallery.entries.indices.contains(last)
            ? max(gallery.entries[last].position, gallery.entries[selected].position)
            : gallery.selected
    }

    static func keepSelectionVisible(_ gallery: inout GalleryModel, _ context: ScreenContext) -> [GalleryEffect] {
        guard let index = gallery.selectedIndex else { return [] }
        let columns = GalleryLayout.gridColumns(columns: context.size.columns)
        let rows = GalleryLayout.visibleRows(rows: context.size.rows)
        let row = index / columns
        if row < gallery.firstRow { gallery.firstRow = row }
        if row >= gallery.firstRow + rows { gallery.firstRow = row - rows + 1 }
        return []
    }

    static func feedChanged(
        _ gallery: inout GalleryModel, _ context: inout ScreenContext, _ snapshot: FeedSnapshot<Photo>, isShown: Bool
    ) -> [GalleryEffect] {
        let wasEmpty = gallery.entries.isEmpty
        let oldPhase = gallery.phase
        gallery.entries = snapshot.entries
        gallery.phase = snapshot.phase
        if wasEmpty || gallery.selectedIndex == nil {
            gallery.selected = snapshot.entries.first?.position ?? 0
            gallery.firstRow = 0
            if !snapshot.entries.isEmpty, isShown { announcePhoto(gallery, &context) }
        }
        if snapshot.phase != oldPhase, isShown {
            switch snapshot.phase {
            case .failed(let message): context.say("The photos could not be loaded: \(message). Press r to retry.")
            case .empty: context.say("There are no photos.")
            default: break
            }
        }
        let ids = Set(snapshot.entries.map(\.element.id))
        gallery.thumbnails = gallery.thumbnails.filter { ids.contains($0.key) }
        // Fill the screen and a row ahead without waiting for a key: small pages load on.
        let columns = GalleryLayout.gridColumns(columns: context.size.columns)
        let wanted = (gallery.firstRow + GalleryLayout.visibleRows(rows: context.size.rows) + 1) * columns
        var fill: [GalleryEffect] = []
        if snapshot.phase == .loaded, snapshot.entries.count < wanted, let last = snapshot.entries.last {
            fill = [.feed(.show(position: last.position))]
        }
        return keepSelectionVisible(&gallery, context) + thumbnailLoads(&gallery, context, isShown: isShown) + fill
    }

    /// Thumbnails of the rows drawn and the next row, not loaded or asked for yet.
    static func thumbnailLoads(_ gallery: inout GalleryModel, _ context: ScreenContext, isShown: Bool)
        -> [GalleryEffect]
    {
        guard isShown, !context.isAccessible else { return [] }
        let columns = GalleryLayout.gridColumns(columns: context.size.columns)
        let rows = GalleryLayout.visibleRows(rows: context.size.rows)
        let start = gallery.firstRow * columns
        let end = min(gallery.entries.count, (gallery.firstRow + rows + 1) * columns)
        guard start < end else { return [] }
        let wanted = gallery.entries[start..<end].map(\.element).filter {
            gallery.thumbnails[$0.id] == nil && !gallery.requested.contains($0.id)
        }
        guard !wanted.isEmpty else { return [] }
        gallery.requested.formUnion(wanted.map(\.id))
        return [.loadThumbnails(wanted)]
    }

    static func announcePhoto(_ gallery: GalleryModel, _ context: inout ScreenContext) {
        guard context.isAccessible, let index = gallery.selectedIndex else { return }
        let photo = gallery.entries[index].element
        context.say(
            "Photo by \(photo.author), \(photo.width)×\(photo.height). \(index + 1) of \(gallery.entries.count).")
    }
}
