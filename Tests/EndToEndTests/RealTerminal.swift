import Foundation
import StoryInterfacesTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal (kitty, or xterm as a VT340 for sixel) on a virtual X display of its own,
/// running one shell command, with screenshots of the display: how the graphics tests see
/// what a user would. Needs Debian's xvfb, xterm, kitty and imagemagick (Scripts/test
/// installs them); ``unavailableReason`` says which is missing.
final class RealTerminal: Sendable {
    enum Kind: String, Sendable {
        case kitty
        case xterm
        /// xterm as a VT340 on its default light theme: white background, black text.
        case xtermLight
        /// kitty with a white background and black text.
        case kittyLight
        /// mlterm (sixel), on the test's magenta.
        case mlterm
        /// mlterm on white with black text.
        case mltermLight
        /// kitty on a dark grey theme (#1c1c1c, light grey text), as dark themes are.
        case kittyDark

        /// The window's background colour.
        var background: (r: UInt8, g: UInt8, b: UInt8) {
            switch self {
            case .kitty, .xterm, .mlterm: RealTerminal.background
            case .xtermLight, .kittyLight, .mltermLight: (255, 255, 255)
            case .kittyDark: (28, 28, 28)
            }
        }

        /// Whether `kitty @ get-text` reads its screen.
        var isKitty: Bool { [.kitty, .kittyLight, .kittyDark].contains(self) }

        /// The program and its arguments, running `command` in a window at the display's top left
        /// (kitty listening for remote control on `socket`).
        func launch(_ command: String, socket: String = "") -> [String] {
            switch self {
            case .kitty:
                [
                    "kitty", "--config", "NONE", "-o", "initial_window_width=900", "-o", "initial_window_height=700",
                    "-o", "remember_window_size=no", "-o", "background=#ff00ff", "-o", "cursor_blink_interval=0",
                    // Remote control on a socket of the test's own: `kitty @ get-text` reads the screen's text.
                    "-o", "allow_remote_control=yes", "--listen-on", "unix:\(socket)",
                    "sh", "-c", command,
                ]
            case .kittyLight, .kittyDark:
                [
                    "kitty", "--config", "NONE", "-o", "initial_window_width=900", "-o", "initial_window_height=700",
                    "-o", "remember_window_size=no", "-o",
                    self == .kittyDark ? "background=#1c1c1c" : "background=#ffffff",
                    "-o", self == .kittyDark ? "foreground=#d0d0d0" : "foreground=#000000",
                    "-o", "cursor_blink_interval=0", "-o", "allow_remote_control=yes", "--listen-on", "unix:\(socket)",
                    "sh", "-c", command,
                ]
            case .mlterm:
                ["mlterm", "-g", "120x45+0+0", "-b", "#ff00ff", "-f", "white", "-e", "sh", "-c", command]
            case .mltermLight:
                ["mlterm", "-g", "120x45+0+0", "-b", "white", "-f", "black", "-e", "sh", "-c", command]
            case .xtermLight:
                [
                    "xterm", "-u8", "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "9", "-geometry", "120x45+0+0",
                    "-bg", "white", "-fg", "black", "+bc", "-e", "sh", "-c", command,
                ]
            case .xterm:
                [
                    "xterm", "-u8", "-ti", "vt340", "-geometry", "120x45+0+0", "-bg", "#ff00ff", "-fg", "white", "+bc",
                    "-e",
                    "sh", "-c", command,
                ]
            }
        }
    }

    /// The display numbers this process has tried.
    static let claimed = Mutex<Set<Int>>([])

    static let width = 1400
    static let height = 900
    let display: String
    let folder: String
    /// The display before the terminal was started (Xvfb's root alone): a screen that still
    /// shows it has not drawn the terminal's window yet.
    let blank: [UInt8]

