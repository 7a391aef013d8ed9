import StoryImages
/// Writes the interactive screens' frames: the cells that changed, as ``TerminalRenderer``
/// does, and the buffer's ``CellGraphic``s in a graphics protocol.
///
/// - kitty: a picture is sent once (RGB, or RGBA for an avatar's round edge) under an id and
///   placed by id over the cells (above the text: kitty 0.26 under Xvfb left stale characters
///   showing through a picture placed under the text, `z=-1`); a placement the new frame no longer has is deleted, and one it
///   keeps costs nothing, so a progress tick writes only its cells. Pictures not shown are kept
///   in the terminal up to ``keptPictures``, the oldest freed beyond.
/// - sixel: a picture is drawn when it appears and again only when a cell over it changed
///   (the heart over the media); the cells a picture leaves are written again, so none of its
///   pixels stay behind. Its encoding is kept for the next time it appears.
/// - iTerm2 (and WezTerm): as sixel, each picture a JPEG inline image at one pixel per pixel.
/// - anything else: cells only (graphics in the buffer are ignored).
///
/// A frame after `nil` (the first one, or after a resize) draws everything again, pictures
/// too: kitty frees a picture whose placements a clear removed (0.26.5 showed none of the
/// pictures placed again by id after a resize), so every picture it was sent is freed and sent
/// anew. kitty's refusals are read: ``lost(_:)`` takes its answer and the picture is sent again
/// on the next frame (at most ``resends`` times a picture).
public struct GraphicsScreen: Sendable {
    /// The protocol pictures are drawn in: `.kitty` or `.sixel` (anything else draws none).
    public let mode: GraphicsMode
    /// The cells' size in pixels (update it after a resize: the font may have changed).
    public var cell: CellPixels
    /// The renderer of the cells.
    public var cells: TerminalRenderer
    /// sixel: the largest picture the terminal shows (XTSMGRAPHICS); a larger one is drawn
    /// smaller to fit it (xterm leaves a picture over its 1000×1000 default blank).
    public var sixelLimit: GraphicsDetection.PixelLimit?
    /// sixel: the terminal's colour registers (XTSMGRAPHICS); the palette never has more.
    public var colorRegisters: Int?
    /// kitty behind tmux: pictures are shown by Unicode placeholder cells (``KittyPlaceholders``),
    /// which tmux keeps as text, and every graphics command crosses tmux in its passthrough.
    /// Drawn as sixel is: a picture's cells are written when it appears or a cell over it
    /// changed; its pixels are sent once (ids 1...255).
    public var placeholders = false
    /// kitty: the folder the terminal reads pictures from (``KittyFiles``), nil to send them
    /// inline (compressed).
    public var kittyFiles: String?

    /// How many pictures the terminal keeps (kitty) or are kept encoded (sixel) beyond those shown.
    public static let keptPictures = 48

    /// A picture in pixels as sent: its graphic's identity and its pixel size.
    struct Picture: Hashable {
        var key: String
        var width: Int
        var height: Int
        var shape: CellGraphic.Shape
        var pixelWidth: Int
        var pixelHeight: Int
    }

    /// A graphic on the screen now, with the kitty ids it was placed under.
    struct Shown {
        var graphic: CellGraphic
        var image: UInt32
        var placement: UInt32
    }

    private(set) var shown: [Shown] = []
    /// kitty: the pictures in the terminal, their ids and when each was last shown.
    var sent: [Picture: (id: UInt32, used: Int)] = [:]
    /// sixel: encoded pictures and when each was last drawn.
    var encoded: [Picture: (bytes: [UInt8], used: Int)] = [:]
    var nextID: UInt32 = 1
    var frameNumber = 0
    /// kitty: how many times each picture (by key) was sent again after a refusal.
    private var resent: [String: Int] = [:]

