import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A tmux session of its own (its own server socket) running one command in a 120×40
/// truecolor terminal, for the interactive end-to-end tests (QUALITY.md).
final class TmuxSession {
    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    let socket = "stories-e2e-\(UUID().uuidString.prefix(8))"
    let name = "app"

    /// Starts `command` (a shell command line) with `environment` added.
    init(_ command: String, environment: [String: String]) throws {
        var arguments = ["new-session", "-d", "-s", name, "-x", "120", "-y", "40", "-e", "COLORTERM=truecolor"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        arguments.append(command)
        let result = try tmux(arguments)
        guard result.status == 0 else { throw TmuxError(message: "tmux new-session failed: \(result.stderr)") }
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs tmux through posix_spawn and waitpid, its output in files. Not Foundation's
    /// Process: the server that `new-session` forks keeps the descriptors Process watches
    /// for the child's end, and waiting would never return.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> ProcessResult {
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
        let argv = ["tmux", "-L", socket] + arguments
        let envp = ["PATH=/usr/local/bin:/usr/bin:/bin", "TERM=xterm-256color"]
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = envp.map { strdup($0) } + [nil]
        defer {
            for pointer in cArgs { free(pointer) }
            for pointer in cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, &cArgs, &cEnv)
        guard spawned == 0 else { throw TmuxError(message: "cannot run tmux (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessResult(
            status: exited, stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Sends tmux key names ("Enter", "Right", "q").
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// The pane's text, with SGR escapes when `escapes` is true.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", name, "-p"] + (escapes ? ["-e"] : [])).stdout
    }

    /// Waits until the pane shows `text` (polling every 50 ms); false after `timeout`.
    func waitFor(_ text: String, timeout: Duration = .seconds(15)) throws -> Bool {
        try waitUntil(timeout: timeout) { $0.contains(text) }
    }

    func waitUntil(timeout: Duration = .seconds(15), _ condition: (String) -> Bool) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(try capture()) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// The pid of the pane's process (the app, when started with `exec`).
    func panePID() throws -> Int32? {
        Int32(
            try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// Whether the session still exists (the app has not exited).
    func isRunning() throws -> Bool { try tmux(["has-session", "-t", name]).status == 0 }

    func waitForExit(timeout: Duration = .seconds(10)) throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try !isRunning() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
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

extension TmuxSession {
    /// The pane's text for failure messages ("" if it cannot be read).
    var screen: String { (try? capture()) ?? "" }
}
