import Foundation
import Testing

@Suite("tray, view, like, seen, state, reset, photos — as processes")
struct ContentCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theTrayJSONHasEveryKeyAndEndsWithNextNull() throws {
        let home = try TemporaryFolder.make()
        let first = try StoriesProcess.run(["tray", "--source", "bundled", "--limit", "5", "--json"], home: home)
        #expect(first.status == 0, "\(first.stderr)")
        let report = try Self.json(first.stdout)
        #expect(report["source"] as? String == "bundled")
        #expect(report["page"] as? Int == 1 && report["next"] as? Int == 2)
        let users = try #require(report["users"] as? [[String: Any]])
        #expect(users.count == 5)
        #expect(Set(users[0].keys) == ["id", "name", "avatar", "ring", "items", "seenItems", "resumeIndex"])
        let last = try Self.json(
            try StoriesProcess.run(["tray", "--source", "bundled", "--limit", "100", "--json"], home: home).stdout)
        #expect(last["next"] is NSNull)
        #expect((last["users"] as? [Any])?.count ?? 0 >= 40)
    }

    @Test func viewingWritesStateThatLaterRunsSee() throws {
        let home = try TemporaryFolder.make()
        let view = try StoriesProcess.run(
            ["view", "alan", "--source", "bundled", "--keys", "like wait:5s", "--json"], home: home)
        #expect(view.status == 0, "\(view.stderr)")
        let events = view.stdout.split(separator: "\n").compactMap { try? Self.json(String($0))["event"] as? String }
        #expect(events.prefix(3) == ["itemShown", "itemSeen", "liked"])
        let state = try Self.json(try StoriesProcess.run(["state", "--json"], home: home).stdout)
        #expect(state["likedItemIds"] as? [String] == ["alan-0"])
        #expect((state["seenItemIds"] as? [String])?.contains("alan-0") == true)
        let tray = try Self.json(
            try StoriesProcess.run(["tray", "--source", "bundled", "--limit", "3", "--json"], home: home).stdout)
        let alan = (tray["users"] as? [[String: Any]])?.first { $0["id"] as? String == "alan" }
        #expect(alan?["ring"] as? String == "seen", "alan has one item, seen: gray, and sorted after the unseen")
        #expect((tray["users"] as? [[String: Any]])?.last?["id"] as? String == "alan")
    }

    @Test func likeSeenAndResetAreShortLinesAndUnknownIdsExit65() throws {
        let home = try TemporaryFolder.make()
        let like = try StoriesProcess.run(["like", "ada-0", "--source", "bundled"], home: home)
        #expect(like.status == 0 && like.stdout == "liked ada-0\n")
        #expect(try StoriesProcess.run(["like", "no-such-item", "--source", "bundled"], home: home).status == 65)
        #expect(
            try StoriesProcess.run(["seen", "ada-1", "no-such-item", "--source", "bundled"], home: home).status == 65)
        #expect(
            try Self.json(try StoriesProcess.run(["state", "--json"], home: home).stdout)["seenItems"] as? Int == 0,
            "nothing written")
        #expect(
            try StoriesProcess.run(["view", "nobody", "--source", "bundled", "--keys", "next"], home: home).status == 65
        )
        #expect(try StoriesProcess.run(["view", "ada", "--keys", "fly"], home: home).status == 64)
        #expect(try StoriesProcess.run(["reset"], home: home).status == 64)
        #expect(try StoriesProcess.run(["reset", "--likes"], home: home).stdout == "reset likes\n")
        #expect(
            try Self.json(try StoriesProcess.run(["state", "--json"], home: home).stdout)["likedItems"] as? Int == 0)
    }

    @Test func twoProcessesAtOnceLoseNothing() throws {
        let home = try TemporaryFolder.make()
        let runs = [["seen", "ada-0", "ada-1", "grace-0"], ["seen", "alan-0", "luna-0", "kai-0"]]
        let results = ResultsBox()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.set(index, try? StoriesProcess.run(runs[index] + ["--source", "bundled"], home: home))
        }
        #expect(results.all.allSatisfy { $0?.status == 0 })
        let state = try Self.json(try StoriesProcess.run(["state", "--json"], home: home).stdout)
        #expect(state["seenItems"] as? Int == 6)
    }

    @Test func photosAndPhotoInBundledMode() throws {
        let photos = try Self.json(
            try StoriesProcess.run(["photos", "--source", "bundled", "--limit", "4", "--json"]).stdout)
        let list = try #require(photos["photos"] as? [[String: Any]])
        #expect(list.count == 4)
        #expect(Set(list[0].keys) == ["id", "author", "width", "height", "url", "downloadURL"])
        #expect(try StoriesProcess.run(["photo", "nope", "--source", "bundled"]).status == 65)
    }

    @Test func thePicsumSourceAgainstTheStub() throws {
        let stub = try PicsumStubProcess()
        let flags = ["--source", "picsum", "--picsum-url", stub.baseURL.absoluteString]
        let home = try TemporaryFolder.make()
        let tray = try Self.json(
            try StoriesProcess.run(["tray", "--json", "--limit", "30"] + flags, home: home).stdout)
        #expect(tray["source"] as? String == "picsum")
        let users = try #require(tray["users"] as? [[String: Any]])
        #expect(users.first?["id"] as? String == "alejandro-escamilla")
        let view = try StoriesProcess.run(["view", "paul-jarvis", "--keys", "close", "--json"] + flags, home: home)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout.contains(#""event":"itemSeen""#) && view.stdout.hasSuffix(#"{"event":"closed"}"# + "\n"))
        let photo = try Self.json(try StoriesProcess.run(["photo", "10", "--json"] + flags, home: home).stdout)
        #expect(photo["id"] as? String == "10")
    }

    @Test func anUnreachablePicsumExits69AndAutoFallsBack() throws {
        let down = try StoriesProcess.run(["photo", "1", "--source", "picsum", "--picsum-url", "http://127.0.0.1:9"])
        #expect(down.status == 69, "\(down.stderr)")
        let auto = try StoriesProcess.run(["tray", "--json", "--picsum-url", "http://127.0.0.1:9"])
        #expect(auto.status == 0)
        #expect(try Self.json(auto.stdout)["source"] as? String == "bundled")
        #expect(auto.stderr.contains("cannot be reached"))
    }
}

