#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of one terminal cell in pixels, which the graphics protocols draw in: from the
/// terminal's window size in pixels (`TIOCGWINSZ`) where it says, else 10×20.
public struct CellPixels: Hashable, Sendable {
    /// Pixels across one cell.
    public var width: Int
    /// Pixels down one cell.
    public var height: Int

    /// A cell size.
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// What most terminals use at their default font size, when the terminal does not say.
    public static let assumed = CellPixels(width: 10, height: 20)

    /// The cell size of the terminal on `fd`, or ``assumed``.
    public static func of(_ fd: Int32) -> CellPixels {
        var window = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0,
            window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row
        else { return assumed }
        return CellPixels(
            width: Int(window.ws_xpixel) / Int(window.ws_col), height: Int(window.ws_ypixel) / Int(window.ws_row))
    }

    /// The pixel size of an image of `width × height` fitted, aspect kept, inside `columns ×
    /// rows` cells, and the cells it covers.
    public func fitted(width: Int, height: Int, columns: Int, rows: Int) -> (
        width: Int, height: Int, columns: Int, rows: Int
    ) {
        let boxWidth = max(1, columns) * self.width
        let boxHeight = max(1, rows) * self.height
        guard width > 0, height > 0 else { return (1, 1, 1, 1) }
        var fittedWidth = boxWidth
        var fittedHeight = height * boxWidth / width
        if fittedHeight > boxHeight {
            fittedHeight = boxHeight
            fittedWidth = width * boxHeight / height
        }
        fittedWidth = max(1, fittedWidth)
        fittedHeight = max(1, fittedHeight)
        return (
            fittedWidth, fittedHeight, (fittedWidth + self.width - 1) / self.width,
            (fittedHeight + self.height - 1) / self.height
        )
    }
}
