import Foundation
import StoryTerminal
import Testing

@Suite("kitty behind tmux")
struct TmuxPassthroughTests {
    @Test func onlyKittyWithPlaceholdersQualifies() {
        #expect(TmuxPassthrough.supportsPlaceholders(termType: "kitty(0.28.0)"))
        #expect(TmuxPassthrough.supportsPlaceholders(termType: "kitty(0.35.2)"))
        #expect(TmuxPassthrough.supportsPlaceholders(termType: "kitty(1.0)"))
        #expect(!TmuxPassthrough.supportsPlaceholders(termType: "kitty(0.26.5)"))
        #expect(!TmuxPassthrough.supportsPlaceholders(termType: "XTerm(379)"))
        #expect(!TmuxPassthrough.supportsPlaceholders(termType: ""))
        #expect(!TmuxPassthrough.supportsPlaceholders(termType: "kitty(x)"))
    }

    @Test func outsideTmuxNothingIsAsked() async {
        #expect(await !TmuxPassthrough.kittyOutside(["PATH": "/usr/bin:/bin"]))
    }

    /// tmux is asked through swift-subprocess: its answer when it exits 0 within the limit (a
    /// second in the app); nothing when it fails, and a program that hangs is killed at the
    /// limit. The answers are given a minute here, so a starved test process still gets them;
    /// the hanging program a second, and its kill is told from its own end (ten minutes away).
    @Test func aToolIsAnsweredWithinItsLimitOrKilled() async {
        let environment = ["PATH": "/usr/bin:/bin"]
        #expect(
            await TmuxPassthrough.run("/bin/sh", ["-c", "echo ' kitty(0.35.2) '"], environment, limit: .seconds(60))
                == "kitty(0.35.2)")
        #expect(
            await TmuxPassthrough.run("/bin/sh", ["-c", "echo no; exit 3"], environment, limit: .seconds(60)) == nil)
        let started = ContinuousClock.now
        #expect(await TmuxPassthrough.run("/bin/sh", ["-c", "exec sleep 600"], environment) == nil)
        #expect(ContinuousClock.now - started < .seconds(300), "the hanging tool was not killed")
        #expect(await TmuxPassthrough.run("/nonexistent/tmux", [], environment, limit: .seconds(60)) == nil)
    }

    /// tmux's word for the terminal outside: 24-bit colour where its features list RGB (half
    /// blocks fell back to 256 colours in plain tmux, where COLORTERM is unset).
    @Test func truecolorIsWhatTmuxSaysOfItsClient() async {
        #expect(TmuxPassthrough.hasRGB(features: "256,bpaste,ccolour,clipboard,focus,RGB,title"))
        #expect(!TmuxPassthrough.hasRGB(features: "256,bpaste,title"))
        #expect(!TmuxPassthrough.hasRGB(features: ""))
        #expect(await !TmuxPassthrough.truecolorOutside(["PATH": "/usr/bin:/bin"]), "not inside tmux")
    }
}