final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: ProcessResult?] = [:]
    func set(_ index: Int, _ value: ProcessResult?) { lock.withLock { values[index] = value } }
    var all: [ProcessResult?] { lock.withLock { values.keys.sorted().map { values[$0]! } } }
}

@Suite("stories doctor, as a process")
struct DoctorCommandTests {
    @Test func aDamagedStoreExits74AndRepairMovesItAsideOnlyWhenAsked() throws {
        let home = try TemporaryFolder.make()
        let offline = ["--picsum-url", "http://127.0.0.1:9"]
        let healthy = try StoriesProcess.run(["doctor"] + offline, home: home)
        #expect(healthy.status == 0, "\(healthy.stderr)")
        #expect(healthy.stdout.contains("store: ") && healthy.stdout.contains("ok (wal"))
        #expect(healthy.stdout.contains("network: http://127.0.0.1:9 cannot be reached"))
        let path = home + "/.local/share/stories/state.sqlite"
        try FileManager.default.removeItem(atPath: path)
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
        let damaged = try StoriesProcess.run(["doctor"] + offline, home: home)
        #expect(damaged.status == 74)
        #expect(damaged.stderr.contains(path) && damaged.stderr.contains("stories doctor --repair"))
        #expect(try StoriesProcess.run(["state"], home: home).status == 74, "every command refuses it the same way")
        let repaired = try StoriesProcess.run(["doctor", "--repair"] + offline, home: home)
        #expect(repaired.status == 0)
        #expect(repaired.stdout.contains("moved the damaged \(path) to \(path).damaged-"))
        #expect(try StoriesProcess.run(["state"], home: home).status == 0)
    }
}
