import StoryImages
/// kitty outside tmux (``GraphicsScreen``): pictures sent once by id (by temporary file where
/// the terminal reads them, else zlib), placed at one screen pixel per pixel, the unused freed.
extension GraphicsScreen {
    /// Places a graphic with kitty, sending its picture first if the terminal does not have it.
    mutating func placeKitty(_ graphic: CellGraphic, into out: inout [UInt8]) -> Shown {
        let place = layout(graphic)
        let picture = Picture(
            key: graphic.key, width: graphic.image.width, height: graphic.image.height, shape: graphic.shape,
            pixelWidth: place.width, pixelHeight: place.height)
        let id: UInt32
        if let known = sent[picture] {
            id = known.id
        } else {
            id = nextID
            nextID = nextID == UInt32.max ? 1 : nextID + 1
            let pixels = pixels(graphic, width: place.width, height: place.height)
            // By file where the terminal reads them; else compressed: a picture is sent once and
            // may cross a slow link (ssh), and zlib halves it.
            out += KittyGraphics.transmit(
                pixels.image, opaque: pixels.opaque, id: id, compressed: true, quiet: 1, files: kittyFiles)
        }
        sent[picture] = (id, frameNumber)
        let placement = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        out += Self.moveCursor(x: place.x, y: place.y)
        out += KittyGraphics.place(
            id: id, placement: placement, offsetX: place.offsetX, offsetY: place.offsetY, quiet: 1)
        return Shown(graphic: graphic, image: id, placement: placement)
    }

    /// kitty: frees the pictures not shown beyond the newest ``keptPictures``.
    mutating func forgetUnused(into out: inout [UInt8]) {
        guard sent.count > Self.keptPictures + shown.count else { return }
        let onScreen = Set(shown.map(\.image))
        let unused = sent.filter { !onScreen.contains($0.value.id) }.sorted { $0.value.used < $1.value.used }
        for (picture, entry) in unused.prefix(sent.count - Self.keptPictures - shown.count) {
            out += KittyGraphics.deleteImage(id: entry.id)
            sent[picture] = nil
        }
    }

    /// A kitty command as the terminal gets it: through tmux's passthrough behind tmux.
    func kitty(_ bytes: [UInt8]) -> [UInt8] {
        placeholders && !bytes.isEmpty ? KittyPlaceholders.tmuxPassthrough(bytes) : bytes
    }
}
