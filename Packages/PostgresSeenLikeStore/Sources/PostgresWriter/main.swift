import Foundation
import PostgresSeenLikeStore
import StoryInterfaces

// A helper for the multi-process and kill -9 tests: marks COUNT items PREFIX-0 … seen, one
// durable write each, and prints "ok N" after each acknowledged write (the tests read the
// last acknowledged N after killing it).
//
// usage: postgres-writer URL PREFIX COUNT
let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: postgres-writer URL PREFIX COUNT\n".utf8))
    exit(64)
}
do {
    let store = try await PostgresSeenLikeStore.open(
        PostgresStoreConfiguration(url: arguments[1], timeout: .seconds(30)))
    for index in 0..<count {
        try await store.markSeen(StoryItemID("\(arguments[2])-\(index)"), user: UserID(arguments[2]), index: index)
        FileHandle.standardOutput.write(Data("ok \(index)\n".utf8))  // unbuffered: said once acknowledged
    }
    await store.close()
} catch {
    FileHandle.standardError.write(Data("postgres-writer: \(error)\n".utf8))
    exit(1)
}
