public import StoryImages
/// A picture a graphics protocol (kitty, sixel) draws over a rectangle of cells instead of
/// half blocks. The view puts it in the ``CellBuffer`` (whose cells under it stay blank);
/// ``GraphicsScreen`` sends it once and takes it away when a frame no longer has it.
///
/// Two graphics are the same picture in the same place when their key, image size, shape and
/// rectangle are: the pixels are not compared (a frame is compared ten times a second).
public struct CellGraphic: Hashable, Sendable {
    /// How the picture fills its rectangle.
    public enum Shape: Hashable, Sendable {
        /// Fitted inside, aspect kept, centred (letterboxed).
        case fitted
        /// A circular avatar inside its ring.
        case avatar(AvatarCells.Ring)
    }

    /// What the picture is ("media:ITEM", "avatar:URL"): with the image's size, it names the
    /// picture sent to the terminal.
    public var key: String
    /// The pixels (scaled to the rectangle's pixels when sent).
    public var image: RGBImage
    /// How it fills the rectangle.
    public var shape: Shape
    /// The rectangle's left column.
    public var x: Int
    /// The rectangle's top row.
    public var y: Int
    /// The rectangle's width in cells.
    public var columns: Int
    /// The rectangle's height in cells.
    public var rows: Int
    /// A picture shown once (a video's frame): freed as soon as it leaves the screen instead of
    /// being kept for its return.
    public var isTransient: Bool

    /// A picture over `columns × rows` cells from `x, y`.
    public init(
        key: String, image: RGBImage, shape: Shape, x: Int, y: Int, columns: Int, rows: Int, isTransient: Bool = false
    ) {
        self.isTransient = isTransient
        self.key = key
        self.image = image
        self.shape = shape
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
    }

    /// The same picture at the same place (pixels not compared).
    public static func == (a: CellGraphic, b: CellGraphic) -> Bool {
        a.key == b.key && a.image.width == b.image.width && a.image.height == b.image.height && a.shape == b.shape
            && a.x == b.x && a.y == b.y && a.columns == b.columns && a.rows == b.rows
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(image.width)
        hasher.combine(image.height)
        hasher.combine(shape)
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(columns)
        hasher.combine(rows)
    }

    /// Whether the rectangle overlaps another one.
    public func overlaps(x otherX: Int, y otherY: Int, columns otherColumns: Int, rows otherRows: Int) -> Bool {
        x < otherX + otherColumns && otherX < x + columns && y < otherY + otherRows && otherY < y + rows
    }
}

extension CellBuffer {
    /// Puts a graphic on the buffer, blanking the cells under it. One whose rectangle is not
    /// wholly inside the buffer is not put (a cut picture would be drawn squeezed).
    public mutating func place(_ graphic: CellGraphic) {
        guard graphic.columns > 0, graphic.rows > 0, graphic.x >= 0, graphic.y >= 0,
            graphic.x + graphic.columns <= width, graphic.y + graphic.rows <= height,
            graphic.image.width > 0, graphic.image.height > 0
        else { return }
        fill(x: graphic.x, y: graphic.y, width: graphic.columns, height: graphic.rows, with: .blank)
        graphics.append(graphic)
    }

    /// Puts `area` (a screen drawn into a buffer of its own size) at column `x`, row `y`: its
    /// cells where they fall inside this buffer, its graphics moved with it (a graphic that
    /// would not fit whole is left out, as ``place(_:)`` does). A view drawn into an area this
    /// way can sit anywhere in a larger screen.
    public mutating func paste(_ area: CellBuffer, x: Int, y: Int) {
        for row in 0..<area.height where contains(0, y + row) {
            for column in 0..<area.width where contains(x + column, 0) {
                self[x + column, y + row] = area[column, row]
            }
        }
        for var graphic in area.graphics {
            graphic.x += x
            graphic.y += y
            place(graphic)
        }
    }

    /// Takes away the graphics overlapping a rectangle (an overlay drawn over them).
    public mutating func removeGraphics(overlappingX x: Int, y: Int, columns: Int, rows: Int) {
        graphics.removeAll { $0.overlaps(x: x, y: y, columns: columns, rows: rows) }
    }

    /// Moves the graphics whose top row is in `rows` `columns` to the right; those that no
    /// longer fit are taken away.
    public mutating func shiftGraphics(by columns: Int, rows: Range<Int>) {
        graphics = graphics.compactMap { graphic in
            guard rows.contains(graphic.y) else { return graphic }
            var moved = graphic
            moved.x += columns
            return moved.x >= 0 && moved.x + moved.columns <= width ? moved : nil
        }
    }
}
