import FeedPaging
import Foundation
import StoryInterfaces

/// Packages/FeedPaging/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum FeedPagingExample {
    static func run(
        pageFetcher: any PageFetching<Story>, render: @escaping @Sendable ([FeedEntry<Story>], FeedPhase) -> Void
    ) async throws {
        // README
        let feed = FeedPaginator(
            source: pageFetcher,  // any PageFetching<Story>
            configuration: try FeedPagingConfiguration(pageSize: 7, prefetchDistance: 3, wrap: false),
            id: { $0.user.id })
        Task { for await snapshot in await feed.snapshots() { render(snapshot.entries, snapshot.phase) } }
        await feed.start()
        await feed.didShow(position: 5)  // loads the next page when near the end
        // /README
    }
}
