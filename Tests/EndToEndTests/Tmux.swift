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
    /// waited for: a deinit must not block, and a thread started here might never run before
    /// the test process ends (servers and apps were left running).
    deinit { _ = try? Self.spawn(socket: socket, ["kill-server"], wait: false) }

    /// Runs tmux to its end on a thread of its own (see ``spawn(socket:_:)``).
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> ProcessResult {
        let socket = socket
        return try await onOwnThread { try Self.spawn(socket: socket, arguments) }
    }

    /// Runs tmux through posix_spawn and waitpid, its output in files. Not Foundation's
    /// Process: the server that `new-session` forks keeps the descriptors Process watches
    /// for the child's end, and waiting would never return. Blocks: call it off the pool.
    private static func spawn(socket: String, _ arguments: [String], wait: Bool = true) throws -> ProcessResult {
        let folder = FileManager.default.temporaryDirectory.path
        let out = folder + "/tmux-\(UUID().uuidString).out"
        let err = folder + "/tmux-\(UUID().uuidString).err"
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Through bash, which closes every other descriptor it inherited before running tmux:
        // the tmux server lives for its whole test, and a pipe it inherited from another test's
        // process being started at that moment would stay open that long, that test's read to
        // its end waiting (seen: fault-matrix runs 15-20 s late beside the video tests).
        let closing =
            "for fd in $(ls /proc/$$/fd); do case $fd in 0|1|2) ;; *) eval \"exec $fd>&-\" ;; esac; done 2>/dev/null; "
            + "exec tmux \"$@\""
        let argv = ["bash", "-c", closing, "bash", "-L", socket] + arguments
        let envp = ["PATH=/usr/local/bin:/usr/bin:/bin", "TERM=xterm-256color"]
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = envp.map { strdup($0) } + [nil]
        defer {
            for pointer in cArgs { free(pointer) }
            for pointer in cEnv { free(pointer) }
        }
        // Signals blocked in the spawning thread (Dispatch's and Foundation's threads block
        // some) would stay blocked in tmux and the app it runs: start it with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "bash", &actions, &attributes, &cArgs, &cEnv)
        guard spawned == 0 else { throw TmuxError(message: "cannot run tmux (error \(spawned))") }
        guard wait else { return ProcessResult(status: 0, stdout: "", stderr: "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessResult(
            status: exited, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Sends tmux key names ("Enter", "Right", "q").
    func send(_ keys: String...) async throws { try await send(keys) }

    func send(_ keys: [String]) async throws { try await tmux(["send-keys", "-t", name] + keys) }

    /// Resizes the window (and so the app's terminal).
    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// The pane's text, with SGR escapes when `escapes` is true.
    func capture(escapes: Bool = false) async throws -> String {
        let text = try await tmux(["capture-pane", "-t", name, "-p"] + (escapes ? ["-e"] : [])).stdout
        lastScreen.withLock { $0 = text }
        return text
    }

    /// Waits until the pane shows `text` (polling every 50 ms); false after `timeout`. The
    /// timeout only ends a wait for something that never comes; it is not a speed bound.
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> Bool {
        try await waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the pane's text (with SGR escapes when `escapes`).
    func waitUntil(timeout: Duration = .seconds(30), escapes: Bool = false, _ condition: (String) -> Bool)
        async throws -> Bool
    {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(try await capture(escapes: escapes)) { return true }
            try await Task.sleep(for: .milliseconds(50))
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

    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await !isRunning() { return true }
            try await Task.sleep(for: .milliseconds(50))
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

/// A process's resident memory in KiB, from /proc.
func residentKiB(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
}
