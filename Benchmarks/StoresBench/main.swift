import Foundation
import SeenLikeStore
import StoryInterfaces

// The seen/like rows of QUALITY.md, measured in one process; Scripts/bench runs it and takes
// medians. Every write is durable on return (the store's contract; the baseline synchronises).
//
// usage: StoresBench writes N          N mark-seen then N like toggles: SQLite store vs the seeds'
//                                      way (a Set of ids in UserDefaults rewritten per change)
//        StoresBench scaling ROWS N    seconds per write for N writes into a store holding ROWS rows

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    let elapsed = start.duration(to: clock.now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func temporaryStorePath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stores-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("state.sqlite").path
}

/// The seeds' way: the whole set of ids re-encoded into UserDefaults on every change, as a
/// property-list array. (Built as an explicit NSArray of NSStrings: bridging a Swift array
/// crashes statically linked Foundation inside CF.)
func userDefaultsWrites(_ count: Int) -> Double {
    let suite = "stories-bench-\(UUID().uuidString)"
    let defaults = UserDefaults(suiteName: suite)!
    defer { defaults.removePersistentDomain(forName: suite) }
    let clock = ContinuousClock()
    let start = clock.now
    var seen = Set<String>()
    var liked = Set<String>()
    for index in 0..<count {
        seen.insert("item-\(index)")
        defaults.set(NSArray(array: seen.map { NSString(string: $0) }), forKey: "seenItems")
        defaults.synchronize()
    }
    for index in 0..<count {
        let id = "item-\(index)"
        if liked.contains(id) { liked.remove(id) } else { liked.insert(id) }
        defaults.set(NSArray(array: liked.map { NSString(string: $0) }), forKey: "likedItems")
        defaults.synchronize()
    }
    let elapsed = start.duration(to: clock.now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func storeWrites(_ count: Int) async throws -> Double {
    let store = try SQLiteSeenLikeStore(path: try temporaryStorePath())
    return try await seconds {
        for index in 0..<count {
            try await store.markSeen(StoryItemID("item-\(index)"), user: UserID("user-\(index / 5)"), index: index % 5)
        }
        for index in 0..<count {
            try await store.setLiked(StoryItemID("item-\(index)"), true)
        }
    }
}

func perWrite(rows: Int, writes: Int) async throws -> Double {
    let store = try SQLiteSeenLikeStore(path: try temporaryStorePath())
    for index in 0..<rows {
        try await store.markSeen(StoryItemID("fill-\(index)"), user: UserID("user-\(index / 5)"), index: index % 5)
    }
    let total = try await seconds {
        for index in 0..<writes {
            try await store.markSeen(StoryItemID("new-\(index)"), user: UserID("new-\(index / 5)"), index: index % 5)
        }
    }
    return total / Double(writes)
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.dropFirst().compactMap { Int($0) }) {
case ("writes", let numbers) where numbers.count == 1:
    let ours = try await storeWrites(numbers[0])
    let baseline = userDefaultsWrites(numbers[0])
    print(#"{"ours":\#(ours),"baseline":\#(baseline)}"#)
case ("scaling", let numbers) where numbers.count == 2:
    print(#"{"perWrite":\#(try await perWrite(rows: numbers[0], writes: numbers[1]))}"#)
default:
    FileHandle.standardError.write(Data("usage: StoresBench writes N | StoresBench scaling ROWS N\n".utf8))
    exit(64)
}
