import StoryInterfaces
import StoryNavigation
import Testing

@Suite("Viewer scenarios")
struct StoryViewerScenarioTests {
    @Test func opensAtTheFirstUnseenItemWithPrefetchHints() {
        let (viewer, events) = open([3, 2], seen: ["u0-0"])
        #expect(viewer.position == ViewerPosition(userIndex: 0, itemIndex: 1))
        #expect(
            events == [
                .itemShown(user: "u0", item: "u0-1", index: 1, count: 3), .prefetch("u0-2"), .prefetch("u1-0"),
            ])
        let (allSeen, _) = open([2], seen: ["u0-0", "u0-1"])
        #expect(allSeen.position?.itemIndex == 0)
    }

    @Test func theClockDoesNotRunBeforeTheMediaIsOnScreen() {
        var (viewer, _) = open([2])
        #expect(viewer.send(.tick(.seconds(30))).isEmpty)
        #expect(viewer.elapsed == .zero && viewer.here == "u0-0")
        #expect(viewer.ready() == [.itemSeen(user: "u0", item: "u0-0", index: 0)])
        _ = viewer.send(.tick(.milliseconds(4_999)))
        #expect(viewer.here == "u0-0")
        #expect(
            visible(viewer.send(.tick(.milliseconds(1)))) == [.itemShown(user: "u0", item: "u0-1", index: 1, count: 2)])
    }

    @Test func timePastTheEndCarriesOverOnceTheNextMediaIsReady() {
        var (viewer, _) = open([4])
        _ = viewer.ready()
        _ = viewer.send(.tick(.seconds(12)))
        #expect(viewer.here == "u0-1" && viewer.elapsed == .zero && viewer.carriedOver == .seconds(7))
        let events = visible(viewer.ready())
        #expect(
            events == [
                .itemSeen(user: "u0", item: "u0-1", index: 1), .itemShown(user: "u0", item: "u0-2", index: 2, count: 4),
            ])
        _ = viewer.ready()
        #expect(viewer.here == "u0-2" && viewer.elapsed == .seconds(2))
    }

    @Test func videosDriveTheirBarAndAreCappedAtAMinute() {
        var (viewer, _) = open([3], videos: ["u0-0": 12, "u0-1": 600])
        _ = viewer.ready()
        #expect(viewer.duration == .seconds(12))
        _ = viewer.send(.tick(.seconds(6)))
        #expect(viewer.progress == 0.5)
        _ = viewer.send(.tick(.seconds(6)))
        _ = viewer.ready()
        #expect(viewer.duration == .seconds(60))
    }

    @Test func pauseAddsAndLosesNoTime() {
        var (viewer, _) = open([2])
        _ = viewer.ready()
        _ = viewer.send(.tick(.seconds(2)))
        #expect(viewer.send(.pause) == [.paused])
        #expect(viewer.send(.pause).isEmpty)
        _ = viewer.send(.tick(.seconds(100)))
        #expect(viewer.send(.resume) == [.resumed])
        #expect(viewer.elapsed == .seconds(2))
        _ = viewer.send(.tick(.seconds(3)))
        #expect(viewer.here == "u0-1")
    }

    @Test func nextAndPreviousCrossUsers() {
        var (viewer, _) = open([2, 3, 1], seen: ["u1-0"])
        _ = viewer.send(.next)
        #expect(viewer.here == "u0-1")
        #expect(
            visible(viewer.send(.next)) == [
                .userChanged(from: "u0", to: "u1"), .itemShown(user: "u1", item: "u1-1", index: 1, count: 3),
            ])
        _ = viewer.send(.previous, .previous)
        #expect(viewer.here == "u0-1", "previous on a user's first item goes to the previous user's last item")
        _ = viewer.send(.nextUser, .nextUser)
        #expect(viewer.here == "u2-0")
        #expect(viewer.send(.next) == [.closed], "next on the last user's last item closes")
        #expect(viewer.position == nil)
        #expect(viewer.send(.next).isEmpty)
    }

    @Test func previousOnTheVeryFirstItemStartsItAgain() {
        var (viewer, _) = open([2])
        _ = viewer.ready()
        _ = viewer.send(.tick(.seconds(3)))
        #expect(visible(viewer.send(.previous)) == [.itemShown(user: "u0", item: "u0-0", index: 0, count: 2)])
        #expect(viewer.elapsed == .zero && viewer.media == .loading)
    }

    @Test func previousUserGoesToTheirFirstUnseenItem() {
        var (viewer, _) = open([3, 2], at: 1, seen: ["u0-0"])
        #expect(
            visible(viewer.send(.previousUser)) == [
                .userChanged(from: "u1", to: "u0"), .itemShown(user: "u0", item: "u0-1", index: 1, count: 3),
            ])
        _ = viewer.send(.next)
        _ = viewer.send(.previousUser)
        #expect(viewer.here == "u0-0", "no user before: the story starts again")
    }

    @Test func aFailedMediaStopsTheClockUntilRetryOrSkip() {
        var (viewer, _) = open([3])
        #expect(
            viewer.send(.mediaFailed("u0-0", reason: "HTTP 503")) == [.mediaFailed(item: "u0-0", reason: "HTTP 503")])
        _ = viewer.send(.tick(.seconds(60)))
        #expect(viewer.here == "u0-0" && viewer.elapsed == .zero)
        #expect(viewer.send(.retry) == [.retrying(item: "u0-0")])
        #expect(viewer.media == .loading)
        _ = viewer.send(.mediaFailed("u0-0", reason: "again"), .next)
        #expect(viewer.here == "u0-1")
    }

    @Test func mediaTheTerminalCouldNotShowFailsAndIsNotSeen() {
        var (viewer, _) = open([3], seen: ["u0-1"])
        _ = viewer.send(.mediaReady("u0-0"), .tick(.seconds(2)))
        #expect(viewer.seen.contains("u0-0"))
        #expect(
            viewer.send(.notShown("u0-0", reason: "refused"))
                == [.mediaFailed(item: "u0-0", reason: "refused")])
        #expect(!viewer.seen.contains("u0-0") && viewer.elapsed == .zero && viewer.media == .failed(reason: "refused"))
        _ = viewer.send(.tick(.seconds(60)))
        #expect(viewer.here == "u0-0", "the clock stays stopped")
        // An item seen before stays seen (the store has it); a late answer changes nothing.
        _ = viewer.send(.next, .mediaReady("u0-1"), .notShown("u0-1", reason: "refused"))
        #expect(viewer.seen.contains("u0-1") && viewer.media == .failed(reason: "refused"))
        #expect(viewer.send(.notShown("u0-1", reason: "again")).isEmpty, "only a shown item can be not shown")
    }

    @Test func lateSignalsForAnotherItemAreIgnored() {
        var (viewer, _) = open([3])
        _ = viewer.send(.next)
        #expect(viewer.send(.mediaReady("u0-0")).isEmpty)
        #expect(viewer.send(.mediaFailed("u0-0", reason: "x")).isEmpty)
        #expect(viewer.media == .loading)
    }

    @Test func likesToggle() {
        var (viewer, _) = open([2])
        #expect(viewer.send(.toggleLike) == [.liked("u0-0")])
        #expect(viewer.isCurrentLiked)
        #expect(viewer.send(.toggleLike) == [.unliked("u0-0")])
        #expect(!viewer.isCurrentLiked)
    }

    @Test func movingEndsAPause() {
        var (viewer, _) = open([3])
        _ = viewer.send(.pause)
        #expect(visible(viewer.send(.next)) == [.resumed, .itemShown(user: "u0", item: "u0-1", index: 1, count: 3)])
        #expect(!viewer.isPaused)
    }

    @Test func rapidPressesNeverDesynchroniseTheSegments() {
        var (viewer, _) = open([6, 4])
        for _ in 0..<7 { _ = viewer.send(.next) }
        #expect(viewer.here == "u1-1")
        #expect(viewer.segments == [1, 0, 0, 0])
        for _ in 0..<3 { _ = viewer.send(.previous) }
        #expect(viewer.here == "u0-4")
        #expect(viewer.segments == [1, 1, 1, 1, 0, 0])
    }

    @Test func usersWithoutItemsAreSkipped() {
        var (viewer, events) = open([0, 2, 0, 1])
        #expect(viewer.here == "u1-0")
        #expect(events.contains(.prefetch("u3-0")))
        _ = viewer.send(.nextUser)
        #expect(viewer.here == "u3-0")
        let (empty, none) = open([0, 0])
        #expect(empty.position == nil && none.isEmpty)
    }

    @Test func accessibleModeNeverAdvancesByItself() throws {
        var (viewer, _) = open([2], configuration: try ViewerConfiguration(accessible: true))
        _ = viewer.ready()
        #expect(viewer.send(.tick(.seconds(60))).isEmpty)
        #expect(viewer.here == "u0-0")
        #expect(viewer.progress == 1)
    }
}