    /// A screen writer for `mode`, with cells of `cell` pixels, colours in `depth`.
    public init(mode: GraphicsMode, cell: CellPixels, depth: ColorMode) {
        self.mode = mode
        self.cell = cell
        self.cells = TerminalRenderer(depth: depth)
    }

    /// Whether this writer draws pictures (kitty, sixel or iTerm2) rather than leaving them to cells.
    public var drawsGraphics: Bool { [.kitty, .sixel, .iterm2].contains(mode) }

    /// ``frame(from:to:)`` with a tolerance for cells (``TerminalRenderer/diff(from:to:tolerance:)``):
    /// where pictures are drawn in cells, `new` becomes what the screen shows (the cells left
    /// as they were taken from `old`); in a graphics protocol the tolerance is not used.
    public mutating func frame(from old: CellBuffer?, to new: inout CellBuffer, tolerance: Int) -> [UInt8] {
        guard drawsGraphics else { return cells.diff(from: old, to: &new, tolerance: tolerance) }
        return frame(from: old, to: new)
    }

    /// The bytes that turn a screen showing `old` into `new`, pictures included (everything
    /// when `old` is nil or of another size).
    public mutating func frame(from old: CellBuffer?, to new: CellBuffer) -> [UInt8] {
        guard drawsGraphics else { return cells.diff(from: old, to: new) }
        frameNumber += 1
        var out: [UInt8] = []
        var previous = old
        if old == nil || old!.width != new.width || old!.height != new.height {
            if mode == .kitty {
                // The clear below frees kitty's pictures: free them all ourselves and send
                // again what the new frame shows.
                out += kitty(sent.values.sorted { $0.id < $1.id }.flatMap { KittyGraphics.deleteImage(id: $0.id) })
                sent = [:]
            }
            shown = []
            previous = nil
        }
        let wanted = new.graphics
        let gone = shown.filter { !wanted.contains($0.graphic) }
        let kept = shown.filter { wanted.contains($0.graphic) }
        let added = wanted.filter { graphic in !kept.contains { $0.graphic == graphic } }
        switch mode {
        case .kitty where !placeholders:
            // A video's frame leaves after the next one is placed (no blank between them) and
            // its picture is freed at once.
            for old in gone where !old.graphic.isTransient {
                out += KittyGraphics.deletePlacement(id: old.image, placement: old.placement)
            }
            // A picture that left the screen is tried afresh when it comes back (a retry).
            for old in gone { resent[old.graphic.key] = nil }
            out += cells.diff(from: previous, to: new)
            shown = kept
            for graphic in added { shown.append(placeKitty(graphic, into: &out)) }
            for old in gone where old.graphic.isTransient {
                out += KittyGraphics.deleteImage(id: old.image)
                sent = sent.filter { $0.value.id != old.image }
            }
            forgetUnused(into: &out)
        default:
            // The cells a picture leaves are written again, whatever they hold now.
            if var stale = previous {
                for old in gone { stale.markStale(old.graphic) }
                previous = stale
            }
            out += cells.diff(from: previous, to: new)
            let redrawn = kept.filter { shownGraphic in
                guard let old else { return true }
                return old.differs(from: new, inside: shownGraphic.graphic)
            }
            shown = wanted.map { Shown(graphic: $0, image: 0, placement: 0) }
            for graphic in added + redrawn.map(\.graphic) { drawInCells(graphic, over: new, into: &out) }
            let once = Set(gone.filter(\.graphic.isTransient).map(\.graphic.key))
            encoded = encoded.filter { frameNumber - $0.value.used <= Self.keptPictures && !once.contains($0.key.key) }
            if placeholders { freePlaceholderPictures(showing: wanted, into: &out) }
        }
        return out
    }

    /// How many times a picture kitty refused is sent again (then it is left out, and logged).
    public static let resends = 2

    /// What kitty refused: its answer (to log) and, when the picture was given up after
    /// ``resends`` sends, the key of the graphic it will not show.
    public struct Refusal: Hashable, Sendable {
        /// kitty's answer, with what was done about it.
        public var message: String
        /// The graphic's key when it is given up (its screen should say it is not shown).
        public var givenUp: String?
    }

