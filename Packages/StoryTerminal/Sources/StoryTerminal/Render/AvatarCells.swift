public import StoryImages
/// The tray's avatars: the picture cropped to a circle inside a ring — Instagram's gradient
/// (orange → pink → purple, clockwise from the bottom left) while anything is unseen, gray
/// once everything is seen.
public enum AvatarCells {
    /// The ring's colours.
    public enum Ring: Hashable, Sendable {
        /// Something unseen: the gradient.
        case unseen
        /// All seen: gray.
        case seen
    }

    static let gradient = [
        RGB(254, 218, 117), RGB(250, 126, 30), RGB(214, 41, 118), RGB(150, 47, 191), RGB(79, 91, 213),
    ]
    static let gray = RGB(120, 120, 120)
    /// The ring's characters without colour (NO_COLOR): unseen solid, seen dotted.
    static let noColorUnseenRing = "█"
    static let noColorSeenRing = "·"

    /// Draws `image` (nil: a blank face) as a circular avatar of `columns × rows` cells.
    public static func draw(
        _ image: RGBImage?, ring: Ring, into buffer: inout CellBuffer, x: Int, y: Int, columns: Int, rows: Int,
        depth: ColorMode
    ) {
        guard let circle = Circle(face: image, ring: ring, width: columns, height: rows * 2) else { return }
        for row in 0..<rows {
            for column in 0..<columns {
                let upper = circle.color(column, row * 2)
                let lower = circle.color(column, row * 2 + 1)
                if upper == nil, lower == nil { continue }
                if depth == .none, circle.onRing(column, row * 2) || circle.onRing(column, row * 2 + 1) {
                    // Without colour the ring's state is its character: solid unseen, dotted seen.
                    buffer[x + column, y + row] = Cell(ring == .seen ? noColorSeenRing : noColorUnseenRing)
                } else {
                    buffer[x + column, y + row] = ImageCells.cell(upper: upper, lower: lower, depth: depth)
                }
            }
        }
    }

    /// The avatar in pixels for a graphics protocol, `width × height`: the colours, and which
    /// pixels are drawn (outside the circle and between ring and face the terminal shows through).
    public static func pixels(_ image: RGBImage?, ring: Ring, width: Int, height: Int) -> (
        image: RGBImage, opaque: [Bool]
    ) {
        var pixels = [UInt8](repeating: 0, count: max(0, width * height * 3))
        var opaque = [Bool](repeating: false, count: max(0, width * height))
        if let circle = Circle(face: image, ring: ring, width: width, height: height) {
            for py in 0..<height {
                for px in 0..<width {
                    guard let color = circle.color(px, py) else { continue }
                    let index = py * width + px
                    opaque[index] = true
                    pixels[index * 3] = color.r
                    pixels[index * 3 + 1] = color.g
                    pixels[index * 3 + 2] = color.b
                }
            }
        }
        return (RGBImage(width: max(0, width), height: max(0, height), pixels: pixels), opaque)
    }

    /// An avatar's geometry over `width × height` pixels: the ring, a thin gap, the face
    /// cropped to a circle. Nil when the circle would be under 4 pixels across.
    struct Circle {
        let ring: Ring
        let face: RGBImage?
        let center: (x: Double, y: Double)
        let outer: Double
        let ringWidth: Double
        let inner: Double

        init?(face image: RGBImage?, ring: Ring, width: Int, height: Int) {
            let diameter = Double(min(width, height))
            guard diameter >= 4 else { return nil }
            self.ring = ring
            center = (Double(width) / 2, Double(height) / 2)
            outer = diameter / 2
            ringWidth = max(1, diameter / 10)
            inner = outer - ringWidth - max(0.5, diameter / 24)  // a thin gap between ring and face
            let side = Int((inner * 2).rounded(.up))
            face = image.map { AvatarCells.cropSquare($0).resampled(width: max(1, side), height: max(1, side)) }
        }

        /// The colour at a pixel, nil where nothing is drawn.
        func color(_ px: Int, _ py: Int) -> RGB? {
            let dx = Double(px) + 0.5 - center.x
            let dy = Double(py) + 0.5 - center.y
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance > outer { return nil }
            if distance > outer - ringWidth { return ring == .seen ? gray : gradientColor(dx: dx, dy: dy) }
            if distance > inner { return nil }
            guard let face else { return RGB(90, 90, 90) }
            let fx = min(face.width - 1, max(0, Int(Double(px) - (center.x - inner))))
            let fy = min(face.height - 1, max(0, Int(Double(py) - (center.y - inner))))
            return face.pixel(fx, fy)
        }

        /// Whether a pixel is on the ring.
        func onRing(_ px: Int, _ py: Int) -> Bool {
            let dx = Double(px) + 0.5 - center.x
            let dy = Double(py) + 0.5 - center.y
            let distance = (dx * dx + dy * dy).squareRoot()
            return distance <= outer && distance > outer - ringWidth
        }
    }

    /// The centre square of an image.
    static func cropSquare(_ image: RGBImage) -> RGBImage {
        let side = min(image.width, image.height)
        let left = (image.width - side) / 2
        let top = (image.height - side) / 2
        var pixels = [UInt8]()
        pixels.reserveCapacity(side * side * 3)
        for row in top..<(top + side) {
            let start = (row * image.width + left) * 3
            pixels += image.pixels[start..<(start + side * 3)]
        }
        return RGBImage(width: side, height: side, pixels: pixels)
    }

    /// The gradient by angle: from the bottom left round to the top right.
    static func gradientColor(dx: Double, dy: Double) -> RGB {
        // 0 at the bottom left, 1 at the top right, along the diagonal.
        let t = min(1, max(0, ((dx - dy) / (2 * max(1, (dx * dx + dy * dy).squareRoot())) + 0.5)))
        let scaled = t * Double(gradient.count - 1)
        let index = min(gradient.count - 2, Int(scaled))
        let fraction = scaled - Double(index)
        let a = gradient[index]
        let b = gradient[index + 1]
        func mix(_ p: UInt8, _ q: UInt8) -> UInt8 {
            UInt8((Double(p) * (1 - fraction) + Double(q) * fraction).rounded())
        }
        return RGB(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
    }
}
