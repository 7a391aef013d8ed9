import Foundation
import Testing

/// Hold to pause and focus through a pty: tmux types kitty's keyboard-protocol
/// sequences for space held and let go, and focus reports, into the app's terminal byte for
/// byte; the app decodes them and the viewer pauses and resumes.
@Suite(
    "Hold to pause and focus reports, in tmux", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct HoldToPauseTests {
    /// Types `text` into the pane byte for byte (`send-keys -H`: no key names, no parsing).
    static func type(_ app: TmuxSession, _ text: String) async throws {
        try await app.send(["-H"] + text.utf8.map { String($0, radix: 16) })
    }

    @Test func spaceHeldPausesLetGoResumesAndTheFocusPausesToo() async throws {
        let home = try TemporaryFolder.make()
        // Items of a minute: nothing moves on by itself while the test watches.
        let app = try await TmuxSession(
            InteractiveTests.storiesCommand(home: home),
            environment: InteractiveTests.environment(home: home, itemDuration: "60s"))
        #expect(try await app.waitFor("Ada Lovelace"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("1/5"), "\(app.screen)")

        // Space pressed (kitty: CSI 32 ; ; 32 u), repeating while held, then let go after a
        // second: paused while held, playing after. The release is sent once the pause shows,
        // so a busy machine's late press still counts from when the app saw it.
        try await Self.type(app, "\u{1B}[32;;32u")
        #expect(try await app.waitFor("paused"), "held: \(app.screen)")
        try await Self.type(app, "\u{1B}[32;1:2;32u\u{1B}[32;1:2;32u")
        try await LiveThreads.sleep(for: .seconds(1))
        #expect(app.screen.contains("paused"), "repeats change nothing: \(app.screen)")
        try await Self.type(app, "\u{1B}[32;1:3u")
        #expect(try await app.waitUntil { !$0.contains("paused") && $0.contains("1/5") }, "let go: \(app.screen)")

        // The window loses the focus (CSI O): paused; it comes back (CSI I): playing.
        try await Self.type(app, "\u{1B}[O")
        #expect(try await app.waitFor("paused"), "unfocused: \(app.screen)")
        try await Self.type(app, "\u{1B}[I")
        #expect(try await app.waitUntil { !$0.contains("paused") }, "focused again: \(app.screen)")

        // A mouse button held on the picture (SGR reports) pauses; let go after a second, the
        // same item plays on.
        try await Self.type(app, "\u{1B}[<0;80;20M")
        #expect(try await app.waitFor("paused"), "button held: \(app.screen)")
        try await LiveThreads.sleep(for: .seconds(1))
        try await Self.type(app, "\u{1B}[<0;80;20m")
        #expect(try await app.waitUntil { !$0.contains("paused") && $0.contains("1/5") }, "let go: \(app.screen)")

        try await app.send("q")
        #expect(try await app.waitFor("Enter to view"), "\(app.screen)")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
    }
}

/// A document item's caption and link in tmux: the link on the caption row, and
/// `c` puts it on the clipboard with OSC 52 (tmux keeps it as a paste buffer).
@Suite(
    "Captions and links, in tmux", .onLiveThreads, .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux; .ci/run installs it)"))
struct CaptionAndLinkTests {
    @Test func theCaptionAndLinkShowAndCCopiesTheLink() async throws {
        let home = try TemporaryFolder.make()
        let document = home + "/stories.json"
        let json =
            #"{"data":[{"id":"kai","user":{"username":"Kai"},"snaps":[{"media_type":"image","media_url":"http://127.0.0.1:9/a.jpg","#
            + #""caption":"Boats at dawn","link":"https://example.com/trip?day=2","duration":600}]}]}"#
        // An item of ten minutes: its caption is still up when a loaded machine's look comes.
        try json.write(toFile: document, atomically: true, encoding: .utf8)
        let app = try await TmuxSession(
            "exec \(InteractiveTests.quoted(StoriesProcess.binary)) --source file --stories-file "
                + "\(InteractiveTests.quoted(document)) --store memory",
            environment: ["HOME": home])
        _ = try await app.tmux(["set-option", "-g", "set-clipboard", "on"])
        #expect(try await app.waitFor("Kai"), "\(app.screen)")
        try await app.send("Enter")
        #expect(try await app.waitFor("Boats at dawn · example.com/trip"), "\(app.screen)")
        try await app.send("c")
        var copied = ""
        for _ in 0..<600 where !copied.contains("example.com") {
            copied = (try? await app.tmux(["show-buffer"]))?.stdout ?? ""
            try await LiveThreads.sleep(for: .milliseconds(100))
        }
        #expect(copied == "https://example.com/trip?day=2", "the clipboard: \(copied)")
        try await app.send("q")
        try await app.send("q")
        #expect(try await app.waitForExit(), "q quits")
    }
}
