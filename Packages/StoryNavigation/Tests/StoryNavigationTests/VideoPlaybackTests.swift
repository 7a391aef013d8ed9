import StoryInterfaces
import StoryNavigation
import Testing

/// A video shown with `videoReady` follows its playback, not the clock.
@Suite("Videos that follow their playback")
struct VideoPlaybackTests {
    /// The first item a 6 s video, then an image.
    static func playing() -> StoryViewer {
        var (viewer, _) = open([2], videos: ["u0-0": 6])
        let events = viewer.send(.videoReady("u0-0"))
        #expect(events == [.itemSeen(user: "u0", item: "u0-0", index: 0)])
        return viewer
    }

    @Test func theBarStandsStillBeforeTheFirstFrameAndWhileTheVideoStalls() {
        var viewer = Self.playing()
        _ = viewer.send(.tick(.seconds(3)))
        #expect(viewer.elapsed == .zero, "the clock alone does not move a video")
        #expect(viewer.send(.played("u0-0", at: .zero)) == [.playbackStarted("u0-0")])
        #expect(viewer.isPlaying)
        _ = viewer.send(.played("u0-0", at: .milliseconds(1_500)))
        #expect(viewer.elapsed == .milliseconds(1_500))
        // A stalled source sends no frames: however long the clock runs, the bar stays.
        _ = viewer.send(.tick(.seconds(10)), .tick(.seconds(10)))
        #expect(viewer.elapsed == .milliseconds(1_500) && viewer.here == "u0-0")
        #expect(viewer.progress == 0.25)
    }

    @Test func theVideoEndsWithItsLastFrameOrAtItsDuration() {
        var viewer = Self.playing()
        _ = viewer.send(.played("u0-0", at: .zero), .played("u0-0", at: .milliseconds(5_900)))
        let ended = viewer.send(.playbackEnded("u0-0"))
        #expect(ended.contains(.itemShown(user: "u0", item: "u0-1", index: 1, count: 2)))
        #expect(viewer.here == "u0-1" && viewer.elapsed == .zero && !viewer.followsPlayback)

        var reaching = Self.playing()
        let atEnd = reaching.send(.played("u0-0", at: .seconds(6)))
        #expect(atEnd.contains(.itemShown(user: "u0", item: "u0-1", index: 1, count: 2)))
    }

    @Test func aLongVideoIsCutAtSixtySeconds() {
        var (viewer, _) = open([2], videos: ["u0-0": 90])
        _ = viewer.send(.videoReady("u0-0"), .played("u0-0", at: .seconds(59)))
        #expect(viewer.here == "u0-0")
        _ = viewer.send(.played("u0-0", at: .seconds(60)))
        #expect(viewer.here == "u0-1")
    }

    @Test func framesOfAnotherItemOrAfterLeavingAreIgnored() {
        var viewer = Self.playing()
        #expect(viewer.send(.played("u0-1", at: .seconds(2))).isEmpty)
        _ = viewer.send(.next)
        #expect(viewer.send(.played("u0-0", at: .seconds(2))).isEmpty)
        #expect(viewer.elapsed == .zero)
    }

    @Test func pauseKeepsThePositionAndRevisitingStartsFromZero() {
        var viewer = Self.playing()
        _ = viewer.send(.played("u0-0", at: .zero), .played("u0-0", at: .seconds(2)))
        _ = viewer.send(.pause)
        #expect(viewer.elapsed == .seconds(2))
        _ = viewer.send(.resume, .played("u0-0", at: .milliseconds(2_100)))
        #expect(viewer.elapsed == .milliseconds(2_100))
        _ = viewer.send(.next, .previous)
        #expect(viewer.here == "u0-0" && viewer.elapsed == .zero && !viewer.isPlaying)
        _ = viewer.send(.videoReady("u0-0"))
        #expect(viewer.send(.played("u0-0", at: .zero)) == [.playbackStarted("u0-0")])
    }

    @Test func aVideoThatStopsPlayingFailsInPlaceAndRetryStartsItAgain() {
        var viewer = Self.playing()
        _ = viewer.send(.played("u0-0", at: .zero), .played("u0-0", at: .seconds(3)))
        #expect(
            viewer.send(.mediaFailed("u0-0", reason: "cannot decode")) == [
                .mediaFailed(item: "u0-0", reason: "cannot decode")
            ])
        #expect(viewer.send(.retry) == [.retrying(item: "u0-0")])
        #expect(viewer.elapsed == .zero && viewer.media == .loading)
    }

    @Test func onTheClockAVideoSaysWhenItStartedPlaying() {
        var (viewer, _) = open([2], videos: ["u0-0": 6])
        let events = viewer.send(.mediaReady("u0-0"))
        #expect(events == [.itemSeen(user: "u0", item: "u0-0", index: 0), .playbackStarted("u0-0")])
        _ = viewer.send(.tick(.seconds(3)))
        #expect(viewer.progress == 0.5, "scripted runs keep the virtual clock")
        // An image never follows playback, even when told videoReady.
        _ = viewer.send(.next)
        #expect(viewer.send(.videoReady("u0-1")) == [.itemSeen(user: "u0", item: "u0-1", index: 1)])
        #expect(!viewer.followsPlayback)
    }
}
