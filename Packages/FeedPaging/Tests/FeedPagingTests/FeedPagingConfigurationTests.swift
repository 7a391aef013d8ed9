import FeedPaging
import StoryInterfaces
import Testing

@Suite("Feed paging configuration")
struct FeedPagingConfigurationTests {
    @Test func defaultsFollowTheProductSpec() throws {
        let configuration = try FeedPagingConfiguration()
        #expect(configuration.pageSize == 30)
        #expect(configuration.prefetchDistance == 5)
        #expect(configuration.wrap)
    }

    @Test(arguments: [0, -5, 101])
    func pageSizesOutsidePicsumsRangeAreRefused(pageSize: Int) {
        #expect(throws: PageRequestError.limitOutOfRange(pageSize)) {
            try FeedPagingConfiguration(pageSize: pageSize)
        }
    }

    @Test(arguments: [(0, 30, false), (24, 30, true), (23, 30, false), (29, 30, true), (0, 0, true)])
    func prefetchTriggersWithinTheDistance(position: Int, loaded: Int, expected: Bool) throws {
        let configuration = try FeedPagingConfiguration(prefetchDistance: 5)
        #expect(configuration.shouldLoadMore(shownPosition: position, loadedCount: loaded) == expected)
    }
}
