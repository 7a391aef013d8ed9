import StoriesRuntime
import StoryInterfaces
import StoryTerminal
import Synchronization
import Testing

/// A terminal slower than the screen changes (sixel in a busy xterm, an ssh link): frames are
/// drawn at its pace, never queued behind it, and the last one drawn is the screen as it is.
@Suite("The interactive loop and a slow terminal", .serialized, .timeLimit(.minutes(10)))
struct SlowTerminalTests {
    @Test func framesWaitForTheTerminalAndTheLastOneIsTheScreenAsItIsNow() async throws {
        let harness = InteractiveLoopTests.Harness()
        let run = try await InteractiveLoopTests.openAdasViewer(harness)

        // The terminal stops reading; the clock ticks 40 times (each moves the bar) and the
        // viewer moves on three items: 43 screens, of which at most two may wait.
        harness.writesHeld.withLock { $0 = true }
        let before = harness.writes
        for _ in 0..<40 { try await harness.tick(.milliseconds(100)) }
        for _ in 0..<3 {
            try await harness.press(.arrow(.right, shift: false))
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(300))
        // (One write may have begun just before the terminal stopped reading.)
        #expect(harness.writes - before <= 1, "frames were written while the terminal did not read")

        // It reads again: the frames that waited, then one of the screen as it is — the fourth item.
        harness.writesHeld.withLock { $0 = false }
        try await harness.waitFor("4/5")
        try await Task.sleep(for: .milliseconds(300))
        let drawn = harness.writes - before
        // The two that waited (one being written, one queued), the screen as it is now, and the
        // one that may have begun before the stop.
        #expect(drawn <= 4, "\(drawn) frames written after the terminal caught up (43 screens changed)")
        _ = try await InteractiveLoopTests.quit(harness, run)
    }
}

/// The loop times each press to its release (the update tells a hold from a tap by it).
@Suite("The interactive loop times holds", .serialized, .timeLimit(.minutes(10)))
struct HeldKeysLoopTests {
    @Test func aHoldIsTimedFromThePressTheLoopSawToItsRelease() async throws {
        let harness = InteractiveLoopTests.Harness()
        let run = try await InteractiveLoopTests.openAdasViewer(harness)
        // Held for a second on the loop's clock: paused, then playing.
        try await harness.press(.character(" "))
        try await harness.waitFor("paused")
        harness.time.withLock { $0 += .seconds(1) }
        try await harness.press(.keyRepeated(" "), .keyReleased(" "))
        try await harness.until("playing after the hold") { !harness.screen.contains("paused") }
        // A tap (no time passes): paused, and it stays paused after the release.
        try await harness.press(.character(" "), .keyReleased(" "))
        try await harness.waitFor("paused")
        try await Task.sleep(for: .milliseconds(200))
        #expect(harness.screen.contains("paused"), "a tap toggles")
        // A click's press and release with no time between: a tap, which moves on.
        try await harness.press(.mouse(button: 0, x: 60, y: 10, pressed: true))
        try await harness.press(.mouse(button: 0, x: 60, y: 10, pressed: false))
        try await harness.waitFor("2/5")
        _ = try await InteractiveLoopTests.quit(harness, run)
    }
}

extension InteractiveLoopTests {
    /// The loop over Ada's story alone, its viewer open on her first picture; the running loop.
    static func openAdasViewer(_ harness: Harness) async throws -> Task<StoreWriter.Outcome, any Error> {
        let run = start(try root(), harness) { root in try await session(root, users: ["ada"]) }
        try await harness.waitFor("Ada Lovelace")
        try await harness.press(.enter)
        try await harness.waitFor("1/5")
        try await harness.waitForThePicture()
        return run
    }
}
