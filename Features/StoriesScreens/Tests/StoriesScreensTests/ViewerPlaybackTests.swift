import Foundation
import StoriesScreens
import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

/// Videos in the viewer: the first frame shows, playback starts, frames move the bar, and
/// pausing, leaving, failing and ending tell the runtime's player.
@Suite("Viewer: videos that play")
struct ViewerPlaybackTests {
    static let video = PreparedVideo(
        file: URL(fileURLWithPath: "/clips/kai.mp4"), box: VideoBox(width: 40, height: 60, frameRate: 15))

    /// The viewer on Kai's second item (a 12 s video), its load under way.
    static func onTheVideo() -> AppModel {
        var model = ScreenFixtures.openViewer(at: 3)
        let effects = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(model.viewer?.viewer.current?.item.id == "kai-1")
        // Prefetched when the viewer opened: raised now.
        #expect(effects.contains { if case .viewer(.raiseMedia(let item)) = $0 { item.id == "kai-1" } else { false } })
        return model
    }

    static func firstFrameLoaded(_ model: inout AppModel, video: PreparedVideo? = Self.video) -> [AppEffect] {
        AppUpdate.update(
            &model,
            .viewer(.mediaLoaded("kai-1", .success(DecodedMedia(image: ScreenFixtures.picture(), video: video)))))
    }

