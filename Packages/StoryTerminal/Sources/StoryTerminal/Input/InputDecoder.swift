/// A key or a click, decoded from the terminal's input bytes.
public enum InputEvent: Hashable, Sendable {
    /// A printable character (letters, digits, `?`, `[`, `]`, space).
    case character(Character)
    /// An arrow key, with Shift or not.
    case arrow(Arrow, shift: Bool)
    /// Enter.
    case enter
    /// Esc pressed on its own.
    case escape
    /// Backspace.
    case backspace
    /// Ctrl-C (in raw mode the terminal does not turn it into SIGINT).
    case interrupt
    /// Ctrl-Z (in raw mode the terminal does not turn it into SIGTSTP): give the terminal back
    /// and stop.
    case suspend
    /// A mouse button (0 left, 1 middle, 2 right; modifiers left out) pressed or released at a
    /// 0-based cell (SGR 1006 reports).
    case mouse(button: Int, x: Int, y: Int, pressed: Bool)
    /// A wheel or trackpad scroll at a 0-based cell: never a click.
    case wheel(up: Bool, x: Int, y: Int)
    /// A character key still held down, repeating (kitty's keyboard protocol; elsewhere a
    /// repeat is a press, ``character(_:)``).
    case keyRepeated(Character)
    /// A character key let go (kitty's keyboard protocol, which the app asks for where the
    /// terminal has it; other terminals never say).
    case keyReleased(Character)
    /// The terminal's window gained (true) or lost the focus (focus reports, DECSET 1004).
    case focus(Bool)
    /// kitty's answer to a graphics command (`ESC _ G keys ; message ESC \`): its keys and
    /// message, e.g. `i=12,p=13;ENOENT:…` — never a key. Longer answers are cut at
    /// ``InputDecoder/maximumReply`` bytes.
    case graphicsReply(String)

    /// Home, End, Page Up or Page Down (Shift or not).
    case jump(Jump)

    /// The keys that move far: to an end, or a screen at a time.
    public enum Jump: Hashable, Sendable {
        /// Home: the first.
        case home
        /// End: the last.
        case end
        /// Page Up: a screen back.
        case pageUp
        /// Page Down: a screen on.
        case pageDown
    }

    /// The four arrows.
    public enum Arrow: Hashable, Sendable {
        /// ↑
        case up
        /// ↓
        case down
        /// →
        case right
        /// ←
        case left
    }
}

