public import Foundation
public import StoryImages

extension ImageDecoder {
    /// `data` decoded (at libjpeg's smallest covering scale) and scaled to the size it takes in
    /// `columns × rows` cells, aspect kept, so a view draws it without scaling again: the
    /// decode-and-fit step of every picture the app shows. Cells are two pixels a row (half
    /// blocks), or `cell`'s pixels for a graphics protocol (never more than the picture has).
    ///
    /// In half blocks, `halfBlocks` is the terminal's real cell size when it reports one: a
    /// half block is `width × height/2` pixels, not square (kitty's cells made pictures 8%
    /// narrow), so the picture is widened or narrowed by that shape.
    public static func decode(
        _ data: Data, fittingColumns columns: Int, rows: Int, cell: CellPixels? = nil, halfBlocks: CellPixels? = nil
    ) throws(ImageDecodeError) -> RGBImage {
        guard let cell else {
            let decoded = try decode(data, covering: columns, rows * 2)
            let fitted = ImageCells.fittedSize(
                width: decoded.width, height: decoded.height, columns: columns, rows: rows, cell: halfBlocks)
            return decoded.resampled(width: fitted.width, height: fitted.height)
        }
        let header = try check(data)
        let fitted = cell.fitted(width: header.width, height: header.height, columns: columns, rows: rows)
        let width = min(fitted.width, header.width)
        let height = max(1, min(header.height, width * header.height / max(1, header.width)))
        return try decode(data, covering: width, height).resampled(width: width, height: height)
    }
}
