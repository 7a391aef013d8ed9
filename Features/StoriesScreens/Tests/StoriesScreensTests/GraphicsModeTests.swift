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
                &model, .avatarLoaded(story.user.avatarURL!, ScreenFixtures.picture(width: 30, height: 30)))
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
}