    /// Why real-terminal tests cannot run here (nil: they can).
    static var unavailableReason: String? {
        let missing = ["Xvfb", "xterm", "kitty", "mlterm", "import", "convert", "xdotool"].filter { program in
            !["/usr/bin", "/bin", "/usr/local/bin"].contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
            }
        }
        return missing.isEmpty
            ? nil
            : "missing \(missing.joined(separator: ", ")) (apt-get install xvfb xterm kitty mlterm imagemagick xdotool; Scripts/test does)"
    }

    /// Starts a virtual display (stopped when this test process ends, however it ends) and the
    /// terminal on it, whose shell waits for ``go()`` before running `command`.
    init(_ kind: Kind, running command: String) async throws {
        folder = try TemporaryFolder.make()
        var number = 0
        var started = false
        for candidate in (0..<50).map({ 200 + (Int(getpid()) + $0 * 7) % 700 }) {
            if FileManager.default.fileExists(atPath: "/tmp/.X\(candidate)-lock"), !Self.staleLock(candidate) {
                continue
            }
            // Suites run side by side in this process: each display number is tried by one only.
            guard Self.claimed.withLock({ $0.insert(candidate).inserted }) else { continue }
            let server = try await Self.background(
                "Xvfb :\(candidate) -screen 0 \(Self.width)x\(Self.height)x24 -nolisten tcp", log: folder + "/xvfb.log",
                environment: ["PATH": "/usr/bin:/bin"])
            // Stops the server (and with it the terminal) when this test process ends.
            _ = try await Self.background(
                "sh -c 'while \(ProcessProbe.shellIsRunning(getpid())); do sleep 1; done; kill -9 \(server)'",
                log: "/dev/null",
                environment: ["PATH": "/usr/bin:/bin"])
            if try await Self.poll(
                seconds: 10, { FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)") })
            {
                number = candidate
                started = true
                break
            }
        }
        guard started else { throw RealTerminalError.failed("Xvfb did not start: \(folder)/xvfb.log") }
        display = ":\(number)"
        blank = try await Self.screenshot(display: display, folder: folder)
        // Before the command, one round trip of device attributes (DA1), up to 10 s: the terminal
        // answers the app's questions as a user's idle one does (a kitty still starting on a
        // loaded machine once took over the app's 1 s, and the light theme got the dark palette).
        let warmUp =
            "old=$(stty -g); stty raw -echo min 0 time 100; printf '\\033[c'; "
            + "while c=$(dd bs=1 count=1 2>/dev/null) && [ -n \"$c\" ] && [ \"$c\" != c ]; do :; done; stty \"$old\""
        let script =
            "touch '\(folder)/ready'; while [ ! -e '\(folder)/go' ]; do sleep 0.05; done; \(warmUp); \(command); touch '\(folder)/done'; sleep 600"
        let launch = kind.launch(script, socket: folder + "/kitty.sock").map(Self.quoted).joined(separator: " ")
        _ = try await Self.background(launch, log: folder + "/terminal.log", environment: environment)
        guard try await Self.poll(seconds: 30, { FileManager.default.fileExists(atPath: "\(self.folder)/ready") })
        else {
            throw RealTerminalError.failed("\(kind.rawValue) did not start on \(display): \(folder)/terminal.log")
        }
    }

    /// Whether display `number`'s lock names a process that is gone (an Xvfb killed with -9
    /// leaves its lock and socket behind): then both are removed and the number is free.
    static func staleLock(_ number: Int) -> Bool {
        let lock = "/tmp/.X\(number)-lock"
        guard let text = try? String(contentsOfFile: lock, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        else { return false }
        guard kill(pid, 0) != 0, errno == ESRCH else { return false }
        try? FileManager.default.removeItem(atPath: lock)
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        return !FileManager.default.fileExists(atPath: lock)
    }

    var environment: [String: String] { Self.environment(display: display, folder: folder) }

    /// What the terminal and the tools driving it run with on display `display`.
    static func environment(display: String, folder: String) -> [String: String] {
        [
            "DISPLAY": display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": folder, "LIBGL_ALWAYS_SOFTWARE": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
        ]
    }

    static func poll(seconds: Int, _ condition: @Sendable () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try await LiveThreads.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    /// Starts `command` in the background, its output to `log`; its pid. The test process's
    /// other descriptors (other tests' pipes) are closed first, so it cannot hold them open.
    static func background(_ command: String, log: String, environment: [String: String]) async throws -> String {
        let script =
            ProcessProbe.shellClosesOtherDescriptors
            + "nohup \(command) >\(quoted(log)) 2>&1 </dev/null & echo $!"
        let result = try await StoriesProcess.execute("/bin/bash", ["-c", script], environment: environment)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    enum RealTerminalError: Error, CustomStringConvertible {
        case failed(String)
        var description: String {
            switch self {
            case .failed(let text): text
            }
        }
    }
}
