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

/// A terminal or a paste that floods the input, and answers that come late.
@Suite("Hostile input")
struct HostileInputTests {
    @Test func aTerminalsAnswersAreNeverKeysWhenTheyCome() {
        var decoder = InputDecoder()
        // kitty's graphics reply (APC), OSC 11's colour (BEL-ended), a DCS (XTGETTCAP), DA1: each
        // holds a `q`, and came after the detection's window.
        let answers =
            "\u{1B}_Gi=31;EINVAL:quit\u{1B}\\" + "\u{1B}]11;rgb:qqqq/0000/0000\u{07}" + "\u{1B}P1+r71=71\u{1B}\\"
            + "\u{1B}[?62;4;22c"
        // kitty's reply is read as a reply (the screen sends a refused picture again), never keys.
        #expect(decoder.feed(Array(answers.utf8)) == [.graphicsReply("i=31;EINVAL:quit")])
        // Split across reads, the answer is still skipped to its end; the key after it counts.
        #expect(decoder.feed(Array("\u{1B}_Gi=1;q".utf8)) == [])
        #expect(!decoder.isWaiting || decoder.flush() == [])
        #expect(decoder.feed(Array("qq\u{1B}".utf8)) == [])
        #expect(decoder.feed(Array("\\q".utf8)) == [.graphicsReply("i=1;qqq"), .character("q")])
        // A reply longer than the cap is cut; an APC that is not kitty's is no reply.
        let long = decoder.feed(Array(("\u{1B}_Gi=2;" + String(repeating: "E", count: 5000) + "\u{1B}\\").utf8))
        #expect(
            long.count == 1
                && long.allSatisfy { if case .graphicsReply(let text) = $0 { text.utf8.count < 300 } else { false } })
        #expect(decoder.feed(Array("\u{1B}_Xq\u{1B}\\".utf8)) == [])
        // Alt-P (ESC P with nothing after it) ends the skipping at the next pause.
        #expect(decoder.feed(Array("\u{1B}P".utf8)) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
    }

    @Test func anEightMebibyteAnswerIsSkippedInConstantMemory() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}P".utf8)) == [])
        let chunk = [UInt8](repeating: UInt8(ascii: "q"), count: 1 << 16)
        for _ in 0..<128 { #expect(decoder.feed(chunk).isEmpty) }
        #expect(decoder.feed(Array("\u{1B}\\\u{1A}".utf8)) == [.suspend], "Ctrl-Z after the answer")
    }

    @Test func aFloodOfKeysIsBoundedAndQuittingGoesFirst() {
        let queue = InputQueue()
        for index in 0..<100_000 {
            queue.push(index % 2 == 0 ? .arrow(.right, shift: false) : .character("l"))
        }
        #expect(queue.count <= InputQueue.capacity)
        queue.push(.character("q"))
        #expect(queue.takeAll() == [.character("q")], "q is next, whatever waited")
        // Movements while lagging: the last wins.
        for _ in 0..<1_000 { queue.push(.arrow(.right, shift: false)) }
        queue.push(.arrow(.left, shift: false))
        let moves = queue.takeAll()
        #expect(moves.count <= InputQueue.lagging + 1 && moves.last == .arrow(.left, shift: false), "\(moves)")
        // Not lagging: every key counts.
        queue.push(.arrow(.right, shift: false))
        queue.push(.arrow(.right, shift: false))
        #expect(queue.takeAll().count == 2)
    }

    @Test func aClosedTerminalEndsTheQueuedReadingWithAnInterrupt() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let queue = InputQueue()
        let ready = AsyncStream<Void>.makeStream()
        let stop = TerminalInput.read(fd: ends[0], into: queue) { ready.continuation.yield(()) }
        defer { stop() }
        let bytes = Array("l".utf8)
        #expect(write(ends[1], bytes, bytes.count) == 1)
        close(ends[1])
        var seen: [InputEvent] = []
        for await _ in ready.stream {
            seen += queue.takeAll()
            if seen.contains(.interrupt) { break }
        }
        #expect(seen.last == .interrupt)
    }

    @Test func aStoppedReaderLeavesLaterInputAndALoneEscapeStillArrives() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let queue = InputQueue()
        let ready = AsyncStream<Void>.makeStream()
        let stop = TerminalInput.read(fd: ends[0], into: queue) { ready.continuation.yield(()) }
        // A lone ESC: the reader waits 30 ms for what may follow, then it is Esc.
        #expect(write(ends[1], [0x1B], 1) == 1)
        var seen: [InputEvent] = []
        for await _ in ready.stream {
            seen += queue.takeAll()
            if !seen.isEmpty { break }
        }
        #expect(seen == [.escape])
        // Stopped while it waits for input (no timeout): it wakes and ends, and what is typed
        // afterwards is left to whoever reads the terminal next.
        stop()
        try await Task.sleep(for: .milliseconds(200))
        #expect(write(ends[1], Array("q".utf8), 1) == 1)
        try await Task.sleep(for: .milliseconds(200))
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 1 && byte == UInt8(ascii: "q"), "the stopped reader took the byte")
        #expect(queue.takeAll().isEmpty)
    }
}

/// Home, End, Page Up and Page Down as xterm, VT220 and kitty send them (they were dropped).
@Suite("Keys that move far")
struct JumpKeyTests {
    @Test func homeEndAndPagesDecodeInEveryForm() {
        var decoder = InputDecoder()
        let keys =
            "\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~\u{1B}[5~\u{1B}[6~\u{1B}[1;2H\u{1B}[6;1:1~"
        #expect(
            decoder.feed(Array(keys.utf8)) == [
                .jump(.home), .jump(.home), .jump(.home), .jump(.home), .jump(.end), .jump(.end), .jump(.end),
                .jump(.end), .jump(.pageUp), .jump(.pageDown), .jump(.home), .jump(.pageDown),
            ])
        // Bracketed paste's markers and other `~` keys stay nothing; a release is nothing.
        #expect(decoder.feed(Array("\u{1B}[200~\u{1B}[3~\u{1B}[5;1:3~".utf8)).isEmpty)
    }
}
