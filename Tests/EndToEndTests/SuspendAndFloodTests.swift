import Foundation
import StoryInterfacesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-Z, SIGTSTP and a flood of input, in tmux: the terminal is given
/// back and taken again, and no paste keeps `q` waiting.
@Suite("Suspending and floods, in tmux", .onLiveThreads, .timeLimit(.minutes(10)))
struct SuspendAndFloodTests {
    /// A shell in tmux with `stories` started from it (job control: Ctrl-Z and `fg` work).
    static func shellWithApp(home: String) async throws -> TmuxSession {
        let session = try await TmuxSession(
            "exec bash --norc --noprofile -i", environment: ["HOME": home, "TERM": "xterm-256color"])
        try await session.send("PS1='shell''$ '", "Enter")
        #expect(try await session.waitFor("shell$"), "\(session.screen)")
        try await session.send(
            "exec_app() { \(InteractiveTests.quoted(StoriesProcess.binary)) --source bundled --store memory; }; exec_app",
            "Enter")
        #expect(try await session.waitFor("Ada Lovelace"), "the tray: \(session.screen)")
        return session
    }

    @Test(arguments: ["ctrl-z", "sigtstp"])
    func theTerminalIsGivenBackOnAStopAndTakenAgainOnFg(how: String) async throws {
        let home = try TemporaryFolder.make()
        let session = try await Self.shellWithApp(home: home)
        #expect(try await session.alternateScreenIsOn())
        if how == "ctrl-z" {
            try await session.send("C-z")
        } else {
            let apps = try await session.tmux(["list-panes", "-t", session.name, "-F", "#{pane_pid}"]).stdout
            let shell = try #require(Int32(apps.trimmingCharacters(in: .whitespacesAndNewlines)))
            let app = try #require(ProcessProbe.children(of: shell).first, "the app's pid")
            #expect(kill(app, SIGTSTP) == 0)
        }
        #expect(try await session.waitFor("Stopped"), "the shell says the job stopped: \(session.screen)")
        #expect(try await !session.alternateScreenIsOn(), "the main screen is back")
        // The shell reads lines again: the terminal is in its own mode (echo, line editing).
        try await session.send("echo back-in-the-shell", "Enter")
        #expect(try await session.waitFor("\nback-in-the-shell"), "\(session.screen)")
        try await session.send("fg", "Enter")
        #expect(try await session.waitFor("Ada Lovelace"), "redrawn after fg: \(session.screen)")
        #expect(try await session.alternateScreenIsOn())
        // Keys are read raw again: → moves, q quits to the shell.
        try await session.send("q")
        #expect(
            try await session.waitUntil { $0.contains("shell$") && !$0.contains("Ada Lovelace") }, "\(session.screen)")
    }

    @Test func aHundredThousandKeyPasteDoesNotKeepQWaiting() async throws {
        let home = try TemporaryFolder.make()
        let command = "exec \(InteractiveTests.quoted(StoriesProcess.binary)) --source bundled --store memory"
        let session = try await TmuxSession(command, environment: ["HOME": home])
        #expect(try await session.waitFor("Ada Lovelace"), "\(session.screen)")
        let pid = try #require(try await session.panePID())
        // 100,000 moves then q, pasted at once (tmux's buffer, as a terminal's paste).
        let paste = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID())")
        try Data((String(repeating: "\u{1B}[C\u{1B}[D", count: 50_000) + "q").utf8).write(to: paste)
        try await session.tmux(["load-buffer", "-b", "flood", paste.path])
        // Measured in the app's CPU time, not the wall clock's (a loaded CI took 9 s of wall
        // time where a quiet machine takes 1–2): the last reading before it exits.
        let before = try #require(VideoInteractiveTests.cpuSeconds(pid))
        let start = ContinuousClock.now
        try await session.tmux(["paste-buffer", "-b", "flood", "-t", session.name])
        var used = 0.0
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, let now = VideoInteractiveTests.cpuSeconds(pid) {
            used = now - before
            try await LiveThreads.sleep(for: .milliseconds(20))
        }
        #expect(try await session.waitForExit(timeout: .seconds(60)), "q quits: \(session.screen)")
        print("100,000 keys then q: quit after \(ContinuousClock.now - start), \(used) s of CPU")
        // 0.3 s on a quiet machine; 2.9 s when every key is kept and handled.
        #expect(used < 1.5, "\(used) s of CPU")
    }
}
