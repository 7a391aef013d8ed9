import Foundation

/// Driving a real terminal: starting its command, typing into it, resizing it, reading kitty's
/// text.
extension RealTerminal {
    /// kitty's screen as text (`kitty @ get-text`), one line a row, trailing blanks removed.
    func kittyText() async throws -> [String] {
        let result = try await StoriesProcess.execute(
            "/usr/bin/kitty", ["@", "--to", "unix:" + folder + "/kitty.sock", "get-text"], environment: environment)
        guard result.status == 0 else { throw RealTerminalError.failed("kitty @ get-text: \(result.stderr)") }
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// Runs the command and waits until it has finished and the screen has settled.
    func go() async throws -> Bool {
        _ = FileManager.default.createFile(atPath: folder + "/go", contents: nil)
        guard try await Self.poll(seconds: 60, { FileManager.default.fileExists(atPath: "\(self.folder)/done") }) else {
            return false
        }
        return try await settled() != nil
    }

    /// Runs the command without waiting for it to end (an interactive app).
    func start() {
        _ = FileManager.default.createFile(atPath: folder + "/go", contents: nil)
    }

    /// Whether the command has ended.
    var finished: Bool { FileManager.default.fileExists(atPath: folder + "/done") }

    /// Types keys (xdotool's names: "Return", "space", "q", "question") into the terminal,
    /// one at a time.
    func keys(_ names: String...) async throws {
        for name in names {
            // With no window manager the window under the pointer has the focus: the pointer
            // goes inside the terminal first (a resized window may no longer hold it).
            let result = try await StoriesProcess.execute(
                "/usr/bin/xdotool", ["mousemove", "12", "12", "key", "--clearmodifiers", name], environment: environment
            )
            guard result.status == 0 else { throw RealTerminalError.failed("xdotool key \(name): \(result.stderr)") }
            try await LiveThreads.sleep(for: .milliseconds(150))
        }
    }

    /// Resizes the terminal's window to `width × height` pixels (the app is sent SIGWINCH).
    func resize(width: Int, height: Int) async throws {
        let result = try await StoriesProcess.execute(
            "/bin/sh",
            [
                "-c",
                "for w in $(xdotool search --onlyvisible --name '.'); do xdotool windowsize $w \(width) \(height); done",
            ],
            environment: environment)
        guard result.status == 0 else { throw RealTerminalError.failed("resize: \(result.stderr)") }
    }

    /// The terminal window's size in pixels (the largest window shown on the display), waiting
    /// up to 60 s for it to be shown: a loaded machine's xterm mapped its window more than a
    /// second after it started, and the first look threw "no terminal window". Never larger
    /// than the display: mlterm's window, mid-resize in CI, was reported taller than the
    /// screenshot, and a look past it crashed the test process.
    func windowSize() async throws -> (width: Int, height: Int) {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                let size = try await shownWindowSize()
                return (min(size.width, Self.width), min(size.height, Self.height))
            } catch RealTerminalError.failed(let reason) where reason.hasPrefix("no terminal window") {
                guard ContinuousClock.now < deadline else { throw RealTerminalError.failed(reason) }
                try await LiveThreads.sleep(for: .milliseconds(200))
            }
        }
    }

    /// The largest window shown now, or "no terminal window".
    private func shownWindowSize() async throws -> (width: Int, height: Int) {
        let result = try await StoriesProcess.execute(
            "/bin/sh",
            [
                "-c",
                "for w in $(xdotool search --onlyvisible --name '.'); do xdotool getwindowgeometry --shell $w | grep -E '^(WIDTH|HEIGHT)=' | tr '\\n' ' '; echo; done",
            ], environment: environment)
        let sizes = result.stdout.split(separator: "\n").compactMap { line -> (Int, Int)? in
            let fields = Dictionary(
                uniqueKeysWithValues: line.split(separator: " ").compactMap { field -> (String, Int)? in
                    let parts = field.split(separator: "=")
                    guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                    return (String(parts[0]), value)
                })
            guard let width = fields["WIDTH"], let height = fields["HEIGHT"] else { return nil }
            return (width, height)
        }
        guard let largest = sizes.max(by: { $0.0 * $0.1 < $1.0 * $1.1 }) else {
            throw RealTerminalError.failed("no terminal window: \(result.stderr)")
        }
        return largest
    }
}
