import Foundation
import StoryInterfacesTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A tmux session of its own (its own server socket) running one command in a 120×40
/// truecolor terminal, for the interactive end-to-end tests (QUALITY.md).
final class TmuxSession: Sendable {
    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    let socket = "stories-e2e-\(UUID().uuidString.prefix(8))"
    let name = "app"

    /// The last screen a capture saw, for failure messages.
    private let lastScreen = Mutex("")

    /// Starts `command` (a shell command line) with `environment` added, in a `width`×`height` window.
    init(_ command: String, environment: [String: String], width: Int = 120, height: Int = 40) async throws {
        var arguments = [
            "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), "-e", "COLORTERM=truecolor",
        ]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        arguments.append(command)
        let result = try await tmux(arguments)
        guard result.status == 0 else { throw TmuxError(message: "tmux new-session failed: \(result.stderr)") }
    }

    /// The server (and the app in it) is killed by a `tmux kill-server` started here and not
    /// waited for: a deinit must not block, and a task started here might never run before the
    /// test process ends (servers and apps were left running). So this one is posix_spawn's,
    /// with nothing of ours inherited but /dev/null.
    deinit { Self.killServer(socket: socket) }

    static var executable: String {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? "/usr/bin/tmux"
    }

    /// Runs tmux to its end (``ChildProcesses``: our descriptors closed in it, so the server
    /// that `new-session` forks, living for its whole test, holds no pipe of another test's).
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> ProcessResult {
        try await ChildProcesses.run(
            Self.executable, ["-L", socket] + arguments,
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm-256color"])
    }

    private static func killServer(socket: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // bash closes every other descriptor it inherited before running tmux.
        let closing =
            ProcessProbe.shellClosesOtherDescriptors
            + "exec tmux \"$@\""
        let argv = ["bash", "-c", closing, "bash", "-L", socket, "kill-server"]
        var cArgs = argv.map { strdup($0) } + [nil]
        let envp = ["PATH=/usr/local/bin:/usr/bin:/bin"]
        var cEnv = envp.map { strdup($0) } + [nil]
        defer {
            for pointer in cArgs { free(pointer) }
            for pointer in cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        _ = posix_spawnp(&pid, "bash", &actions, nil, &cArgs, &cEnv)
    }

    /// Sends tmux key names ("Enter", "Right", "q").
    func send(_ keys: String...) async throws { try await send(keys) }

    func send(_ keys: [String]) async throws { try await tmux(["send-keys", "-t", name] + keys) }

    /// Resizes the window (and so the app's terminal).
    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// The pane's text, with SGR escapes when `escapes` is true. Throws tmux's own words when
    /// there is no pane to read (the session ended): a blank screen would hide why.
    func capture(escapes: Bool = false) async throws -> String {
        let result = try await tmux(["capture-pane", "-t", name, "-p"] + (escapes ? ["-e"] : []))
        guard result.status == 0 else {
            throw TmuxError(
                message: "tmux capture-pane failed (\(result.status)): \(result.stderr) — the last screen seen:\n"
                    + screen)
        }
        lastScreen.withLock { $0 = result.stdout }
        return result.stdout
    }

    /// Waits until the pane shows `text` (polling every 50 ms); false after `timeout`. The
    /// timeout only ends a wait for something that never comes; it is not a speed bound.
    func waitFor(_ text: String, timeout: Duration = .seconds(120)) async throws -> Bool {
        try await waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the pane's text (with SGR escapes when `escapes`).
    func waitUntil(timeout: Duration = .seconds(120), escapes: Bool = false, _ condition: (String) -> Bool)
        async throws -> Bool
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(try await capture(escapes: escapes)) { return true }
            try await LiveThreads.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The pid of the pane's process (the app, when started with `exec`).
    func panePID() async throws -> Int32? {
        Int32(
            try await tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// Whether the session still exists (the app has not exited).
    func isRunning() async throws -> Bool { try await tmux(["has-session", "-t", name]).status == 0 }

    func waitForExit(timeout: Duration = .seconds(120)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await !isRunning() { return true }
            try await LiveThreads.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Whether the alternate screen is on.
    func alternateScreenIsOn() async throws -> Bool {
        try await tmux(["display-message", "-p", "-t", name, "#{alternate_on}"]).stdout.hasPrefix("1")
    }

    /// The last screen a capture saw (for failure messages).
    var screen: String { lastScreen.withLock { $0 } }
}

struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A process's resident memory in KiB.
func residentKiB(_ pid: Int32) -> Int? { ProcessProbe.residentKiB(pid) }
