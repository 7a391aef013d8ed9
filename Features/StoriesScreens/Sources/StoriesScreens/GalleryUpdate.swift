import Foundation
import StoryInterfaces
import StoryTerminal

/// The gallery's part of the update: the grid, infinite scroll, refresh and the detail view.
extension AppUpdate {
    /// Applies a gallery message.
    static func update(_ model: inout AppModel, _ message: GalleryMessage) -> [AppEffect] {
        switch message {
        case .feed(let snapshot):
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

    static func openGallery(_ model: inout AppModel) -> [AppEffect] {
        model.screen = .gallery
        AppUpdate.say(
            "Gallery of photos. Keys: " + KeyBindings.summary(KeyBindings.gallery) + ".", in: &model)
        announcePhoto(&model)
        // The feed starts the first time; it is kept afterwards, so coming back is instant.
        let start: [AppEffect] = model.gallery.isFeedStarted ? [] : [.gallery(.open)]
        model.gallery.isFeedStarted = true
        return start + thumbnailLoads(&model)
    }

    static func galleryInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        if model.gallery.detail != nil { return detailInput(&model, event) }
        let columns = GalleryLayout.gridColumns(columns: model.size.columns)
        switch KeyBindings.action(for: event, in: KeyBindings.gallery) {
        case .back:
            model.screen = .tray
            AppUpdate.say("Back to the tray.", in: &model)
            announceSelection(&model)
            return []
        case .right: return moveGallerySelection(&model, by: 1)
        case .left: return moveGallerySelection(&model, by: -1)
        case .down: return moveGallerySelection(&model, by: columns)
        case .up: return moveGallerySelection(&model, by: -columns)
        case .details: return openDetail(&model)
        case .refresh:
            if case .failed = model.gallery.phase { return [.feed(.gallery, .retry)] }
            model.gallery.selected = model.gallery.entries.first?.position ?? 0
            model.gallery.firstRow = 0
            AppUpdate.say("Reloading the gallery.", in: &model)
            return [.feed(.gallery, .refresh)]
        case nil: break
        }
        switch event {
        case .mouse(0, let x, let y, pressed: true):
            guard
                let place = GalleryLayout.place(atX: x, y: y, columns: model.size.columns, rows: model.size.rows)
            else { return [] }
            let index = (model.gallery.firstRow + place.row) * columns + place.column
            guard model.gallery.entries.indices.contains(index) else { return [] }
            model.gallery.selected = model.gallery.entries[index].position
            return openDetail(&model)
        default: return []
        }
    }

    static func detailInput(_ model: inout AppModel, _ event: InputEvent) -> [AppEffect] {
        guard let detail = model.gallery.detail else { return [] }
        switch KeyBindings.action(for: event, in: KeyBindings.detail) {
        case .back:
            model.gallery.detail = nil
            AppUpdate.say("Back to the gallery.", in: &model)
            announcePhoto(&model)
            return []
        case .retry where detail.failure != nil:
            model.gallery.detail?.failure = nil
            return [.gallery(.loadDetail(detail.photo))]
        default: return []
        }
    }

    static func openDetail(_ model: inout AppModel) -> [AppEffect] {
        guard let index = model.gallery.selectedIndex else { return [] }
        let photo = model.gallery.entries[index].element
        model.gallery.detail = GalleryDetail(photo: photo)
        AppUpdate.say(
            "Photo \(photo.id.rawValue) by \(photo.author), \(photo.width)×\(photo.height). Source \(photo.url.absoluteString). "
                + "Download \(photo.downloadURL.absoluteString). Escape goes back.", in: &model)
        return model.isAccessible ? [] : [.gallery(.loadDetail(photo))]
    }

    static func moveGallerySelection(_ model: inout AppModel, by step: Int) -> [AppEffect] {
        guard let index = model.gallery.selectedIndex else { return [] }
        let target = min(max(0, index + step), model.gallery.entries.count - 1)
        model.gallery.selected = model.gallery.entries[target].position
        announcePhoto(&model)
        return keepGallerySelectionVisible(&model) + [.feed(.gallery, .show(position: lastVisiblePosition(model)))]
            + thumbnailLoads(&model)
    }

    /// The position of the last cell drawn: the feed loads ahead when it comes within the
    /// prefetch distance of the end ("within the last row or 5 items").
    static func lastVisiblePosition(_ model: AppModel) -> Int {
        let columns = GalleryLayout.gridColumns(columns: model.size.columns)
        let rows = GalleryLayout.visibleRows(rows: model.size.rows)
        let last = min(model.gallery.entries.count - 1, (model.gallery.firstRow + rows) * columns - 1)
        let selected = model.gallery.selectedIndex ?? 0
        return model.gallery.entries.indices.contains(last)
            ? max(model.gallery.entries[last].position, model.gallery.entries[selected].position)
            : model.gallery.selected
    }

    static func keepGallerySelectionVisible(_ model: inout AppModel) -> [AppEffect] {
        guard let index = model.gallery.selectedIndex else { return [] }
        let columns = GalleryLayout.gridColumns(columns: model.size.columns)
        let rows = GalleryLayout.visibleRows(rows: model.size.rows)
        let row = index / columns
        if row < model.gallery.firstRow { model.gallery.firstRow = row }
        if row >= model.gallery.firstRow + rows { model.gallery.firstRow = row - rows + 1 }
        return []
    }

    static func galleryFeedChanged(_ model: inout AppModel, _ snapshot: FeedSnapshot<Photo>) -> [AppEffect] {
        let wasEmpty = model.gallery.entries.isEmpty
        let oldPhase = model.gallery.phase
        model.gallery.entries = snapshot.entries
        model.gallery.phase = snapshot.phase
        if wasEmpty || model.gallery.selectedIndex == nil {
            model.gallery.selected = snapshot.entries.first?.position ?? 0
            model.gallery.firstRow = 0
            if !snapshot.entries.isEmpty, model.screen == .gallery { announcePhoto(&model) }
        }
        if snapshot.phase != oldPhase, model.screen == .gallery {
            switch snapshot.phase {
            case .failed(let message):
                AppUpdate.say("The photos could not be loaded: \(message). Press r to retry.", in: &model)
            case .empty: AppUpdate.say("There are no photos.", in: &model)
            default: break
            }
        }
        let ids = Set(snapshot.entries.map(\.element.id))
        model.gallery.thumbnails = model.gallery.thumbnails.filter { ids.contains($0.key) }
        // Fill the screen and a row ahead without waiting for a key: small pages load on.
        let columns = GalleryLayout.gridColumns(columns: model.size.columns)
        let wanted = (model.gallery.firstRow + GalleryLayout.visibleRows(rows: model.size.rows) + 1) * columns
        var fill: [AppEffect] = []
        if snapshot.phase == .loaded, snapshot.entries.count < wanted, let last = snapshot.entries.last {
            fill = [.feed(.gallery, .show(position: last.position))]
        }
        return keepGallerySelectionVisible(&model) + thumbnailLoads(&model) + fill
    }

    /// Thumbnails of the rows drawn and the next row, not loaded or asked for yet.
    static func thumbnailLoads(_ model: inout AppModel) -> [AppEffect] {
        guard model.screen == .gallery, !model.isAccessible else { return [] }
        let columns = GalleryLayout.gridColumns(columns: model.size.columns)
        let rows = GalleryLayout.visibleRows(rows: model.size.rows)
        let start = model.gallery.firstRow * columns
        let end = min(model.gallery.entries.count, (model.gallery.firstRow + rows + 1) * columns)
        guard start < end else { return [] }
        let wanted = model.gallery.entries[start..<end].map(\.element).filter {
            model.gallery.thumbnails[$0.id] == nil && !model.gallery.requested.contains($0.id)
        }
        guard !wanted.isEmpty else { return [] }
        model.gallery.requested.formUnion(wanted.map(\.id))
        return [.gallery(.loadThumbnails(wanted))]
    }

    static func announcePhoto(_ model: inout AppModel) {
        guard model.isAccessible, let index = model.gallery.selectedIndex else { return }
        let photo = model.gallery.entries[index].element
        AppUpdate.say(
            "Photo by \(photo.author), \(photo.width)×\(photo.height). \(index + 1) of \(model.gallery.entries.count).",
            in: &model)
    }
}
