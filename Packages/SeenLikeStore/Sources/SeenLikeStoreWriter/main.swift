import Foundation
import SeenLikeStore
import StoryInterfaces

// A helper for the durability and concurrency tests: writes COUNT changes to the SQLite store
// at PATH, item ids `PREFIX-0` …, alternating mark-seen and like, and prints `ack ID` after
// each write has returned (so a parent that kills it knows which writes were acknowledged).
//
// usage: seenlike-writer PATH PREFIX COUNT
let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), count >= 0 else {
    FileHandle.standardError.write(Data("usage: seenlike-writer PATH PREFIX COUNT\n".utf8))
    exit(64)
}
let (path, prefix) = (arguments[1], arguments[2])

do {
    let store = try SQLiteSeenLikeStore(path: path, busyTimeout: .seconds(30))
    for index in 0..<count {
        let item = StoryItemID("\(prefix)-\(index)")
        if index.isMultiple(of: 2) {
            try await store.markSeen(item, user: UserID("\(prefix)-user-\(index % 7)"), index: index)
        } else {
            try await store.setLiked(item, true)
        }
        FileHandle.standardOutput.write(Data("ack \(item.rawValue)\n".utf8))  // unbuffered: one write per ack
    }
} catch {
    FileHandle.standardError.write(Data("seenlike-writer: \(error)\n".utf8))
    exit(74)
}