    /// kitty's answer to a command (``InputEvent/graphicsReply(_:)``): when it refuses a
    /// picture (`i=ID…;ENOENT:…`, or any error), the picture is forgotten so the next frame
    /// sends and places it again; after ``resends`` it is given up (sent afresh only when it
    /// appears again, after leaving the screen). Nil for an OK.
    public mutating func lost(_ reply: String) -> Refusal? {
        let parts = reply.split(separator: ";", maxSplits: 1)
        guard mode == .kitty, parts.count == 2, parts[1] != "OK" else { return nil }
        let keys = parts[0].split(separator: ",")
        guard let id = keys.first(where: { $0.hasPrefix("i=") }).flatMap({ UInt32($0.dropFirst(2)) }) else {
            return Refusal(message: String(reply))
        }
        // A picture freed or replaced since (a resize, another screen): its answer is
        // expected, not a refusal to say (five such lines reached the shell after a quit).
        guard let picture = sent.first(where: { $0.value.id == id })?.key else { return nil }
        let tries = resent[picture.key, default: 0]
        sent[picture] = nil
        guard tries < Self.resends else {
            return Refusal(message: "\(reply) (given up after \(tries) resends)", givenUp: picture.key)
        }
        resent[picture.key] = tries + 1
        shown.removeAll { $0.image == id }
        return Refusal(message: String(reply))
    }

    /// What ends the screen: kitty frees every picture it was sent (the terminal's memory,
    /// and nothing left over the shell's screen).
    public mutating func end() -> [UInt8] {
        guard mode == .kitty else { return [] }
        let out = kitty(sent.values.flatMap { KittyGraphics.deleteImage(id: $0.id) })
        sent = [:]
        shown = []
        return out
    }

    /// Where a graphic's pixels go: the picture's size and the cell and pixel offset of its
    /// top left corner.
    func layout(_ graphic: CellGraphic) -> (width: Int, height: Int, x: Int, y: Int, offsetX: Int, offsetY: Int) {
        let boxWidth = graphic.columns * cell.width
        let boxHeight = graphic.rows * cell.height
        switch graphic.shape {
        case .avatar:
            return (boxWidth, boxHeight, graphic.x, graphic.y, 0, 0)
        case .fitted:
            var fitted = cell.fitted(
                width: graphic.image.width, height: graphic.image.height, columns: graphic.columns, rows: graphic.rows)
            if mode == .sixel, let limit = sixelLimit, fitted.width > limit.width || fitted.height > limit.height {
                let scale = min(
                    Double(limit.width) / Double(fitted.width), Double(limit.height) / Double(fitted.height))
                fitted.width = max(1, Int(Double(fitted.width) * scale))
                fitted.height = max(1, Int(Double(fitted.height) * scale))
            }
            var height = fitted.height
            // A sixel picture grows in bands of 6 pixel rows: it is cut to whole bands so its last
            // band never reaches the row below its rectangle.
            if mode == .sixel, height > 6 { height -= height % 6 }
            let left = (boxWidth - fitted.width) / 2
            let top = (boxHeight - height) / 2
            return (
                fitted.width, height, graphic.x + left / cell.width, graphic.y + top / cell.height, left % cell.width,
                top % cell.height
            )
        }
    }

    /// The graphic's pixels, scaled (or drawn, for an avatar) to `width × height`.
    func pixels(_ graphic: CellGraphic, width: Int, height: Int) -> (image: RGBImage, opaque: [Bool]?) {
        switch graphic.shape {
        case .fitted: (graphic.image.resampled(width: width, height: height), nil)
        case .avatar(let ring):
            AvatarCells.pixels(graphic.image, ring: ring, width: width, height: height)
        }
    }

    /// `ESC [ row ; column H`.
    static func moveCursor(x: Int, y: Int) -> [UInt8] { Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }
}
