import Foundation
import StoryBase
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The gallery: a grid of thumbnails with authors, or one photo's detail.
enum GalleryView {
    static let back = KeyBindings.hint(KeyBindings.gallery, .back, word: "back")
    static let details = KeyBindings.hint(KeyBindings.gallery, .details, word: "details")
    static let hints = [
        [
            "arrows move", details, KeyBindings.hint(KeyBindings.gallery, .refresh, word: "refresh"),
            KeyBindings.helpHint, back,
        ].joined(separator: " · "), [details, KeyBindings.helpHint, back].joined(separator: " · "),
        KeyBindings.helpHint + " · " + back, back,
    ]
    /// The detail's: back, and retry when its image failed.
    static let detailBack = KeyBindings.hint(KeyBindings.detail, .back, word: "back")
    static let detailRetry = KeyBindings.hint(KeyBindings.detail, .retry, word: "retry")

    /// The gallery drawn into `buffer` (its area).
    static func draw(_ gallery: GalleryModel, context: ViewContext, into buffer: inout CellBuffer) {
        AppView.title("Gallery", into: &buffer)
        if let detail = gallery.detail {
            drawDetail(detail, gallery: gallery, context: context, into: &buffer)
            return
        }
        let bottom = buffer.height - 1
        guard !gallery.entries.isEmpty else {
            AppView.emptyFeed(
                gallery.phase, noun: "photos", emptyText: "No photos.",
                keys: (KeyBindings.key(KeyBindings.gallery, .refresh), KeyBindings.key(KeyBindings.gallery, .back)),
                leave: "go back", into: &buffer
            ) {
                buffer, middle in AppView.centred("Loading photos…", y: middle, style: AppView.dim, into: &buffer)
            }
            AppView.statusLine(
                status(gallery, context: context), hints: emptyHints(gallery.phase), y: bottom, style: AppView.dim,
                into: &buffer)
            return
        }
        let columns = GalleryLayout.gridColumns(columns: buffer.width)
        let rows = GalleryLayout.visibleRows(rows: buffer.height)
        for row in 0..<rows {
            for column in 0..<columns {
                let index = (gallery.firstRow + row) * columns + column
                guard gallery.entries.indices.contains(index) else { break }
                drawCell(
                    gallery.entries[index], row: row, column: column, gallery: gallery, context: context, into: &buffer)
            }
        }
        AppView.statusLine(
            status(gallery, context: context), hints: hints, y: bottom, style: AppView.dim, into: &buffer)
    }

    static func drawCell(
        _ entry: FeedEntry<Photo>, row: Int, column: Int, gallery: GalleryModel, context: ViewContext,
        into buffer: inout CellBuffer
    ) {
        let left = GalleryLayout.cellLeft(column, columns: buffer.width) + 1
        let top = GalleryLayout.top + row * GalleryLayout.rowHeight
        let selected = entry.position == gallery.selected
        if let image = gallery.thumbnails[entry.element.id] {
            AppView.picture(
                image, key: "thumbnail:\(entry.element.id.rawValue)", x: left, y: top,
                columns: GalleryLayout.thumbnailColumns, rows: GalleryLayout.thumbnailRows, context: context,
                into: &buffer)
        } else {
            ImageCells.placeholder(
                "…", into: &buffer, x: left, y: top, columns: GalleryLayout.thumbnailColumns,
                rows: GalleryLayout.thumbnailRows)
        }
        let style = selected ? CellStyle(foreground: AppView.accent, bold: true) : AppView.dim
        let marker = selected ? "▸ " : "  "
        AppView.text(
            marker + entry.element.author, x: left, y: top + GalleryLayout.thumbnailRows,
            width: GalleryLayout.thumbnailColumns, style: style, into: &buffer)
    }

    static func drawDetail(
        _ detail: GalleryDetail, gallery: GalleryModel, context: ViewContext, into buffer: inout CellBuffer
    ) {
        let rows = GalleryLayout.detailImageRows(rows: buffer.height)
        let top = 2
        if let image = detail.image {
            AppView.picture(
                image, key: "detail:\(detail.photo.id.rawValue)", x: 0, y: top, columns: buffer.width, rows: rows,
                context: context, into: &buffer)
        } else if let failure = detail.failure {
            AppView.centred(
                "Couldn't load this photo: \(failure)", y: top + rows / 2 - 1, style: AppView.bold, into: &buffer)
            AppView.centred(detailRetry + " · " + detailBack, y: top + rows / 2 + 1, style: AppView.dim, into: &buffer)
        } else {
            AppView.centred("Loading…", y: top + rows / 2, style: AppView.dim, into: &buffer)
        }
        let photo = detail.photo
        let text = top + rows
        let width = buffer.width - 2
        AppView.text(photo.author, x: 1, y: text, width: width, style: AppView.bold, into: &buffer)
        let size = photo.width > 0 ? "\(photo.width) × \(photo.height) · " : ""
        if photo.url.isFileURL {
            // The user's own file: where it is and when it was taken (it said "0 × 0" and
            // "shipped with stories").
            AppView.text(
                size + (photo.takenAt.map { "taken " + PhotoDates.text($0) } ?? photo.url.lastPathComponent), x: 1,
                y: text + 1, width: width, into: &buffer)
            AppView.text(
                "file:     " + photo.url.path, x: 1, y: text + 2, width: width, style: AppView.dim, into: &buffer)
        } else {
            AppView.text("\(size)photo \(photo.id.rawValue)", x: 1, y: text + 1, width: width, into: &buffer)
            let web = ["http", "https"].contains(photo.url.scheme?.lowercased() ?? "")
            let source = web ? photo.url.absoluteString : "shipped with stories (stories render \(photo.downloadURL))"
            AppView.text("source:   " + source, x: 1, y: text + 2, width: width, style: AppView.dim, into: &buffer)
            AppView.text(
                "download: \(photo.downloadURL.absoluteString)", x: 1, y: text + 3, width: width, style: AppView.dim,
                into: &buffer)
        }
        AppView.statusLine(
            status(gallery, context: context),
            hints: detail.failure == nil
                ? [detailBack + " · " + KeyBindings.helpHint]
                : [[detailRetry, detailBack, KeyBindings.helpHint].joined(separator: " · "), detailBack],
            y: buffer.height - 1, style: AppView.dim, into: &buffer
        )
    }

    /// The hints while the gallery has no photos: "r retry" only when something failed.
    static func emptyHints(_ phase: FeedPhase) -> [String] {
        AppView.emptyFeedHints(phase, refreshKey: KeyBindings.key(KeyBindings.gallery, .refresh), leave: back)
    }

    static func status(_ gallery: GalleryModel, context: ViewContext) -> String {
        var parts = ["\(context.sourceName) photos"]
        if let phase = AppView.phaseStatus(gallery.phase, noun: "photos") { parts.append(phase) }
        if !gallery.entries.isEmpty { parts.append("\(gallery.entries.count) loaded") }
        return parts.joined(separator: " · ")
    }
}
