/// Where things are on screen: shared by the views (to draw) and the update (for clicks).
///
/// The tray's avatars grow with the window: 10×5 cells (10×10 pixels in half blocks) up to 24
/// rows, a row more for every 4 rows beyond 30, up to 24×12 cells — 14×7 at 120×40, 24×12 at
/// 200×60 — as long as at least 4 users still fit across.
public struct TrayLayout: Hashable, Sendable {
    /// The avatar's size in cells (its pixels in half blocks: `avatarColumns` square).
    public let avatarColumns: Int
    /// The avatar's height in rows.
    public let avatarRows: Int
    /// Columns per user slot.
    public var slotWidth: Int { avatarColumns + 4 }
    /// The row of the avatars' top.
    public let avatarTop = 2
    /// The row of the names.
    public var nameRow: Int { avatarTop + avatarRows }
    /// The window's width.
    public let columns: Int

    /// The smallest avatar, in rows.
    public static let smallestAvatarRows = 5
    /// The largest avatar, in rows.
    public static let largestAvatarRows = 12

    /// The layout for a window of `size`.
    public init(size: ScreenSize) {
        var rows = max(Self.smallestAvatarRows, min(Self.largestAvatarRows, (size.rows - 10) / 4))
        while rows > Self.smallestAvatarRows, size.columns / (2 * rows + 4) < 4 { rows -= 1 }
        avatarRows = rows
        avatarColumns = 2 * rows
        columns = size.columns
    }

    /// The smallest window the tray is drawn in: one slot; the title, avatars, names, the
    /// selection marker and the status line each on a row of their own.
    public static let minimumSize = ScreenSize(
        columns: 2 * smallestAvatarRows + 4 + 2, rows: 2 + smallestAvatarRows + 3)

    /// The row of the selected user's summary and of "Enter to view", when the window has
    /// room for them above the status line (nil otherwise: they never overwrite it).
    public func summaryRows(rows: Int) -> (summary: Int, hint: Int?)? {
        let status = rows - 1
        let summary = min(nameRow + 3, status - 1)
        guard summary > nameRow + 1 else { return nil }
        let hint = summary + 1
        return (summary, hint < status ? hint : nil)
    }

    /// How many slots fit across the window.
    public var visibleSlots: Int { max(1, columns / slotWidth) }

    /// The left edge of the slot drawn in place `index` (0-based from the left).
    public func slotLeft(_ index: Int) -> Int {
        let used = visibleSlots * slotWidth
        return max(0, (columns - used) / 2) + index * slotWidth
    }

    /// The slot place at a cell, if the cell is on an avatar or its name.
    public func slot(atX x: Int, y: Int) -> Int? {
        guard y >= avatarTop, y <= nameRow + 1 else { return nil }
        let left = slotLeft(0)
        guard x >= left else { return nil }
        let index = (x - left) / slotWidth
        return index < visibleSlots ? index : nil
    }
}

/// The viewer's rows: progress, header, image, footer.
public enum ViewerLayout {
    /// The progress segments' row.
    public static let progressRow = 0
    /// The header's first row (avatar, name, age).
    public static let headerRow = 1
    /// The first row of the image.
    public static let imageTop = 3

    /// The image's rows on a screen of `rows`.
    public static func imageRows(rows: Int) -> Int { max(1, rows - imageTop - 2) }

    /// The footer's row (heart, counter, hints).
    public static func footerRow(rows: Int) -> Int { rows - 1 }

    /// The smallest window the viewer is drawn in: the progress row, the header, one row of
    /// image, a gap and the footer; columns for the heart, the counter and a few of the name.
    public static let minimumSize = ScreenSize(columns: 20, rows: imageTop + 3)

    /// The heart's columns on the footer row.
    public static let heartColumns = 0..<6
}

/// The gallery's grid: thumbnails with the author under each.
public enum GalleryLayout {
    /// Columns per grid cell.
    public static let cellWidth = 20
    /// The thumbnail's columns.
    public static let thumbnailColumns = 18
    /// The thumbnail's rows.
    public static let thumbnailRows = 6
    /// Rows per grid row: the thumbnail, the author, a gap.
    public static let rowHeight = 8
    /// The first grid row's top.
    public static let top = 2

    /// The smallest window the grid is drawn in: one grid cell and the status line.
    public static let minimumSize = ScreenSize(columns: cellWidth, rows: top + rowHeight + 1)
    /// The smallest window a photo's detail is drawn in: a row of image and the text below.
    public static let minimumDetailSize = ScreenSize(columns: cellWidth, rows: 9)

    /// Grid columns that fit across `columns`.
    public static func gridColumns(columns: Int) -> Int { max(1, columns / cellWidth) }

    /// Grid rows that fit in `rows` (a title row, a gap and a status line besides).
    public static func visibleRows(rows: Int) -> Int { max(1, (rows - top - 1) / rowHeight) }

    /// The left edge of grid column `column`.
    public static func cellLeft(_ column: Int, columns: Int) -> Int {
        max(0, (columns - gridColumns(columns: columns) * cellWidth) / 2) + column * cellWidth
    }

    /// The grid place (row from the first drawn, column) at a cell, if it is on a thumbnail.
    public static func place(atX x: Int, y: Int, columns: Int, rows: Int) -> (row: Int, column: Int)? {
        guard y >= top else { return nil }
        let row = (y - top) / rowHeight
        guard row < visibleRows(rows: rows), (y - top) % rowHeight < thumbnailRows + 1 else { return nil }
        let left = cellLeft(0, columns: columns)
        guard x >= left else { return nil }
        let column = (x - left) / cellWidth
        return column < gridColumns(columns: columns) ? (row, column) : nil
    }

    /// The detail view's image rows on a screen of `rows` (the text below takes five).
    public static func detailImageRows(rows: Int) -> Int { max(1, rows - 2 - 6) }
}
