import Foundation
import Testing

/// Hostile environments: outputs that cannot be written, closed descriptors.
@Suite("Writes that fail — as processes")
struct WriteFailureTests {
    /// stdout on a full disk or closed: exit 74 with one line saying what failed, never a
    /// trap (it was SIGILL, exit 132, from `try!` in FileHandle.write).
    @Test(arguments: ["/dev/full", "closed"])
    func outputThatCannotBeWrittenExits74(target: String) async throws {
        let command: String
        switch target {
        case "closed": command = "\"$0\" tray --source bundled --store memory >&-"
        default: command = "\"$0\" tray --source bundled --store memory > \(target)"
        }
        let result = try await StoriesProcess.execute(
            "/bin/bash", ["-c", command, StoriesProcess.binary],
            environment: ["HOME": try TemporaryFolder.make(), "PATH": "/usr/bin:/bin"])
        #expect(result.status == 74, "\(target): \(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("stories: cannot write the output: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no backtrace: \(result.stderr)")
    }

    /// A pipe whose reader went away (`| head -3`) ends the command quietly, status 0: doctor
    /// said "cannot write the output: Broken pipe" three times (each check's own catch) and
    /// exited 74.
    @Test(arguments: [["doctor"], ["tray", "--limit", "100"]])
    func aPipeClosedEarlyEndsQuietly(command: [String]) async throws {
        let line = (command + ["--source", "bundled", "--store", "memory"]).joined(separator: " ")
        let result = try await StoriesProcess.execute(
            "/bin/bash", ["-c", "\"$0\" \(line) | true; exit ${PIPESTATUS[0]}", StoriesProcess.binary],
            environment: ["HOME": try TemporaryFolder.make(), "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.status) \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
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

/// Text from content that reaches a terminal or a script carries no controls.
@Suite("Clean text — as processes")
struct CleanTextTests {
    static let evilName = "Eve\u{9B}2J\u{7F}\u{202E}evil\u{1B}[31m"

    static func document(in home: String) throws -> String {
        let file = home + "/stories.json"
        let name = try String(
            decoding: JSONSerialization.data(withJSONObject: [evilName], options: [.fragmentsAllowed]), as: UTF8.self
        ).dropFirst().dropLast()
        try TemporaryFolder.write(
            """
            {"data":[{"id":"0","user":{"username":\(name),"profile_picture":"http://127.0.0.1:9/a.jpg"},
              "snap_count":1,"snaps":[{"media_type":"image","media_url":"http://127.0.0.1:9/1.jpg"}]}]}
            """, to: file)
        return file
    }

    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test func trayOutputPlainAndJSONCarriesNoControls() async throws {
        let home = try TemporaryFolder.make()
        let file = try Self.document(in: home)
        let plain = try await StoriesProcess.run(["tray", "--source", "file", "--stories-file", file], home: home)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(Self.rawControls(plain.stdout).isEmpty, "\(Self.rawControls(plain.stdout))")
        #expect(plain.stdout.contains("Eve2Jevil[31m"), "\(plain.stdout)")
        let json = try await StoriesProcess.run(
            ["tray", "--source", "file", "--stories-file", file, "--json"], home: home)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(Self.rawControls(json.stdout).isEmpty, "\(Self.rawControls(json.stdout))")
        #expect(json.stdout.contains(#"\u009b"#) && json.stdout.contains(#"\u202e"#), "\(json.stdout)")
        let decoded = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let users = try #require(decoded["users"] as? [[String: Any]])
        #expect(users.first?["name"] as? String == Self.evilName, "the data is kept, escaped")
    }

    @Test func usageErrorsCarryNoEscapes() async throws {
        let result = try await StoriesProcess.run(["view", "ada", "--source", "bundled", "--keys", "next\u{1B}[2J"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(Self.rawControls(result.stderr).isEmpty, "\(Self.rawControls(result.stderr))")
    }
}

/// One rule for every path that shows media: refused media are `mediaFailed`, never seen, never cached.
@Suite("Refused media — as processes", .timeLimit(.minutes(10)))
struct RefusedMediaTests {
    @Test func theScriptedViewerRefusesWhatTheScreenRefuses() async throws {
        let home = try TemporaryFolder.make()
        let folder = try TemporaryFolder.make()
        try StaticServer.jpegClaiming(width: 30000, height: 30000).write(to: URL(fileURLWithPath: folder + "/huge.jpg"))
        let server = try await StaticServer(folder: folder)
        let file = home + "/stories.json"
        try TemporaryFolder.write(
            """
            {"data":[{"id":"0","user":{"username":"neo","profile_picture":"\(server.baseURL)/a.jpg"},
              "snap_count":1,"snaps":[{"media_type":"image","media_url":"\(server.baseURL)/huge.jpg"}]}]}
            """, to: file)
        let view = try await StoriesProcess.run(
            ["view", "0", "--source", "file", "--stories-file", file, "--keys", "close", "--json"], home: home)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains(#""event":"mediaFailed""#), "\(view.stdout)")
        #expect(view.stdout.contains("megapixels"), "\(view.stdout)")
        #expect(!view.stdout.contains("itemSeen"), "\(view.stdout)")
        let state = try await StoriesProcess.run(["state", "--json"], home: home)
        #expect(state.stdout.contains(#""seenItems":0"#), "\(state.stdout)")
        let cache = try await StoriesProcess.run(["cache", "stats"], home: home)
        #expect(cache.stdout.hasPrefix("0 images"), "\(cache.stdout)")
        withExtendedLifetime(server) {}
    }
}
