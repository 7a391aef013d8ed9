import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

@Suite("Pictures in a graphics protocol")
struct GraphicsModeTests {
    /// The viewer open with graphics on, the current media and every avatar loaded.
    static func viewer() -> AppModel {
        var model = ScreenFixtures.openViewer()
        model.graphics = true
        for story in ScreenFixtures.stories {
            _ = AppUpdate.update(
                &model, .tray(.avatarLoaded(story.user.avatarURL!, ScreenFixtures.picture(width: 30, height: 30))))
        }
        return model
    }

    @Test func theViewerPlacesItsMediaAndTheHeaderAvatarAsPictures() throws {
        let frame = AppView.render(Self.viewer())
        let keys = frame.graphics.map(\.key)
        #expect(keys.contains("media:ada-0"))
        let avatar = try #require(frame.graphics.first { $0.key.hasPrefix("avatar:") })
        #expect(avatar.shape == .avatar(.unseen) && avatar.columns == 4 && avatar.rows == 2)
        let media = try #require(frame.graphics.first { $0.key == "media:ada-0" })
        for y in media.y..<(media.y + media.rows) {
            for x in media.x..<(media.x + media.columns) { #expect(frame[x, y] == .blank) }
        }
    }

    @Test func aTickChangesNoPicture() {
        var model = Self.viewer()
        let before = AppView.render(model)
        _ = AppUpdate.update(&model, .tick(.milliseconds(100)))
        #expect(AppView.render(model).graphics == before.graphics)
    }

    @Test func theHelpOverlayTakesAwayThePicturesUnderIt() {
        var model = Self.viewer()
        _ = AppUpdate.update(&model, .input(.character("?")))
        let frame = AppView.render(model)
        #expect(!frame.graphics.contains { $0.key.hasPrefix("media:") }, "the media is under the box")
        #expect(frame.graphics.contains { $0.key.hasPrefix("avatar:") }, "the header avatar is not")
    }

    @Test func closingTheViewerLeavesTheTrayAvatarsOnly() {
        var model = Self.viewer()
        _ = AppUpdate.update(&model, .input(.character("q")))
        let frame = AppView.render(model)
        #expect(!frame.graphics.isEmpty)
        #expect(frame.graphics.allSatisfy { $0.key.hasPrefix("avatar:") && $0.columns == 10 })
    }

    @Test func halfBlocksPlaceNoPicture() {
        var model = Self.viewer()
        model.graphics = false
        #expect(AppView.render(model).graphics.isEmpty)
    }

    /// The columns of the viewer's picture that hold half blocks (`▀`) on its middle row.
    static func pictureColumns(_ model: AppModel) -> Int {
        let frame = AppView.render(model)
        let row = ViewerLayout.imageTop + ViewerLayout.imageRows(rows: model.size.rows) / 2
        return (0..<frame.width).count { frame[$0, row].text == "▀" }
    }

    @Test func halfBlocksTakeTheTerminalsCellShapeInTheViewer() {
        var model = ScreenFixtures.openViewer()  // a 40 × 60 picture
        model.graphics = false
        let square = Self.pictureColumns(model)
        model.cell = CellPixels(width: 9, height: 20)  // kitty's: 10% narrower than 1:2
        let kitty = Self.pictureColumns(model)
        model.cell = CellPixels(width: 8, height: 16)  // 1:2, square half blocks
        #expect(square > 0 && Self.pictureColumns(model) == square)
        // Narrow cells need more of them for the same width (before, every terminal got `square`).
        #expect(Double(kitty) / Double(square) > 1.08)
    }

    /// The seen marks among `effects`.
    static func marks(_ effects: [AppEffect]) -> [StoryItemID] {
        effects.compactMap { if case .viewer(.markSeen(let item, _, _)) = $0 { item } else { nil } }
    }

    /// A graphics viewer whose current item (ada-0) is loading, before its media arrives.
    static func loadingViewer() -> AppModel {
        var model = ScreenFixtures.loadedTray()
        model.graphics = true
        _ = AppUpdate.update(
            &model, .viewer(.ready(stories: ScreenFixtures.stories, userIndex: 0, liked: [], now: ScreenFixtures.now)))
        return model
    }

    @Test func anItemIsWrittenSeenOnceItsPictureStayedOnScreen() {
        var model = Self.loadingViewer()
        let loaded = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        #expect(Self.marks(loaded).isEmpty, "held until the terminal had time to refuse it")
        #expect(model.context.marks.seen.contains("ada-0"), "the ring changes at once")
        var written: [StoryItemID] = []
        for _ in 0..<9 { written += Self.marks(AppUpdate.update(&model, .tick(.milliseconds(100)))) }
        #expect(written.isEmpty)
        #expect(Self.marks(AppUpdate.update(&model, .tick(.milliseconds(100)))) == ["ada-0"])
        #expect(Self.marks(AppUpdate.update(&model, .tick(.milliseconds(100)))).isEmpty, "written once")
    }

    @Test func leavingOrQuittingWritesTheHeldMark() {
        var model = Self.loadingViewer()
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        #expect(Self.marks(AppUpdate.update(&model, .input(.arrow(.right, shift: false)))) == ["ada-0"])
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-1", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        #expect(Self.marks(AppUpdate.update(&model, .input(.interrupt))) == ["ada-1"])
    }

    @Test func aPictureTheTerminalGaveUpFailsItsItemAndIsNotSeen() {
        var model = Self.loadingViewer()
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        _ = AppUpdate.update(&model, .tick(.milliseconds(300)))
        // Another picture (an avatar) given up changes nothing in the viewer.
        #expect(AppUpdate.update(&model, .viewer(.pictureNotShown(key: "avatar:x", reason: "no"))).isEmpty)
        _ = AppUpdate.update(
            &model, .viewer(.pictureNotShown(key: "media:ada-0", reason: "the terminal could not show it (ENOSPC)")))
        #expect(model.viewer?.viewer.media == .failed(reason: "the terminal could not show it (ENOSPC)"))
        #expect(!model.context.marks.seen.contains("ada-0"))
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("could not show it (ENOSPC)") && screen.contains("r retry"))
        var written: [StoryItemID] = []
        for _ in 0..<30 { written += Self.marks(AppUpdate.update(&model, .tick(.milliseconds(100)))) }
        written += Self.marks(AppUpdate.update(&model, .input(.interrupt)))
        #expect(written.isEmpty, "never written seen")
    }

    @Test func halfBlocksWriteSeenAtOnce() {
        var model = Self.loadingViewer()
        model.graphics = false
        let loaded = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        #expect(Self.marks(loaded) == ["ada-0"])
    }
}
