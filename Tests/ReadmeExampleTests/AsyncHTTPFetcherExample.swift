import AsyncHTTPFetcher
import Foundation
import StoryInterfaces

/// Packages/AsyncHTTPFetcher/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum AsyncHTTPFetcherExample {
    static func run() async throws {
        // README
        let http = AsyncHTTPClientFetcher()  // one client for the process
        let response = try await http.fetch(
            HTTPFetchRequest(
                url: URL(string: "https://picsum.photos/v2/list")!, maximumBytes: 2 << 20, deadline: .seconds(15)))
        print(response.status, response.body.count)
        await http.shutdown()
        // /README
    }
}