@Suite("Accessible sentences")
struct ViewerNarratorTests {
    @Test func everyEventIsOnePlainSentence() {
        var (viewer, opening) = open([5, 2], videos: ["u0-1": 12])
        #expect(ViewerNarrator.sentence(for: opening[0], in: viewer) == "Photo 1 of 5 by User 0, 1080×1920.")
        #expect(ViewerNarrator.sentence(for: opening[1], in: viewer) == nil)
        let liked = viewer.send(.toggleLike)
        #expect(ViewerNarrator.sentence(for: liked[0], in: viewer) == "Liked photo 1 of 5 by User 0.")
        let shown = viewer.send(.previous)
        #expect(ViewerNarrator.sentence(for: shown[0], in: viewer) == "Photo 1 of 5 by User 0, 1080×1920, liked.")
        let next = viewer.send(.next)
        #expect(ViewerNarrator.sentence(for: next[0], in: viewer) == "Video 2 of 5 by User 0, 0:12.")
        let failed = viewer.send(.mediaFailed("u0-1", reason: "HTTP 404"))
        #expect(
            ViewerNarrator.sentence(for: failed[0], in: viewer)
                == "Video 2 of 5 by User 0 could not be loaded: HTTP 404. Press r to retry or the right arrow to skip.")
        let user = viewer.send(.nextUser)
        #expect(ViewerNarrator.sentence(for: user[0], in: viewer) == "Now viewing User 1's story, 2 items.")
        #expect(ViewerNarrator.sentence(for: .paused, in: viewer) == "Paused.")
        #expect(ViewerNarrator.sentence(for: .closed, in: viewer) == "Viewer closed.")
    }
}
