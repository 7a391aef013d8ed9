import Foundation
import Testing

/// What people expect of a command-line tool, as processes.
@Suite("What a command-line tool is expected to do")
struct CommandLineExpectationsTests {
    @Test func versionIsPrintedAndExits0() async throws {
        for arguments in [["--version"], ["tray", "--version"]] {
            let result = try await StoriesProcess.run(arguments)
            #expect(result.status == 0 && result.stdout.hasPrefix("stories 0."), "\(arguments): \(result)")
        }
    }

    @Test func aMistypedSubcommandGetsDidYouMean() async throws {
        let typo = try await StoriesProcess.run(["trya"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Unknown command 'trya'. Did you mean 'tray'?"), "\(typo.stderr)")
        #expect(!typo.stderr.contains("stories browse"), "not browse's usage: \(typo.stderr)")
        let far = try await StoriesProcess.run(["zzzzzz"])
        #expect(far.status == 64 && far.stderr.contains("Unknown command 'zzzzzz'.") && !far.stderr.contains("mean"))
        // Subcommands, help and options still reach ArgumentParser.
        #expect(try await StoriesProcess.run(["help", "tray"]).status == 0)
        #expect(try await StoriesProcess.run(["--source", "bundled", "--store", "memory"]).status == 0)
    }

    @Test func setErrorsNameSet() async throws {
        let assigned = try await StoriesProcess.run(["tray", "--set", "picsum.baseURL=ftp://x"])
        #expect(
            assigned.status == 78 && assigned.stderr.contains("(from --set picsum.baseURL=…)"), "\(assigned.stderr)")
        let flagged = try await StoriesProcess.run(["tray", "--picsum-url", "ftp://x"])
        #expect(flagged.stderr.contains("(from --picsum-url)"), "\(flagged.stderr)")
    }

    @Test func aURLOfAnotherKindSaysSo() async throws {
        let ftp = try await StoriesProcess.run(["render", "ftp://example.com/a.jpg"])
        #expect(ftp.status == 65 && ftp.stderr.contains("ftp: URLs are not read"), "\(ftp.stderr)")
        #expect(!ftp.stderr.contains("no such file"))
        let missing = try await StoriesProcess.run(["render", "/no/such/picture.jpg"])
        #expect(missing.stderr.contains("no such file"), "\(missing.stderr)")
    }

    @Test func humanOutputCountsInWordsAndSizesInMiB() async throws {
        let doctor = try await StoriesProcess.run(["doctor", "--source", "bundled"])
        #expect(doctor.stdout.contains("config: no config file, 1 key set"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("0 images, 0 bytes of 256 MiB"), "\(doctor.stdout)")
        let state = try await StoriesProcess.run(["state", "--store", "memory"])
        #expect(state.stdout.contains("0 items seen, 0 liked, 0 users started"), "\(state.stdout)")
    }

    /// `stories help NAME` for no subcommand NAME: 64 and the unknown-command error (it printed
    /// the root's help, exit 0).
    @Test func helpForAnUnknownCommandExits64() async throws {
        let result = try await StoriesProcess.run(["help", "nonexistent"])
        #expect(result.status == 64 && result.stderr.contains("Unknown command 'nonexistent'"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    /// Global options before the subcommand work as after it (it was "Unexpected argument
    /// 'tray'", 64), and the `next:` hint repeats the options given (it said only `--page 2`).
    @Test func globalOptionsComeBeforeOrAfterTheSubcommandAndTheHintKeepsThem() async throws {
        let before = try await StoriesProcess.run(["--source", "bundled", "--store=memory", "tray", "--limit", "2"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(
            before.stdout.hasSuffix("next: stories tray --source bundled --store memory --limit 2 --page 2\n"),
            "\(before.stdout)")
        let after = try await StoriesProcess.run(["tray", "--limit", "2", "--source", "bundled", "--store=memory"])
        #expect(after.stdout == before.stdout)
        let quoted = try await StoriesProcess.run([
            "--set", "feed.pageSize=1", "--store-path", "/tmp/a b", "tray", "--source", "bundled",
        ])
        #expect(
            quoted.stdout.contains(
                "next: stories tray --source bundled --store-path '/tmp/a b' --set feed.pageSize=1 --page 2"),
            "\(quoted)")
        #expect(try await StoriesProcess.run(["--source", "bundled", "tray", "--json"]).stdout.hasPrefix("{"))
    }

    /// `stories --store memory ~/pics` browses the folder as `stories ~/pics --store memory`
    /// does (it was "Unexpected argument", 64), and a page past any content is refused with
    /// a sentence, not a crash (`--page 9223372036854775807` overflowed: exit 132).
    @Test func aGlobalOptionBeforeAFolderAndAHugePage() async throws {
        let folder = try TemporaryFolder.make()
        try FileManager.default.createDirectory(atPath: folder + "/trip", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repositoryRoot + "/Services/StoryImages/Tests/Fixtures/baseline-64x48.jpg",
            toPath: folder + "/trip/a.jpg")
        let before = try await StoriesProcess.run(["--store", "memory", folder])
        let after = try await StoriesProcess.run([folder, "--store", "memory"])
        #expect(before.status == 0 && before.stdout.contains("trip"), "\(before)")
        #expect(before.stdout == after.stdout)
        for command in ["tray", "photos"] {
            let huge = try await StoriesProcess.run([command, "--page", "9223372036854775807", "--source", "bundled"])
            #expect(huge.status == 64 && huge.stderr.contains("out of range"), "\(command): \(huge)")
        }
    }

    /// A subcommand's help: its own options first, the global ones after, under their own heading.
    @Test func aSubcommandsHelpShowsItsOwnOptionsFirst() async throws {
        let help = try await StoriesProcess.run(["tray", "--help"]).stdout
        let own = try #require(help.range(of: "OPTIONS:\n  --page"), "\(help)")
        let global = try #require(help.range(of: "\n\nGLOBAL OPTIONS:\n  --config"), "\(help)")
        #expect(own.lowerBound < global.lowerBound)
        #expect(help.components(separatedBy: "--source").count == 3, "once, plus the examples: \(help)")
    }

    /// Sizes in `stories config` read as sizes (it said 268435456); JSON keeps the number.
    @Test func configShowsSizesInUnits() async throws {
        let table = try await StoriesProcess.run(["config"]).stdout
        #expect(table.contains(/images\.cache\.maxBytes +256 MiB +default/), "\(table)")
        let json = try await StoriesProcess.run(["config", "--json"]).stdout
        #expect(json.contains(#"{"key":"images.cache.maxBytes","source":"default","value":268435456}"#), "\(json)")
    }
}
