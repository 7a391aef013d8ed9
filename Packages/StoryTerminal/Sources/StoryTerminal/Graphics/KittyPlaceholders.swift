import Foundation

/// kitty's Unicode placeholders (graphics protocol, "Unicode placeholders"): a picture is
/// sent with a virtual placement (`U=1`) and shown wherever the text holds U+10EEEE cells
/// naming it — the image id in the cells' foreground colour (`38;5;ID`: ids 1...255), the
/// row and column in two combining diacritics. The cells are plain text to a multiplexer, so
/// tmux keeps them in its screen and redraws them, and the outer kitty draws the picture
/// there. The graphics commands themselves cross tmux in its passthrough
/// (`ESC P tmux; … ESC \`, every ESC doubled; tmux ≥ 3.3 with `allow-passthrough on`).
public enum KittyPlaceholders {
    /// The placeholder character.
    public static let placeholder: Unicode.Scalar = "\u{10EEEE}"

    /// The row and column diacritics, in kitty's order: the combining marks of class 230
    /// (above) that Unicode 6.0 had, without a decomposition, less nineteen that
    /// normalisation may fuse with a letter (kitty's `rowcolumn-diacritics.txt` lists the
    /// same 297, derived by this rule from UnicodeData.txt). Derived here from Swift's
    /// Unicode tables once, when first used (about 25 ms).
    public static let diacritics: [Unicode.Scalar] = {
        let fused: Set<UInt32> = [
            0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30A, 0x30B, 0x30C, 0x30F, 0x311, 0x313,
            0x314, 0x342, 0x653, 0x654,
        ]
        var found: [Unicode.Scalar] = []
        for value in UInt32(0x300)...0x1D244 {
            guard let scalar = Unicode.Scalar(value), !fused.contains(value) else { continue }
            let properties = scalar.properties
            guard properties.generalCategory == .nonspacingMark, properties.canonicalCombiningClass.rawValue == 230,
                let age = properties.age, (age.major, age.minor) <= (6, 0)
            else { continue }
            guard String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) == [value] else {
                continue
            }
            found.append(scalar)
        }
        return found
    }()

    /// The most rows or columns a placeholder picture may span.
    public static var maximumSpan: Int { diacritics.count }

    /// The text of the placeholder cell at `row`, `column` of its picture.
    public static func cell(row: Int, column: Int) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(placeholder)
        scalars.append(diacritics[min(row, diacritics.count - 1)])
        scalars.append(diacritics[min(column, diacritics.count - 1)])
        return String(scalars)
    }

    /// A virtual placement of image `id` over `columns × rows` cells (the picture is fitted
    /// into them, centred); the cells naming it show it.
    public static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        KittyGraphics.command(
            "a=p,U=1,i=\(id),c=\(max(1, min(columns, maximumSpan))),r=\(max(1, min(rows, maximumSpan)))")
    }

    /// The rows of placeholder cells for image `id` (1...255) at `x, y`, `columns × rows`.
    public static func cells(id: UInt32, x: Int, y: Int, columns: Int, rows: Int) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}[38;5;\(id)m".utf8)
        for row in 0..<min(rows, maximumSpan) {
            out += Array("\u{1B}[\(y + row + 1);\(x + 1)H".utf8)
            for column in 0..<min(columns, maximumSpan) { out += Array(cell(row: row, column: column).utf8) }
        }
        out += Array("\u{1B}[39m".utf8)
        return out
    }

    /// `bytes` (escape sequences) wrapped in tmux's passthrough: `ESC P tmux;`, the bytes with
    /// every ESC doubled, `ESC \`. One wrapper a command: tmux passes each on to the outer
    /// terminal whole.
    public static func tmuxPassthrough(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        // One command (ESC _ … ESC \) a wrapper.
        while start < bytes.count {
            var end = start + 1
            while end < bytes.count {
                if bytes[end - 1] == 0x1B, bytes[end] == UInt8(ascii: "\\") {
                    end += 1
                    break
                }
                end += 1
            }
            out += Array("\u{1B}Ptmux;".utf8)
            for byte in bytes[start..<min(end, bytes.count)] {
                if byte == 0x1B { out.append(0x1B) }
                out.append(byte)
            }
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        }
        return out
    }
}
