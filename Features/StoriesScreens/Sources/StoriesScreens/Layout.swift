/// Where things are on screen: shared by the views (to draw) and the update (for clicks).
public enum TrayLayout {
    /// Columns per user slot.
    public static let slotWidth = 14
    /// The avatar's size in cells.
    public static let avatarColumns = 10
    /// The avatar's height in rows.
    public static let avatarRows = 5
    /// The row of the avatars' top.
    public static let avatarTop = 2
    /// The row of the names.
    public static var nameRow: Int { avatarTop + avatarRows }

    /// The smallest window the tray is drawn in: one slot; the title, avatars, names, the
    /// selection marker and the status line each on a row of their own.
    public static let minimumSize = ScreenSize(columns: slotWidth + 2, rows: nameRow + 3)

    /// The row of the selected user's summary and of "Enter to view", when the window has
    /// room for them above the status line (nil otherwise: they never overwrite it).
    public static func summaryRows(rows: Int) -> (summary: Int, hint: Int?)? {
        let status = rows - 1
        let summary = min(nameRow + 3, status - 1)
        guard summary > nameRow + 1 else { return nil }
        let hint = summary + 1
        return (summary, hint < status ? hint : nil)
    }

    /// How many slots fit across `columns`.
    public static func visibleSlots(columns: Int) -> Int { max(1, columns / slotWidth) }

    /// The left edge of the slot drawn in place `index` (0-based from the left).
    public static func slotLeft(_ index: Int, columns: Int) -> Int {
        let used = visibleSlots(columns: columns) * slotWidth
        return max(0, (columns - used) / 2) + index * slotWidth
    }

    /// The slot place at a cell, if the cell is on an avatar or its name.
    public static func slot(atX x: Int, y: Int, columns: Int) -> Int? {
        guard y >= avatarTop, y <= nameRow + 1 else { return nil }
        let left = slotLeft(0, columns: columns)
        guard x >= left else { return nil }
        let index = (x - left) / slotWidth
        return index < visibleSlots(columns: columns) ? index : nil
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
