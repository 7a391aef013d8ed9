/// kitty behind tmux (``GraphicsScreen/placeholders``): pictures as Unicode placeholder cells,
/// every command through tmux's passthrough.
extension GraphicsScreen {
    /// kitty behind tmux: the picture sent once with a virtual placement, then its
    /// placeholder cells.
    mutating func drawPlaceholders(_ graphic: CellGraphic, picture: Picture, into out: inout [UInt8]) {
        let id: UInt32
        if let known = sent[picture] {
            id = known.id
        } else {
            id = placeholderID(into: &out)
            let pixels = pixels(graphic, width: picture.pixelWidth, height: picture.pixelHeight)
            out += kitty(
                KittyGraphics.transmit(pixels.image, opaque: pixels.opaque, id: id, compressed: true)
                    + KittyPlaceholders.virtualPlacement(id: id, columns: graphic.columns, rows: graphic.rows))
        }
        sent[picture] = (id, frameNumber)
        out += KittyPlaceholders.cells(id: id, x: graphic.x, y: graphic.y, columns: graphic.columns, rows: graphic.rows)
    }

    /// An image id from 1...255 (the cells' 256-colour foreground names it) that no kept
    /// picture has; the picture shown longest ago is freed when all are taken.
    mutating func placeholderID(into out: inout [UInt8]) -> UInt32 {
        let taken = Set(sent.values.map(\.id))
        for _ in 0..<255 {
            let id = nextID
            nextID = nextID >= 255 ? 1 : nextID + 1
            if !taken.contains(id) { return id }
        }
        let oldest = sent.min { $0.value.used < $1.value.used }!
        sent[oldest.key] = nil
        out += kitty(KittyGraphics.deleteImage(id: oldest.value.id))
        return oldest.value.id
    }

    /// kitty behind tmux: the pictures the frame shows count as used now; beyond
    /// ``keptPictures`` more, the ones shown longest ago are freed.
    mutating func freePlaceholderPictures(showing wanted: [CellGraphic], into out: inout [UInt8]) {
        let keys = Set(wanted.map(\.key))
        for (picture, entry) in sent where keys.contains(picture.key) { sent[picture] = (entry.id, frameNumber) }
        guard sent.count > Self.keptPictures + wanted.count else { return }
        let unused = sent.filter { !keys.contains($0.key.key) }.sorted { $0.value.used < $1.value.used }
        for (picture, entry) in unused.prefix(sent.count - Self.keptPictures - wanted.count) {
            out += kitty(KittyGraphics.deleteImage(id: entry.id))
            sent[picture] = nil
        }
    }
}
