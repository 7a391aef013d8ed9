import Foundation
import StoriesScreens
import StoryImages
import StoryInterfaces
import StoryTerminal
import Testing

@Suite("Screens, rendered into a buffer and compared with snapshots")
struct ScreenSnapshotTests {
    @Test func theTrayWhileTheFirstPageLoadsShowsTheLogo() {
        var model = ScreenFixtures.model()
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: [], phase: .loadingFirstPage))))
        Snapshot.assert(AppView.render(model), named: "tray-loading")
    }

    @Test func theTrayWithUsersSelectionAndStatus() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        let screen = AppView.render(model)
        Snapshot.assert(screen, named: "tray-loaded")
        #expect(!Snapshot.text(screen).contains("\u{1B}"), "escape sequences in names never reach the screen")
    }

    @Test func theTrayAfterAFailedFirstPageSaysHowToRetry() {
        var model = ScreenFixtures.model()
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: [], phase: .failed(message: "HTTP 503")))))
        Snapshot.assert(AppView.render(model), named: "tray-failed")
    }

    @Test func anEmptyTray() {
        var model = ScreenFixtures.model()
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: [], phase: .empty))))
        Snapshot.assert(AppView.render(model), named: "tray-empty")
    }

    @Test func theViewerWithItsImageProgressHeaderAndFooter() {
        var model = ScreenFixtures.openViewer(liked: ["ada-0"])
        _ = AppUpdate.update(&model, .tick(.milliseconds(2500)))
        Snapshot.assert(AppView.render(model), named: "viewer-image")
    }

    @Test func theViewerWhileLoadingPausedAndFailed() {
        var model = ScreenFixtures.openViewer(loaded: false)
        Snapshot.assert(AppView.render(model), named: "viewer-loading")
        _ = AppUpdate.update(&model, .viewer(.mediaLoaded("ada-0", .failure(MediaFailure("HTTP 500")))))
        Snapshot.assert(AppView.render(model), named: "viewer-failed")
        _ = AppUpdate.update(&model, .input(.character("r")))
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        _ = AppUpdate.update(&model, .input(.character(" ")))
        Snapshot.assert(AppView.render(model), named: "viewer-paused")
    }

    @Test func aVideoWithoutAPosterShowsAPlaceholderAndItsDuration() {
        var model = ScreenFixtures.openViewer(at: 3)
        _ = AppUpdate.update(&model, .input(.character("n")))
        _ = AppUpdate.update(&model, .viewer(.mediaLoaded("kai-1", .success(DecodedMedia(image: nil)))))
        Snapshot.assert(AppView.render(model), named: "viewer-video")
    }

    @Test func ringsAreGrayOnlyWhenEveryItemIsSeenAndGrayNowAfterViewing() {
        let model = ScreenFixtures.loadedTray(seen: ["alan-0"])
        let screen = AppView.render(model)
        let gray = RGB(120, 120, 120)
        func ringColours(slot: Int) -> Set<RGB> {
            let layout = TrayLayout(size: ScreenSize(columns: screen.width, rows: screen.height))
            let left = layout.slotLeft(slot)
            var colours = Set<RGB>()
            for y in layout.avatarTop..<layout.nameRow {
                for x in left..<(left + layout.slotWidth) {
                    if let colour = screen[x, y].style.foreground { colours.insert(colour) }
                    if let colour = screen[x, y].style.background { colours.insert(colour) }
                }
            }
            return colours
        }
        #expect(ringColours(slot: 2).contains(gray), "alan: everything seen")
        #expect(!ringColours(slot: 0).contains(gray), "ada: unseen items, the gradient")
        var viewed = model
        for item in ["ada-0", "ada-1", "ada-2"] { viewed.context.marks.seen.insert(StoryItemID(item)) }
        #expect(viewed.tray.entries[0].element.isAllSeen(viewed.context.marks))
    }

    @Test func aProgressTickWritesOnlyTheProgressRow() {
        var model = ScreenFixtures.openViewer()
        let renderer = TerminalRenderer(depth: .truecolor)
        let before = AppView.render(model)
        let full = renderer.diff(from: nil, to: before)
        _ = AppUpdate.update(&model, .tick(.milliseconds(300)))  // 1.5 cells of a 25-cell segment
        let after = AppView.render(model)
        let tick = renderer.diff(from: before, to: after)
        #expect(!tick.isEmpty, "the bar moved")
        #expect(tick.count * 500 <= full.count, "\(tick.count) bytes for a tick vs \(full.count) for a frame")
        for y in 1..<after.height {
            for x in 0..<after.width { #expect(before[x, y] == after[x, y]) }
        }
    }
}
