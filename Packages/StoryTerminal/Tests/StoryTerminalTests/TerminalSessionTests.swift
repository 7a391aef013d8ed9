import Foundation
import StoryInterfacesTestSupport
import StoryTerminal
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal pair and the probe running on its slave side.
/// Used by one thread at a time: the test, or the thread its blocking reads run on.
final class ProbeRun: @unchecked Sendable {
    let pty: PseudoTerminal
    var master: Int32 { pty.master }
    var slave: Int32 { pty.slave }
    let process = Process()
    var output: [UInt8] = []

    init() throws {
        pty = try PseudoTerminal()
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary =
            [folder, folder.deletingLastPathComponent()].map { $0.appendingPathComponent("terminal-probe").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "terminal-probe"
        process.executableURL = URL(fileURLWithPath: binary)
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
    }

    /// Starts the probe on the slave side.
    func start() throws { try process.run() }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Reads from the master side until `text` has appeared (or 10 s passed).
    func waitFor(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(text == "\u{0}never" ? 0.1 : 10)
        while Date() < deadline {
            if output.count >= needle.count,
                (0...(output.count - needle.count)).contains(where: {
                    Array(output[$0..<($0 + needle.count)]) == needle
                })
            {
                return true
            }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return false }
            output += buffer[0..<count]
        }
        return false
    }

    func send(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    var isCanonical: Bool {
        var mode = termios()
        tcgetattr(slave, &mode)
        return mode.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Reads the output while waiting for the probe to end (a pty whose master is not read
    /// can block its writer), then returns how it ended; nil if it did not end within 120 s (a
    /// bound that tells ending from hanging: a loaded machine took more than 10 s).
    func finish() -> Process.TerminationReason? {
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { _ = waitFor("\u{0}never") }
        guard !process.isRunning else { return nil }
        _ = waitFor(TerminalSession.leaveSequence)
        return process.terminationReason
    }
}

@Suite("Terminal session in a pseudo-terminal", .serialized)
struct TerminalSessionTests {
    @Test(arguments: ["quit", "error", "crash", "SIGTERM", "SIGHUP", "SIGINT"])
    func theTerminalIsGivenBackOnEveryExitPath(path: String) async throws {
        let probe = try ProbeRun()
        // Checked before the probe starts: once it runs, it may already have taken the terminal.
        #expect(probe.isCanonical, "a fresh pty starts in canonical mode")
        try probe.start()
        // Reading the pty blocks (poll, read): on a thread of its own, never the pool's.
        #expect(try await onOwnThread { probe.waitFor("ready") })
        #expect(try await onOwnThread { probe.waitFor(TerminalSession.enterSequence) } || probe.output.count > 0)
        #expect(!probe.isCanonical, "raw mode while the session runs")
        switch path {
        case "quit": probe.send("q")
        case "error": probe.send("e")
        case "crash": probe.send("c")
        case "SIGTERM": probe.process.terminate()
        case "SIGHUP": kill(probe.process.processIdentifier, SIGHUP)
        default: kill(probe.process.processIdentifier, SIGINT)
        }
        let reason = try await onOwnThread { probe.finish() }
        let text = String(decoding: probe.output, as: UTF8.self)
        #expect(text.contains(TerminalSession.leaveSequence), "alternate screen left, cursor shown, mouse off")
        #expect(probe.isCanonical, "the saved mode is back")
        switch path {
        case "quit": #expect(reason == .exit && probe.process.terminationStatus == 0)
        case "error": #expect(reason == .exit && probe.process.terminationStatus == 1)
        default: #expect(reason == .uncaughtSignal, "the signal still ends the process as it would have")
        }
    }

    @Test func notATerminalIsATypedError() {
        var pipeFDs: [Int32] = [0, 0]
        pipe(&pipeFDs)
        defer {
            close(pipeFDs[0])
            close(pipeFDs[1])
        }
        #expect(throws: TerminalError.notATerminal) { try TerminalSession(fileDescriptor: pipeFDs[0]) }
    }
}
