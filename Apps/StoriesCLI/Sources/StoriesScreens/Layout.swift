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

    /// The heart's columns on the footer row.
    public static let heartColumns = 0..<6
}
