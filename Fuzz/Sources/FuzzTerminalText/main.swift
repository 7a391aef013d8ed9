import StoryTerminal

// libFuzzer entry: content text (names, captions, server messages) as any bytes, decoded as
// UTF-8 with repairs, through the sanitiser every output uses (the screen, plain commands,
// stderr): nothing that controls a terminal may come out (C0, C1, DEL, bidi overrides and
// isolates), and a second pass changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let clean = TerminalText.sanitize(text)
    for scalar in clean.unicodeScalars {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x200E, 0x200F:
            preconditionFailure("control U+\(String(scalar.value, radix: 16)) left in \(clean.debugDescription)")
        default: continue
        }
    }
    precondition(TerminalText.sanitize(clean) == clean, "sanitising twice changes the text")
    _ = TerminalText.truncate(clean, toWidth: Int(count % 40))
    return 0
}
