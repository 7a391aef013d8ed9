import Foundation
import Testing
import VideoDecoding

@Suite("tray, view, like, seen, state, reset, photos — as processes")
struct ContentCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `view USER --list` lists the ids `like` and `seen` take (the error for an unknown id
    /// points at it; it pointed at `view USER --keys close --json`).
    @Test func viewListNamesAUsersItemsWithTheirState() async throws {
        let home = try TemporaryFolder.make()
        #expect(try await StoriesProcess.run(["seen", "ada-1", "--source", "bundled"], home: home).status == 0)
        #expect(try await StoriesProcess.run(["like", "ada-2", "--source", "bundled"], home: home).status == 0)
        let listed = try await StoriesProcess.run(
            ["view", "ada", "--list", "--json", "--source", "bundled"], home: home)
        #expect(listed.status == 0, "\(listed)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.first == #"{"id":"ada-0","index":0,"kind":"image","liked":false,"seen":false}"#)
        #expect(lines.count > 2 && lines[1].contains(#""seen":true"#) && lines[2].contains(#""liked":true"#))
        let unknown = try await StoriesProcess.run(["like", "nosuch", "--source", "bundled"], home: home)
        #expect(unknown.status == 65 && unknown.stderr.contains("`stories view USER --list`"), "\(unknown)")
    }

    @Test func theTrayJSONHasEveryKeyAndEndsWithNextNull() async throws {
        let home = try TemporaryFolder.make()
        let first = try await StoriesProcess.run(["tray", "--source", "bundled", "--limit", "5", "--json"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        let report = try Self.json(first.stdout)
        #expect(report["source"] as? String == "bundled")
        #expect(report["page"] as? Int == 1 && report["next"] as? Int == 2)
        let users = try #require(report["users"] as? [[String: Any]])
        #expect(users.count == 5)
        #expect(Set(users[0].keys) == ["id", "name", "avatar", "ring", "items", "seenItems", "resumeIndex", "muted"])
        let last = try Self.json(
            try await StoriesProcess.run(["tray", "--source", "bundled", "--limit", "100", "--json"], home: home).stdout
        )
        #expect(last["next"] is NSNull)
        #expect((last["users"] as? [Any])?.count ?? 0 >= 40)
    }

    @Test func viewingWritesStateThatLaterRunsSee() async throws {
        let home = try TemporaryFolder.make()
        let view = try await StoriesProcess.run(
            ["view", "alan", "--source", "bundled", "--keys", "like wait:5s", "--json"], home: home)
        #expect(view.status == 0, "\(view.stderr)")
        let events = view.stdout.split(separator: "\n").compactMap { try? Self.json(String($0))["event"] as? String }
        #expect(events.prefix(3) == ["itemShown", "itemSeen", "liked"])
        let state = try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)
        #expect(state["likedItemIds"] as? [String] == ["alan-0"])
        #expect((state["seenItemIds"] as? [String])?.contains("alan-0") == true)
        let tray = try Self.json(
            try await StoriesProcess.run(["tray", "--source", "bundled", "--limit", "3", "--json"], home: home).stdout)
        let alan = (tray["users"] as? [[String: Any]])?.first { $0["id"] as? String == "alan" }
        #expect(alan?["ring"] as? String == "seen", "alan has one item, seen: gray, and sorted after the unseen")
        #expect((tray["users"] as? [[String: Any]])?.last?["id"] as? String == "alan")
    }

    @Test func likeSeenAndResetAreShortLinesAndUnknownIdsExit65() async throws {
        let home = try TemporaryFolder.make()
        let like = try await StoriesProcess.run(["like", "ada-0", "--source", "bundled"], home: home)
        #expect(like.status == 0 && like.stdout == "liked ada-0\n")
        #expect(try await StoriesProcess.run(["like", "no-such-item", "--source", "bundled"], home: home).status == 65)
        #expect(
            try await StoriesProcess.run(["seen", "ada-1", "no-such-item", "--source", "bundled"], home: home).status
                == 65)
        // Two unknown ids: one line each (the first only was said before).
        let two = try await StoriesProcess.run(
            ["seen", "nope-1", "ada-1", "nope-2", "--source", "bundled"], home: home)
        #expect(two.status == 65)
        let lines = two.stderr.split(separator: "\n")
        #expect(
            lines.count == 3 && lines[0] == "stories: unknown item \"nope-1\"" && lines[1] == "unknown item \"nope-2\"")
        #expect(lines.last?.hasPrefix("nothing was written") == true, "\(two.stderr)")
        #expect(
            try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)["seenItems"] as? Int
                == 0,
            "nothing written")
        #expect(
            try await StoriesProcess.run(["view", "nobody", "--source", "bundled", "--keys", "next"], home: home).status
                == 65
        )
        #expect(try await StoriesProcess.run(["view", "ada", "--keys", "fly"], home: home).status == 64)
        #expect(try await StoriesProcess.run(["reset"], home: home).status == 64)
        #expect(try await StoriesProcess.run(["reset", "--likes"], home: home).stdout == "reset likes\n")
        #expect(
            try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)["likedItems"] as? Int
                == 0)
    }

    /// `mute`, the tray's order and field, `state`, the scripted viewer's `mute` key and
    /// `reset --mutes`, as processes over one store.
    @Test func aMutedUserGoesLastIsListedAndIsPassedOverForwards() async throws {
        let home = try TemporaryFolder.make()
        #expect(
            try await StoriesProcess.run(["mute", "grace", "--source", "bundled"], home: home).stdout == "muted grace\n"
        )
        #expect(try await StoriesProcess.run(["mute", "nobody", "--source", "bundled"], home: home).status == 65)
        let tray = try Self.json(
            try await StoriesProcess.run(["tray", "--source", "bundled", "--limit", "3", "--json"], home: home).stdout)
        let users = try #require(tray["users"] as? [[String: Any]])
        #expect(users.map { $0["id"] as? String } == ["ada", "alan", "grace"])
        #expect(users.map { $0["muted"] as? Bool } == [false, false, true])
        let state = try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)
        #expect(state["mutedUserIds"] as? [String] == ["grace"] && state["mutedUsers"] as? Int == 1)
        // Alan's one item ends: on his tray page (Ada, Alan, Grace) only Grace, muted, comes after.
        let view = try await StoriesProcess.run(
            ["view", "alan", "--source", "bundled", "--set", "feed.pageSize=3", "--keys", "wait:5s", "--json"],
            home: home)
        #expect(!view.stdout.contains("grace") && view.stdout.contains(#""event":"closed""#), "\(view.stdout)")
        let muteAda = try await StoriesProcess.run(
            ["view", "ada", "--source", "bundled", "--keys", "mute", "--json"], home: home)
        #expect(muteAda.stdout.contains(#"{"event":"muted","user":"ada"}"#), "\(muteAda.stdout)")
        #expect(try await StoriesProcess.run(["reset", "--mutes"], home: home).stdout == "reset mutes\n")
        let after = try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)
        #expect(after["mutedUsers"] as? Int == 0)
    }

    @Test func twoProcessesAtOnceLoseNothing() async throws {
        let home = try TemporaryFolder.make()
        let runs = [["seen", "ada-0", "ada-1", "grace-0"], ["seen", "alan-0", "luna-0", "kai-0"]]
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for run in runs {
                group.addTask { try await StoriesProcess.run(run + ["--source", "bundled"], home: home) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let state = try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)
        #expect(state["seenItems"] as? Int == 6)
    }

    /// Several first runs at once on a home with no database yet: creating and migrating it is
    /// safe with any number of processes (it was "table seenItem already exists", exit 74).
    @Test func firstRunsAtOnceAllCreateTheDatabase() async throws {
        for round in 0..<8 {
            let home = try TemporaryFolder.make()
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await StoriesProcess.run(["seen", "ada-\(index % 5)", "--source", "bundled"], home: home)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let failed = results.filter { $0.status != 0 }
            #expect(failed.isEmpty, "round \(round): \(failed.map { "\($0.status) \($0.stderr)" })")
            let state = try Self.json(try await StoriesProcess.run(["state", "--json"], home: home).stdout)
            #expect(state["seenItems"] as? Int == 5)
        }
    }

    /// Without a terminal, bare `stories` prints the tray and exits 0 (it crashed on options
    /// ArgumentParser had not parsed).
    @Test func bareStoriesWithoutATerminalPrintsTheTray() async throws {
        let result = try await StoriesProcess.run(["--source", "bundled", "--store", "memory"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("◉ Ada Lovelace  0/5 seen  [ada]"), "\(result.stdout)")
        #expect(result.stderr.contains("not a terminal"))
        #expect(!result.stderr.contains("Can't read"))
    }

    @Test func photosAndPhotoInBundledMode() async throws {
        let photos = try Self.json(
            try await StoriesProcess.run(["photos", "--source", "bundled", "--limit", "4", "--json"]).stdout)
        let list = try #require(photos["photos"] as? [[String: Any]])
        #expect(list.count == 4)
        #expect(Set(list[0].keys) == ["id", "author", "width", "height", "url", "downloadURL"])
        #expect(try await StoriesProcess.run(["photo", "nope", "--source", "bundled"]).status == 65)
    }

    @Test func thePicsumSourceAgainstTheStub() async throws {
        let stub = try await PicsumStubProcess()
        let flags = ["--source", "picsum", "--picsum-url", stub.baseURL.absoluteString]
        let home = try TemporaryFolder.make()
        let tray = try Self.json(
            try await StoriesProcess.run(["tray", "--json", "--limit", "30"] + flags, home: home).stdout)
        #expect(tray["source"] as? String == "picsum")
        let users = try #require(tray["users"] as? [[String: Any]])
        #expect(users.first?["id"] as? String == "alejandro-escamilla")
        let view = try await StoriesProcess.run(
            ["view", "paul-jarvis", "--keys", "close", "--json"] + flags, home: home)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains(#""event":"itemSeen""#) && view.stdout.hasSuffix(#"{"event":"closed"}"# + "\n"))
        let photo = try Self.json(try await StoriesProcess.run(["photo", "10", "--json"] + flags, home: home).stdout)
        #expect(photo["id"] as? String == "10")
    }

    @Test func anUnreachablePicsumExits69AndAutoFallsBack() async throws {
        let down = try await StoriesProcess.run([
            "photo", "1", "--source", "picsum", "--picsum-url", "http://127.0.0.1:9",
        ])
        #expect(down.status == 69, "\(down.stderr)")
        let auto = try await StoriesProcess.run(["tray", "--json", "--picsum-url", "http://127.0.0.1:9"])
        #expect(auto.status == 0)
        #expect(try Self.json(auto.stdout)["source"] as? String == "bundled")
        #expect(auto.stderr.contains("cannot be reached"))
    }
}

@Suite("stories doctor, as a process")
struct DoctorCommandTests {
    @Test func aDamagedStoreExits74AndRepairMovesItAsideOnlyWhenAsked() async throws {
        let home = try TemporaryFolder.make()
        let offline = ["--picsum-url", "http://127.0.0.1:9"]
        let healthy = try await StoriesProcess.run(["doctor"] + offline, home: home)
        #expect(healthy.status == 0, "\(healthy.stderr)")
        #expect(healthy.stdout.contains("store: ") && healthy.stdout.contains("ok (wal"))
        #expect(healthy.stdout.contains("content: auto: Picsum at http://127.0.0.1:9 cannot be reached"))
        // What plays here, as the viewer plays it: an animated WebP through libwebp (it said
        // "WebP: stills" after libwebp had made them play).
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), FFmpegVideoDecoder.animatedWebP.available {
            #expect(healthy.stdout.contains("(ffmpeg found); WebP, still or animated: plays (libwebp found)"))
        }
        let path = home + "/.local/share/stories/state.sqlite"
        // The file replaced by garbage, and with it its write-ahead log: a process may exit before
        // its last pool closes (GRDB releases it on its own queue), leaving a -wal whose frames
        // SQLite would read in place of the garbage.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
        let damaged = try await StoriesProcess.run(["doctor"] + offline, home: home)
        #expect(damaged.status == 74)
        #expect(damaged.stderr.contains(path) && damaged.stderr.contains("stories doctor --repair"))
        #expect(
            try await StoriesProcess.run(["state"], home: home).status == 74, "every command refuses it the same way")
        let repaired = try await StoriesProcess.run(["doctor", "--repair"] + offline, home: home)
        #expect(repaired.status == 0)
        #expect(repaired.stdout.contains("moved the damaged \(path) to \(path).damaged-"))
        #expect(try await StoriesProcess.run(["state"], home: home).status == 0)
    }
}
