import StoryTerminal

// libFuzzer entry: content text (names, captions, server messages) as any bytes, decoded as
// UTF-8 with repairs, through the sanitiser every output uses (the screen, plain commands,
// stderr): nothing that controls a terminal may come out (C0, C1, DEL, bidi overrides and
// isolates), no letter keeps more than `maximumMarks` combining marks, and a second pass
// changes nothing.
/// The entry libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let clean = TerminalText.sanitize(text)
    for scalar in clean.unicodeScalars where TerminalText.isControl(scalar) {
        preconditionFailure("control U+\(String(scalar.value, radix: 16)) left in \(clean.debugDescription)")
    }
    precondition(TerminalText.sanitize(clean) == clean, "sanitising twice changes the text")
    var marks = 0
    for scalar in clean.unicodeScalars {
        let category = scalar.properties.generalCategory
        marks =
            scalar.value >= 0x300 && [.nonspacingMark, .enclosingMark, .spacingMark].contains(category) ? marks + 1 : 0
        precondition(marks <= TerminalText.maximumMarks, "\(marks) marks on one letter in \(clean.debugDescription)")
    }
    _ = TerminalText.truncate(clean, toWidth: Int(count % 40))
    return 0
}