/// Turns raw input bytes into ``InputEvent``s. Escape sequences may arrive split across
/// reads: incomplete ones wait for more bytes, and a lone ESC becomes ``InputEvent/escape``
/// on ``flush()`` (called when no byte followed it within a short time). Unknown sequences
/// are dropped whole; nothing in the input can make the decoder fail.
///
/// A terminal's answers to our queries are never keys, whenever they arrive (one that came
/// after the detection's window holding a `q` once quit the app): CSI answers (DA1,
/// XTSMGRAPHICS, cursor reports) are unknown CSI sequences, dropped; string answers — DCS
/// (`ESC P`), OSC (`ESC ]`, OSC 11's colour), APC (`ESC _`, kitty's graphics replies), PM and
/// SOS — are skipped to their terminator (ST or BEL) in constant memory, however long.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Inside a string sequence: its bytes are dropped until ST (`ESC \`) or BEL; `escape`
    /// when its last byte was ESC (ST's first half).
    private var skipping: (active: Bool, escape: Bool) = (false, false)
    /// Bytes skipped in the current string sequence: none after a short wait means it was a
    /// key with Alt (`ESC P` is Alt-P too), and the skipping ends.
    private var skipped = 0
    /// The longest escape sequence kept waiting; longer garbage is dropped.
    static let maximumSequence = 32
    /// The most bytes of a kitty graphics reply kept (the rest is skipped).
    public static let maximumReply = 256
    /// Inside an APC that starts with `G`: its bytes so far (nil in any other string).
    private var reply: [UInt8]?

    /// An empty decoder.
    public init() {}

    /// Decodes `bytes` (after any pending ones).
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [InputEvent] {
        pending += bytes
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if skipping.active {
                index = skipString(from: index)
                if !skipping.active, let text = reply {
                    reply = nil
                    // "G…": kitty's graphics answer, without the G and the terminator.
                    let body = text.first == UInt8(ascii: "G") ? text.dropFirst() : []
                    if !body.isEmpty { events.append(.graphicsReply(String(decoding: body, as: UTF8.self))) }
                }
                continue
            }
            let (event, used) = decode(at: index)
            if used == 0 { break }  // incomplete: wait for more
            if let event { events.append(event) }
            index += used
        }
        pending.removeFirst(index)
        return events
    }

    /// Drops a string sequence's bytes from `index` up to and including its terminator (the
    /// skipping ends there), or all that is pending; the index after what was dropped.
    private mutating func skipString(from index: Int) -> Int {
        var position = index
        while position < pending.count {
            let byte = pending[position]
            position += 1
            skipped += 1
            if skipping.escape {
                skipping.escape = false
                if byte == UInt8(ascii: "\\") {
                    skipping.active = false
                    return position
                }
            }
            if byte == 0x07 {
                skipping.active = false
                return position
            }
            if byte == 0x1B {
                skipping.escape = true
            } else if reply != nil, reply!.count < Self.maximumReply, byte >= 0x20 {
                reply!.append(byte)
            }
        }
        return position
    }

    /// Ends a wait: a pending lone ESC is the Esc key; other partial sequences are dropped.
    public mutating func flush() -> [InputEvent] {
        defer { pending.removeAll() }
        if skipping.active {
            // Nothing followed ESC P (or ] _ ^ X): it was Alt and a key; otherwise an answer
            // still arriving, not keys.
            if skipped == 0 {
                skipping = (false, false)
                reply = nil
            }
            return []
        }
        return pending == [0x1B] ? [.escape] : []
    }

    /// Whether bytes are waiting for the rest of a sequence.
    public var isWaiting: Bool { !pending.isEmpty || (skipping.active && skipped == 0) }

    /// One event at `index`: (event or nil to skip, bytes used; 0 = incomplete).
    private mutating func decode(at index: Int) -> (InputEvent?, Int) {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return decodeEscape(at: index)
        case 0x03:
            return (.interrupt, 1)
        case 0x1A:
            return (.suspend, 1)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(byte))), 1)
        case 0xC0...0xF7:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + length <= pending.count else { return (nil, 0) }
            let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
            guard let character = text.first, text.count == 1, !text.unicodeScalars.contains("\u{FFFD}") else {
                return (nil, 1)
            }
            return (.character(character), length)
        default:
            return (nil, 1)  // other control bytes and stray continuation bytes
        }
    }

    private mutating func decodeEscape(at index: Int) -> (InputEvent?, Int) {
        guard index + 1 < pending.count else { return (nil, 0) }
        let next = pending[index + 1]
        if next == 0x1B { return (.escape, 1) }  // ESC ESC: the first was a lone Esc
        // DCS, SOS, OSC, PM, APC: a terminal's answer, skipped to its end.
        if [UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "_")].contains(
            next)
        {
            skipping = (true, false)
            skipped = 0
            reply = next == UInt8(ascii: "_") ? [] : nil
            return (nil, 2)
        }
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
            return (.escape, 1)  // ESC then a key: Esc, and the key decodes next
        }
        // CSI / SS3: parameters and intermediates, then a final byte 0x40...0x7E.
        var end = index + 2
        while end < pending.count {
            let byte = pending[end]
            if (0x40...0x7E).contains(byte),
                !(next == UInt8(ascii: "[") && byte == UInt8(ascii: "[") && end == index + 2)
            {
                break
            }
            guard end - index < Self.maximumSequence else { return (nil, end - index) }
            guard (0x20...0x3F).contains(byte) || byte == UInt8(ascii: "[") else { return (nil, end - index) }
            end += 1
        }
        guard end < pending.count else {
            return end - index >= Self.maximumSequence ? (nil, end - index) : (nil, 0)
        }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let final = Character(Unicode.Scalar(pending[end]))
        if next == UInt8(ascii: "[") {
            if final == "u" { return (Self.keyboardProtocolKey(parameters), end - index + 1) }
            if parameters.isEmpty, final == "I" || final == "O" { return (.focus(final == "I"), end - index + 1) }
        }
        return (event(parameters: parameters, final: final), end - index + 1)
    }

    /// A key in kitty's keyboard protocol, `CSI code[:alternates] ; modifiers[:kind] ; text u`
    /// (kind 1 press, 2 repeat, 3 release; text the characters typed, as code points): the
    /// app's keys as in legacy input, a character's repeat and release as their own events.
    /// Modifier keys alone, functional keys the app does not use and the answer to the
    /// protocol's query (`CSI ? flags u`) are nothing.
    static func keyboardProtocolKey(_ parameters: String) -> InputEvent? {
        guard !parameters.hasPrefix("?") else { return nil }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard let code = fields.first?.split(separator: ":").first.flatMap({ Int($0) }) else { return nil }
        let modifierAndKind = fields.count > 1 ? fields[1].split(separator: ":", omittingEmptySubsequences: false) : []
        // Modifiers are sent plus one; Caps Lock (64) and Num Lock (128) change nothing here.
        let modifiers = max(0, (modifierAndKind.first.flatMap { Int($0) } ?? 1) - 1) & ~(64 | 128)
        let kind = modifierAndKind.count > 1 ? Int(modifierAndKind[1]) ?? 1 : 1
        let text = fields.count > 2 ? fields[2].split(separator: ":").compactMap { UInt32($0) } : []
        let pressed = kind != 3
        switch code {
        case 13, 57414: return pressed ? .enter : nil  // Enter, keypad Enter
        case 27: return pressed ? .escape : nil
        case 127, 8: return pressed ? .backspace : nil
        case 9, 57344...: return nil  // Tab, and modifier and functional keys (kitty's private-use codes)
        default: break
        }
        if modifiers & 4 != 0 {  // Ctrl: only C and Z mean something
            guard kind == 1 else { return nil }
            return code == 99 ? .interrupt : code == 122 ? .suspend : nil
        }
        guard modifiers & (2 | 8 | 16 | 32) == 0 else { return nil }  // Alt, Super, Hyper, Meta
        let scalars = text.isEmpty ? [UInt32(code)] : text
        var typed = String.UnicodeScalarView()
        for value in scalars {
            guard let scalar = Unicode.Scalar(value), scalar.value >= 0x20, scalar.value != 0x7F else { return nil }
            typed.append(scalar)
        }
        var characters = String(typed)
        if text.isEmpty, modifiers & 1 != 0 { characters = characters.uppercased() }  // Shift, no text sent
        guard characters.count == 1, let character = characters.first else { return nil }
        switch kind {
        case 2: return .keyRepeated(character)
        case 3: return .keyReleased(character)
        default: return .character(character)
        }
    }

    private func event(parameters: String, final: Character) -> InputEvent? {
        if parameters.hasPrefix("<"), final == "M" || final == "m" {
            let fields = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard fields.count == 3, fields[1] >= 1, fields[2] >= 1 else { return nil }
            let (code, x, y) = (fields[0], fields[1] - 1, fields[2] - 1)
            // The code's bits: 0–1 the button, 4/8/16 Shift/Meta/Ctrl, 32 motion, 64 the wheel
            // (64 up, 65 down; 66/67 sideways), 128 extra buttons.
            if code & 64 != 0 { return final == "M" && code & 2 == 0 ? .wheel(up: code & 1 == 0, x: x, y: y) : nil }
            guard code & (32 | 128) == 0 else { return nil }
            return .mouse(button: code & 3, x: x, y: y, pressed: final == "M")
        }
        // `1 ; modifiers[:kind]`: Shift is bit 1 of the modifiers (sent plus one); kind 3 is
        // a release in kitty's keyboard protocol (nothing), 2 a repeat (a press again).
        let fields = parameters.split(separator: ";")
        let modifierAndKind = fields.count > 1 ? fields[1].split(separator: ":") : []
        let modifiers = max(0, (modifierAndKind.first.flatMap { Int($0) } ?? 1) - 1)
        if modifierAndKind.count > 1, modifierAndKind[1] == "3" { return nil }
        let shift = modifiers & 1 != 0
        switch final {
        case "A": return .arrow(.up, shift: shift)
        case "B": return .arrow(.down, shift: shift)
        case "C": return .arrow(.right, shift: shift)
        case "D": return .arrow(.left, shift: shift)
        case "H": return .jump(.home)  // CSI H, SS3 H, CSI 1;2H
        case "F": return .jump(.end)
        case "~":  // VT220 keys: 1 or 7 Home, 4 or 8 End, 5 Page Up, 6 Page Down
            switch fields.first.flatMap({ Int($0) }) {
            case 1, 7: return .jump(.home)
            case 4, 8: return .jump(.end)
            case 5: return .jump(.pageUp)
            case 6: return .jump(.pageDown)
            default: return nil
            }
        default: return nil
        }
    }
}
