import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

/// `m` in the tray and the viewer: the user is muted at once on screen, the store
/// is told, and the viewer opened afterwards never plays on into them.
@Suite("Muting users on the screens")
struct MuteScreenTests {
    @Test func mInTheTrayMutesTheSelectedUserShowsItAndWritesIt() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))  // Grace
        #expect(AppUpdate.update(&model, .input(.character("m"))) == [.tray(.setMuted("grace", true))])
        #expect(model.context.marks.muted == ["grace": true])
        #expect(model.tray.selected == 1, "the order does not change under the user's eyes")
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("Grace Hopper — 2 items, 0 seen, muted"), "\(screen)")
        #expect(AppUpdate.update(&model, .input(.character("m"))) == [.tray(.setMuted("grace", false))])
        #expect(!Snapshot.text(AppView.render(model)).contains("muted"))
    }

    @Test func theViewerOpenedAfterAMutePassesOverTheMutedUser() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        _ = AppUpdate.update(&model, .input(.character("m")))  // Grace muted
        _ = AppUpdate.update(
            &model,
            .viewer(.ready(stories: ScreenFixtures.stories, userIndex: 0, liked: [], now: ScreenFixtures.now)))
        #expect(model.viewer?.viewer.muted == ["grace"])
        _ = AppUpdate.update(&model, .input(.character("]")))
        #expect(model.viewer?.viewer.current?.story.user.id == "alan", "Ada's next user is Alan, not Grace")
    }

    @Test func mInTheViewerMutesTheCurrentUserForTheTrayAndTheStore() {
        var model = ScreenFixtures.openViewer()
        #expect(AppUpdate.update(&model, .input(.character("m"))) == [.viewer(.setMuted("ada", true))])
        #expect(Snapshot.text(AppView.render(model)).contains("muted"))
        _ = AppUpdate.update(&model, .input(.character("q")))
        #expect(model.viewer == nil)
        #expect(model.context.marks.muted == ["ada": true], "the tray knows at once")
        #expect(Snapshot.text(AppView.render(model)).contains("Ada Lovelace — 3 items, 1 seen, muted"))
    }

    @Test func aUserMutedWhenThePageLoadedIsShownMutedAndTheSentenceSaysSo() {
        var model = AppModel(
            size: ScreenSize(columns: 80, rows: 24), source: "bundled", depth: .truecolor,
            viewerConfiguration: try! ViewerConfiguration(
                imageDuration: .seconds(5), autoAdvance: true, accessible: true))
        _ = AppUpdate.update(&model, .sourceChosen(name: "bundled", fallback: nil))
        let entries = ScreenFixtures.stories.enumerated().map {
            FeedEntry(position: $0, element: TrayUser(story: $1, seen: [], isMuted: $0 == 0))
        }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: entries, phase: .loaded))))
        #expect(model.announcements.last?.contains("Ada Lovelace, 3 items, 0 seen, new, muted") == true)
        #expect(model.tray.entries[0].element.isMuted(model.context.marks))
    }
}
