import Foundation
import StoryTerminal
import Testing

/// kitty's keyboard protocol (flags 27: disambiguate, event types, every key as an escape
/// code, the text typed) and focus reports, decoded. The sequences are kitty 0.26.5's own,
/// recorded under Xvfb with xdotool pressing each key.
@Suite("Input decoding: key releases and focus")
struct KeyboardProtocolTests {
    static func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test func kittysKeysAreTheAppsKeysWithRepeatsAndReleasesOfTheirOwn() {
        // space, a, Shift+/ (?), Enter, Ctrl+C, ←, q, Esc, Backspace — each pressed and let go.
        let recorded =
            "\u{1B}[32;;32u\u{1B}[32;1:3u\u{1B}[97;;97u\u{1B}[97;1:3u\u{1B}[57441u\u{1B}[47;2;63u\u{1B}[57441;2:3u"
            + "\u{1B}[47;1:3u\u{1B}[13u\u{1B}[13;1:3u\u{1B}[57442u\u{1B}[99;5u\u{1B}[57442;5:3u\u{1B}[99;1:3u"
            + "\u{1B}[D\u{1B}[1;1:3D\u{1B}[113;;113u\u{1B}[113;1:3u\u{1B}[27u\u{1B}[27;1:3u\u{1B}[127u\u{1B}[127;1:3u"
        #expect(
            Self.decode(recorded) == [
                .character(" "), .keyReleased(" "), .character("a"), .keyReleased("a"), .character("?"),
                .keyReleased("/"), .enter, .interrupt, .keyReleased("c"), .arrow(.left, shift: false),
                .character("q"), .keyReleased("q"), .escape, .backspace,
            ])
    }

    @Test func spaceHeldDownRepeatsThenIsLetGo() {
        let held = "\u{1B}[32;;32u" + String(repeating: "\u{1B}[32;1:2;32u", count: 5) + "\u{1B}[32;1:3u"
        #expect(
            Self.decode(held) == [.character(" ")] + Array(repeating: .keyRepeated(" "), count: 5) + [.keyReleased(" ")]
        )
    }

    @Test func modifiersArrowsAndTheQueryAnswer() {
        #expect(Self.decode("\u{1B}[122;5u") == [.suspend], "Ctrl+Z")
        #expect(Self.decode("\u{1B}[108;3u").isEmpty, "Alt+L is not L")
        #expect(Self.decode("\u{1B}[108;65u") == [.character("l")], "Caps Lock changes nothing")
        #expect(Self.decode("\u{1B}[108;2u") == [.character("L")], "Shift without the text sent")
        #expect(Self.decode("\u{1B}[1;2:1C") == [.arrow(.right, shift: true)])
        #expect(Self.decode("\u{1B}[1;1:2C") == [.arrow(.right, shift: false)], "an arrow's repeat moves again")
        #expect(Self.decode("\u{1B}[1;2:3C").isEmpty, "an arrow's release is nothing")
        #expect(Self.decode("\u{1B}[?0u\u{1B}[?27u").isEmpty, "the answers to the protocol's query are not keys")
        #expect(Self.decode("\u{1B}[57414u") == [.enter], "keypad Enter")
        #expect(Self.decode("\u{1B}[9u\u{1B}[57399u").isEmpty, "Tab and keypad keys the app does not use")
        #expect(Self.decode("\u{1B}[1;2u\u{1B}[97;;1u\u{1B}[0u").isEmpty, "control characters as text are not keys")
        #expect(Self.decode("\u{1B}[233;;233u") == [.character("é")])
    }

    @Test func focusReports() {
        #expect(Self.decode("\u{1B}[O\u{1B}[I") == [.focus(false), .focus(true)])
        #expect(Self.decode("\u{1B}OI").isEmpty, "SS3 I (keypad Tab) is not a focus report")
    }

    @Test func splitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[32;1".utf8)).isEmpty)
        #expect(decoder.feed(Array(":3u\u{1B}[".utf8)) == [.keyReleased(" ")])
        #expect(decoder.feed(Array("I".utf8)) == [.focus(true)])
    }
}

/// Hyperlinks (OSC 8) in the renderer's output: around the linked cells only, closed before
/// the cursor moves and at the end, and never written for a URL that could break out.
@Suite("Hyperlinks in frames")
struct HyperlinkTests {
    static func frame(link: String) -> String {
        var buffer = CellBuffer(width: 30, height: 2)
        buffer.put("see ", x: 0, y: 0, style: .plain, maxWidth: 4)
        buffer.put("example.com", x: 4, y: 0, style: CellStyle(link: link), maxWidth: 11)
        buffer.put("x", x: 0, y: 1, style: .plain, maxWidth: 1)
        return String(decoding: TerminalRenderer(depth: .truecolor).diff(from: nil, to: buffer), as: UTF8.self)
    }

    @Test func aLinkWrapsItsCellsOnly() {
        let out = Self.frame(link: "https://example.com/trip")
        let open = "\u{1B}]8;;https://example.com/trip\u{1B}\\"
        let close = "\u{1B}]8;;\u{1B}\\"
        #expect(out.components(separatedBy: open).count == 2, "\(out.debugDescription)")
        let afterOpen = out.components(separatedBy: open)[1]
        #expect(afterOpen.hasPrefix("example.com"), "\(afterOpen.debugDescription)")
        let linked = afterOpen.components(separatedBy: close)[0]
        // Only the link's text (and a style change) inside: no cursor move, no other cell.
        #expect(linked == "example.com" || linked == "example.com\u{1B}[0m", "\(linked.debugDescription)")
    }

    @Test(arguments: ["javascript:alert(1)", "https://e.com/\u{1B}]0;owned\u{07}", "https://e.com/a b"])
    func anUnsafeLinkIsNotWritten(link: String) {
        #expect(!Self.frame(link: link).contains("\u{1B}]8;;h") && !Self.frame(link: link).contains("owned"))
    }
}
