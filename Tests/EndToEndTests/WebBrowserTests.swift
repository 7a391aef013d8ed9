import Foundation
import Testing

/// `stories serve` in a real browser: Tests/Browser/web_viewer_test.py drives Debian's chromium
/// as a phone through Selenium and chromedriver (touches through DevTools' dispatchTouchEvent):
/// tray → tap → the viewer runs; hold pauses; taps; swipes; swipe down; a clip plays with its
/// bar following; seen reaches `stories state`; the outbox delivers after the server returns;
/// the pages without JavaScript; a hostile document; the same events as `view --keys --json`.
@Suite("The web viewer in chromium")
struct WebBrowserTests {
    static let script = repositoryRoot + "/Tests/Browser/web_viewer_test.py"

    /// What is missing to run the browser suite, or nil (Scripts/test installs all of it).
    static var missing: String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for program in ["chromium", "chromedriver", "python3"]
        where !path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }) {
            return "\(program) is not installed (apt-get install chromium chromium-driver; Scripts/test does)"
        }
        return nil
    }

    @Test(.timeLimit(.minutes(5)))
    func theViewerOnAPhoneMatchesTheTerminalAndKeepsItsState() async throws {
        if let missing = Self.missing {
            Issue.record(Comment(rawValue: missing))
            return
        }
        let result = try await StoriesProcess.execute(
            "/usr/bin/env", ["python3", Self.script, "--stories", StoriesProcess.binary],
            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr.suffix(4000))")
        #expect(result.stdout.contains("0 failed"), "\(result.stdout)")
    }
}
