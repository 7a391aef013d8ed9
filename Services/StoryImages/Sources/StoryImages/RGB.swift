/// A colour: a pixel of an ``RGBImage``, and what a terminal is told.
public struct RGB: Hashable, Sendable {
    /// Red.
    public var r: UInt8
    /// Green.
    public var g: UInt8
    /// Blue.
    public var b: UInt8

    /// Creates a colour.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Rec. 601 luma, 0...255.
    public var luminance: Int { (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000 }
}
