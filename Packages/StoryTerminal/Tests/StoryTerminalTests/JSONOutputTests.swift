import StoryTerminal
import Testing

@Suite("JSON for stdout")
struct JSONOutputTests {
    private struct Line: Encodable {
        var text: String
        var url = "https://a/b"
    }

    @Test func keysAreSortedAndSlashesKept() throws {
        #expect(try JSONOutput.encode(Line(text: "x")) == #"{"text":"x","url":"https://a/b"}"#)
    }

    @Test func everyControlIsEscapedAndKept() throws {
        // C0 (JSONEncoder's own), DEL, C1's CSI, a line separator and a bidi override.
        let json = try JSONOutput.encode(Line(text: "a\u{1B}[2J\u{7F}\u{9B}\u{2028}\u{202E}z"))
        #expect(json == #"{"text":"a\u001b[2J\u007f\u009b\u2028\u202ez","url":"https://a/b"}"#)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func plainTextIsUnchanged() {
        #expect(JSONOutput.escapingControls(#"{"a":"héllo 😀"}"#) == #"{"a":"héllo 😀"}"#)
    }
}
