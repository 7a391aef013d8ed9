import AsyncHTTPFetcher
import Foundation
import PicsumContent
import Testing

@testable import StoriesComposition

/// The one HTTP client is made from the first settings that ask; the `auto` probe's 2 s must
/// not become every later connection's timeout (issue 29.8).
@Suite("The shared HTTP client")
struct SharedHTTPTests {
    @Test func theProbesTimeoutIsNotTheClientsConnectTimeout() {
        let probe = NetworkSettings(timeout: AutoContentPlugin.probeTimeout, maxConcurrent: 6)
        let configuration = SharedHTTP.configuration(for: probe)
        #expect(configuration.connectTimeout == .seconds(10))
        #expect(configuration.maximumConnectionsPerHost == 6)
    }
}

/// Pictures inside tmux go to kitty 0.28 or later only (issue 29.6): Debian 12's 0.26.5 has
/// no Unicode placeholders and would show boxes.
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

    /// tmux is asked through swift-subprocess: its answer when it exits 0 within a second;
    /// nothing when it fails, and a program that hangs is killed after the second.
    @Test func aToolIsAnsweredWithinASecondOrKilled() async {
        let environment = ["PATH": "/usr/bin:/bin"]
        #expect(await TmuxPassthrough.run("/bin/sh", ["-c", "echo ' kitty(0.35.2) '"], environment) == "kitty(0.35.2)")
        #expect(await TmuxPassthrough.run("/bin/sh", ["-c", "echo no; exit 3"], environment) == nil)
        let started = ContinuousClock.now
        #expect(await TmuxPassthrough.run("/bin/sh", ["-c", "sleep 30"], environment) == nil)
        #expect(ContinuousClock.now - started < .seconds(20), "the hanging tool was not killed")
        #expect(await TmuxPassthrough.run("/nonexistent/tmux", [], environment) == nil)
    }
}
