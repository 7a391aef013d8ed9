import StoryBase

/// Text for the terminal: untrusted text made safe, and display widths that keep the layout
/// with emoji, CJK and combining marks.
public enum TerminalText {
    /// `text` with nothing that could control the terminal: C0 and C1 control characters
    /// (ESC and so every escape sequence among them) and DEL are removed, tabs and line
    /// breaks become spaces, and bidirectional overrides and isolates (which reorder the
    /// rest of the line) are removed, and a letter keeps at most ``maximumMarks`` combining
    /// marks. Printable text, emoji and right-to-left letters stay.
    public static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var marks = 0  // combining marks in a row: more than ``maximumMarks`` are dropped
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                scalars.append(" ")
                marks = 0
            case _ where isControl(scalar):
                continue
            case _ where scalar.value >= 0x300 && isMark(scalar):
                marks += 1
                if marks <= maximumMarks { scalars.append(scalar) }
            default:
                scalars.append(scalar)
                marks = 0
            }
        }
        return String(scalars)
    }

    /// The most combining marks kept on one letter: scripts stack two or three (Vietnamese,
    /// Hebrew points, Indic vowel signs); a letter carrying millions ("Zalgo" text, a crafted
    /// name) would cost every measure of the line and fill the terminal.
    public static let maximumMarks = 8

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: true
        default: false
        }
    }

    /// Whether `scalar` can control a terminal or reorder a line: C0 and C1 controls, DEL,
    /// line and paragraph separators, bidirectional overrides, isolates and marks. The one
    /// rule: ``sanitize(_:)`` removes them, the app's JSON output escapes them.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool { TextLimits.isControl(scalar) }

    /// `character` as every terminal measures it alike: terminals disagree on the
    /// width of emoji sequences — kitty draws "🏄‍♂️" in 4 columns, xterm in 3, tmux (and the
    /// Unicode rule) in 2 — and a line's tail moves with the difference, leaving debris. So a
    /// cluster keeps its first scalar and its combining marks only: a ZWJ sequence is its first
    /// emoji ("🏄‍♂️" → "🏄"), skin tones, variation selectors, keycaps and tags go ("♂️" → "♂",
    /// width 1 everywhere). Flags (two regional indicators, 2 columns in each) stay whole.
    public static func uniform(_ character: Character) -> Character {
        let scalars = character.unicodeScalars
        guard scalars.count > 1, let first = scalars.first else { return character }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return character }  // a flag
        var kept = String.UnicodeScalarView()
        kept.append(first)
        for scalar in scalars.dropFirst() {
            if scalar.value == 0x200D { break }  // a ZWJ: the rest joins other emoji to it
            switch scalar.value {
            case 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0x20E3, 0xE0020...0xE007F: continue
            default: break
            }
            // Combining marks (é as e + ◌́) are drawn in their base's cell by every terminal.
            if [.nonspacingMark, .enclosingMark, .spacingMark].contains(scalar.properties.generalCategory) {
                kept.append(scalar)
            }
        }
        return Character(String(kept))
    }

    /// Columns a character takes: 2 for wide (CJK, fullwidth, emoji presentation), 0 for a
    /// lone combining mark or a zero-width character, else 1.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Fast path for what frames are mostly made of: Latin text and block elements.
        if scalars.count == 1, (0x20..<0x300).contains(first.value) || (0x2500...0x259F).contains(first.value) {
            return 1
        }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .format: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    /// Columns a string takes.
    public static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `columns`, ending in `…` when cut; never splits a character.
    public static func truncate(_ text: String, toWidth columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(of: text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
