import FeedPaging
import Foundation
import StoryInterfaces

// The "paging memory" row of QUALITY.md: peak RSS after scrolling N positions through a
// wrap-around feed of 1 000 users (pages of 30, one user at a time), so Scripts/bench can
// compare 100 000 steps with 1 000.
//
// usage: PagingBench STEPS

struct User: Sendable, Identifiable {
    var id: String
    var name: String
    var avatar: String
}

struct Users: PageFetching {
    let count = 1_000
    func fetch(_ request: PageRequest) async throws -> Page<User> {
        let start = min(count, (request.page - 1) * request.limit)
        let end = min(count, start + request.limit)
        let users = (start..<end).map { index in
            User(
                id: "user-\(index)", name: "User number \(index) " + String(repeating: "·", count: 40),
                avatar: "https://picsum.photos/id/\(index)/200/200")
        }
        return Page(
            request: request, elements: users,
            nextPage: request.page == 1 || end - start == request.limit ? request.page + 1 : nil)
    }
}

/// The high-water mark of resident memory (getrusage's ru_maxrss: KiB on Linux, bytes on Darwin), in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
        let who = RUSAGE_SELF
    #else
        let who = RUSAGE_SELF.rawValue
    #endif
    guard getrusage(who, &usage) == 0 else { return -1 }
    #if canImport(Darwin)
        return Int(usage.ru_maxrss)
    #else
        return Int(usage.ru_maxrss) * 1024
    #endif
}

guard CommandLine.arguments.count == 2, let steps = Int(CommandLine.arguments[1]), steps > 0 else {
    FileHandle.standardError.write(Data("usage: PagingBench STEPS\n".utf8))
    exit(64)
}
let feed = FeedPaginator(
    source: Users(), configuration: try FeedPagingConfiguration(pageSize: 30, prefetchDistance: 5, wrap: true))
for position in 0..<steps {
    await feed.didShow(position: position)
}
let snapshot = await feed.snapshot()
guard snapshot.entries.last.map({ $0.position >= steps - 1 }) == true else {
    FileHandle.standardError.write(Data("PagingBench: the feed did not reach position \(steps - 1)\n".utf8))
    exit(70)
}
print(#"{"steps":\#(steps),"peakRSS":\#(peakResidentBytes()),"window":\#(snapshot.entries.count)}"#)