    @Test func theFirstFrameStartsPlaybackAndOnlyFramesMoveTheBar() {
        var model = Self.onTheVideo()
        #expect(Self.firstFrameLoaded(&model).contains(.viewer(.playVideo("kai-1", Self.video))))
        #expect(model.viewer?.playing == "kai-1")
        _ = AppUpdate.update(&model, .tick(.seconds(3)))
        #expect(model.viewer?.viewer.elapsed == .zero, "no frame yet: the bar stands still")
        _ = AppUpdate.update(
            &model, .viewer(.videoFrame("kai-1", ScreenFixtures.picture(width: 8, height: 12), at: .zero)))
        _ = AppUpdate.update(
            &model, .viewer(.videoFrame("kai-1", ScreenFixtures.picture(width: 8, height: 12), at: .seconds(3))))
        #expect(model.viewer?.viewer.progress == 0.25)
        #expect(model.viewer?.media["kai-1"]?.image?.width == 8, "the frame replaces the picture")
        #expect(model.viewer?.framesShown == 2)
        // A stall: ticks go on, frames do not, the bar waits.
        for _ in 0..<50 { _ = AppUpdate.update(&model, .tick(.milliseconds(100))) }
        #expect(model.viewer?.viewer.progress == 0.25)
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("▶ 0:03 / 0:12"), "\(screen)")
    }

    @Test func theClockRestsWhileAVideoPlaysUnlessSomethingAnimates() {
        var model = Self.onTheVideo()
        #expect(AppUpdate.wantsClock(model), "loading: an image's clock")
        _ = Self.firstFrameLoaded(&model)
        #expect(!AppUpdate.wantsClock(model), "its frames move the bar")
        _ = AppUpdate.update(&model, .input(.character("l")))
        #expect(AppUpdate.wantsClock(model), "the heart pops on ticks")
        for _ in 0..<AppAnimation.length { _ = AppUpdate.update(&model, .tick(.milliseconds(100))) }
        #expect(!AppUpdate.wantsClock(model) && model.viewer?.viewer.elapsed == .zero, "ticks never moved the video")
    }

    /// A GIF, WebP or APNG on an image item: it plays, looping, while the item's
    /// clock runs the bar; its frames only change the picture, and its end ends nothing.
    @Test func anAnimatedPictureMovesOnItsItemsClock() {
        var model = ScreenFixtures.openViewer(at: 3, loaded: false)
        #expect(model.viewer?.viewer.current?.item.id == "kai-0")
        let loaded = AppUpdate.update(
            &model,
            .viewer(
                .mediaLoaded(
                    "kai-0", .success(DecodedMedia(image: ScreenFixtures.picture(), video: Self.video, animated: true))
                )))
        #expect(loaded.contains(.viewer(.playVideo("kai-0", Self.video))), "\(loaded)")
        #expect(AppUpdate.wantsClock(model), "the item's clock runs")
        _ = AppUpdate.update(
            &model, .viewer(.videoFrame("kai-0", ScreenFixtures.picture(width: 8, height: 12), at: .seconds(3))))
        #expect(model.viewer?.media["kai-0"]?.image?.width == 8, "the frame replaces the picture")
        #expect(model.viewer?.viewer.elapsed == .zero, "frames do not move the bar")
        _ = AppUpdate.update(&model, .tick(.seconds(1)))
        #expect(model.viewer?.viewer.elapsed == .seconds(1))
        #expect(AppUpdate.update(&model, .input(.character(" "))) == [.viewer(.pauseVideo)])
        _ = AppUpdate.update(&model, .input(.character(" ")))
        _ = AppUpdate.update(&model, .viewer(.videoEnded("kai-0")))
        #expect(
            model.viewer?.viewer.current?.item.id == "kai-0" && model.viewer?.playing == nil, "its end ends nothing")
        #expect(model.viewer?.media["kai-0"]?.image?.width == 8, "the last picture stays")
        _ = AppUpdate.update(&model, .viewer(.videoFailed("kai-0", "broken")))
        #expect(model.viewer?.viewer.current?.item.id == "kai-0")
        for _ in 0..<60 { _ = AppUpdate.update(&model, .tick(.milliseconds(100))) }
        #expect(model.viewer?.viewer.current?.item.id == "kai-1", "the item's time ended it")
    }

    @Test func pauseHoldsThePlayerAndResumeContinuesIt() {
        var model = Self.onTheVideo()
        _ = Self.firstFrameLoaded(&model)
        _ = AppUpdate.update(&model, .viewer(.videoFrame("kai-1", ScreenFixtures.picture(), at: .seconds(1))))
        #expect(AppUpdate.update(&model, .input(.character(" "))) == [.viewer(.pauseVideo)])
        // A frame already on its way when the pause landed: the picture and the bar hold.
        let held = model.viewer?.media["kai-1"]?.image
        _ = AppUpdate.update(
            &model, .viewer(.videoFrame("kai-1", ScreenFixtures.picture(width: 8, height: 12), at: .seconds(2))))
        #expect(model.viewer?.media["kai-1"]?.image == held && model.viewer?.viewer.elapsed == .seconds(1))
        #expect(AppUpdate.update(&model, .input(.character(" "))) == [.viewer(.resumeVideo)])
        #expect(model.viewer?.viewer.elapsed == .seconds(1))
    }

    @Test func leavingStopsThePlayerAndItsLateFramesAreIgnored() {
        var model = Self.onTheVideo()
        _ = Self.firstFrameLoaded(&model)
        let back = AppUpdate.update(&model, .input(.arrow(.left, shift: false)))
        #expect(back.first == .viewer(.stopVideo))
        #expect(model.viewer?.playing == nil && model.viewer?.viewer.current?.item.id == "kai-0")
        #expect(
            AppUpdate.update(&model, .viewer(.videoFrame("kai-1", ScreenFixtures.picture(), at: .seconds(2)))).isEmpty)
        // Back on the video: it plays again from its start.
        let again = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(again.contains(.viewer(.playVideo("kai-1", Self.video))), "decoded already: plays at once")
        #expect(model.viewer?.viewer.elapsed == .zero)
        // Closing stops it too.
        #expect(AppUpdate.update(&model, .input(.character("q"))).contains(.viewer(.stopVideo)))
    }

    @Test func pausedWhileLoadingTheVideoStartsHeld() {
        var model = Self.onTheVideo()
        _ = AppUpdate.update(&model, .input(.character(" ")))
        let effects = Self.firstFrameLoaded(&model)
        #expect(Array(effects.suffix(2)) == [.viewer(.playVideo("kai-1", Self.video)), .viewer(.pauseVideo)])
    }

    @Test func theLastFrameEndsTheItemAndAFailureShowsInPlaceWithRetry() {
        var model = Self.onTheVideo()
        _ = Self.firstFrameLoaded(&model)
        _ = AppUpdate.update(&model, .viewer(.videoEnded("kai-1")))
        #expect(model.viewer == nil, "Kai's video was the last item: the viewer closed")

        var failing = Self.onTheVideo()
        _ = Self.firstFrameLoaded(&failing)
        _ = AppUpdate.update(&failing, .viewer(.videoFailed("kai-1", "cannot decode this video: moov atom not found")))
        #expect(failing.viewer?.playing == nil)
        let screen = Snapshot.text(AppView.render(failing))
        #expect(screen.contains("Couldn't load this item: cannot decode"), "\(screen)")
        let retry = AppUpdate.update(&failing, .input(.character("r")))
        #expect(
            retry.contains { if case .viewer(.loadMedia(let item, _, _)) = $0 { item.id == "kai-1" } else { false } })
    }

    @Test func aVideoShownByItsPosterRunsOnTheClockAndSaysWhy() {
        var model = Self.onTheVideo()
        _ = AppUpdate.update(
            &model,
            .viewer(
                .mediaLoaded(
                    "kai-1",
                    .success(
                        DecodedMedia(
                            image: ScreenFixtures.picture(),
                            notice: "ffmpeg is not installed (apt-get install ffmpeg) — videos show their poster")))))
        #expect(model.viewer?.playing == nil)
        _ = AppUpdate.update(&model, .tick(.seconds(3)))
        #expect(model.viewer?.viewer.progress == 0.25)
        #expect(Snapshot.text(AppView.render(model)).contains("apt-get install ffmpeg"))
    }

    @Test func inAGraphicsModeEachFrameIsAPictureShownOnce() {
        var model = Self.onTheVideo()
        model.graphics = true
        _ = Self.firstFrameLoaded(&model)
        _ = AppUpdate.update(&model, .viewer(.videoFrame("kai-1", ScreenFixtures.picture(), at: .zero)))
        let graphic = AppView.render(model).graphics.first { $0.key.hasPrefix("frame:") }
        #expect(graphic?.key == "frame:kai-1#1" && graphic?.isTransient == true)
    }
}
