import Foundation
import Testing

/// Hostile environments: outputs that cannot be written, closed descriptors.
@Suite("Writes that fail — as processes")
struct WriteFailureTests {
    /// stdout on a full disk, closed, or a pipe closed early: exit 74 with one line saying
    /// what failed, never a trap (it was SIGILL, exit 132, from `try!` in FileHandle.write).
    @Test(arguments: ["/dev/full", "closed", "pipe"])
    func outputThatCannotBeWrittenExits74(target: String) async throws {
        let command: String
        switch target {
        case "closed": command = "\"$0\" tray --source bundled --store memory >&-"
        case "pipe": command = "\"$0\" tray --source bundled --store memory --limit 100 | true; exit ${PIPESTATUS[0]}"
        default: command = "\"$0\" tray --source bundled --store memory > \(target)"
        }
        let result = try await StoriesProcess.execute(
            "/bin/bash", ["-c", command, StoriesProcess.binary],
            environment: ["HOME": try TemporaryFolder.make(), "PATH": "/usr/bin:/bin"])
        #expect(result.status == 74, "\(target): \(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("stories: cannot write the output: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no backtrace: \(result.stderr)")
    }

    /// A closed stdout is never taken over by a file opened later: the state database is not
    /// written with the output meant for stdout.
    @Test func aClosedStdoutNeverReceivesTheDatabaseOrAnythingElse() async throws {
        let home = try TemporaryFolder.make()
        let result = try await StoriesProcess.execute(
            "/bin/bash", ["-c", "\"$0\" seen ada-0 --source bundled >&-", StoriesProcess.binary],
            environment: ["HOME": home, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 74, "\(result.stderr)")
        let state = try await StoriesProcess.run(["state", "--json"], home: home)
        #expect(state.status == 0, "\(state.stderr)")
        #expect(state.stdout.contains(#""seenItems":1"#), "\(state.stdout)")
    }

    /// A log file on a full disk: a warning once, then the log on stderr; the command succeeds.
    @Test func aLogFileThatCannotBeWrittenFallsBackToStderrOnce() async throws {
        let result = try await StoriesProcess.run(
            [
                "view", "ada", "--source", "bundled", "--store", "memory", "--keys", "next", "--json",
                "--log-level", "debug", "--log-file", "/dev/full",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("cannot write the log file") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("debug stories: image loaded"), "the log goes on, on stderr")
        #expect(result.stdout.contains("itemShown"))
    }
}
