import Foundation
import StoryTerminal
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The input stream: bytes in, decoded events out, read on StoryTerminal's own thread.
@Suite("Terminal input stream")
struct TerminalInputTests {
    @Test func bytesBecomeEventsAndAClosedTerminalEndsWithAnInterrupt() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = Array("q\u{1B}[C\u{1B}[<64;3;4M".utf8)
        #expect(write(ends[1], bytes, bytes.count) == bytes.count)
        close(ends[1])  // the terminal goes away after these bytes
        var events: [InputEvent] = []
        for await event in TerminalInput.events(fd: ends[0]) { events.append(event) }
        #expect(
            events == [.character("q"), .arrow(.right, shift: false), .wheel(up: true, x: 2, y: 3), .interrupt])
    }
}
