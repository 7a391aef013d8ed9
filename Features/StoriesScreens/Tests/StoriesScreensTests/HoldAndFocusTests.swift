import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

/// Hold to pause: holding space (where the terminal reports key releases) or the
/// mouse button pauses, letting go resumes, a short press is a tap; and the viewer pauses
/// while the terminal is not focused.
@Suite("Hold to pause and focus")
struct HoldAndFocusTests {
    static func isPaused(_ model: AppModel) -> Bool { model.viewer?.viewer.isPaused ?? false }
    static func item(_ model: AppModel) -> String? { model.viewer?.viewer.current?.item.id.rawValue }

    @Test func holdingSpacePausesAndLettingGoResumes() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.character(" ")))
        #expect(Self.isPaused(model))
        for _ in 0..<5 { _ = AppUpdate.update(&model, .input(.keyRepeated(" "))) }
        #expect(Self.isPaused(model), "repeats while held change nothing")
        _ = AppUpdate.update(&model, .tick(.seconds(10)))
        #expect(Self.item(model) == "ada-0", "held: the clock stands")
        _ = AppUpdate.update(&model, .released(.keyReleased(" "), heldFor: .milliseconds(900)))
        #expect(!Self.isPaused(model), "let go after a hold: playing again")
    }

    @Test func aTapOfSpaceStillToggles() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.character(" ")))
        _ = AppUpdate.update(&model, .released(.keyReleased(" "), heldFor: .milliseconds(90)))
        #expect(Self.isPaused(model), "a tap pauses, as in every terminal")
        _ = AppUpdate.update(&model, .input(.character(" ")))
        #expect(!Self.isPaused(model))
        _ = AppUpdate.update(&model, .released(.keyReleased(" "), heldFor: .seconds(2)))
        #expect(!Self.isPaused(model), "a long press that resumed does not pause on its release")
        // Without releases (legacy terminals) space toggles on each press.
        _ = AppUpdate.update(&model, .input(.character(" ")))
        _ = AppUpdate.update(&model, .input(.character(" ")))
        #expect(!Self.isPaused(model))
    }

    @Test func holdingTheMouseButtonPausesAndAClickMovesOn() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.mouse(button: 0, x: 60, y: 10, pressed: true)))
        #expect(Self.isPaused(model), "pressed: paused at once")
        _ = AppUpdate.update(&model, .released(.mouse(button: 0, x: 60, y: 10, pressed: false), heldFor: .seconds(3)))
        #expect(!Self.isPaused(model) && Self.item(model) == "ada-0", "a hold resumes the same item")
        _ = AppUpdate.update(&model, .input(.mouse(button: 0, x: 60, y: 10, pressed: true)))
        _ = AppUpdate.update(
            &model, .released(.mouse(button: 0, x: 61, y: 11, pressed: false), heldFor: .milliseconds(120)))
        #expect(!Self.isPaused(model) && Self.item(model) == "ada-1", "a tap moves on, playing")
        // Paused by the user, a hold neither resumes nor pauses for good: it stays paused.
        _ = AppUpdate.update(&model, .input(.character(" ")))
        _ = AppUpdate.update(&model, .input(.mouse(button: 0, x: 60, y: 10, pressed: true)))
        _ = AppUpdate.update(&model, .released(.mouse(button: 0, x: 60, y: 10, pressed: false), heldFor: .seconds(1)))
        #expect(Self.isPaused(model) && Self.item(model) == "ada-1")
    }

    @Test func theViewerPausesWhileTheTerminalIsNotFocused() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.focus(false)))
        #expect(Self.isPaused(model))
        _ = AppUpdate.update(&model, .tick(.seconds(10)))
        #expect(Self.item(model) == "ada-0")
        _ = AppUpdate.update(&model, .input(.focus(true)))
        #expect(!Self.isPaused(model), "back in focus: playing")
        // Paused by the user before the focus went: it stays paused when it comes back.
        _ = AppUpdate.update(&model, .input(.character(" ")))
        _ = AppUpdate.update(&model, .input(.focus(false)))
        _ = AppUpdate.update(&model, .input(.focus(true)))
        #expect(Self.isPaused(model))
    }

    @Test func releasesRepeatsAndFocusAreNotKeysElsewhere() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.character("?")))
        #expect(model.isShowingHelp)
        for event: InputEvent in [.focus(true), .focus(false), .keyReleased("?"), .keyRepeated(" ")] {
            _ = AppUpdate.update(&model, .input(event))
        }
        #expect(model.isShowingHelp, "help closes on a key, not on a release or a focus report")
        var tray = ScreenFixtures.loadedTray()
        let before = tray.tray.selectedIndex
        _ = AppUpdate.update(&tray, .input(.focus(false)))
        _ = AppUpdate.update(&tray, .released(.keyReleased(" "), heldFor: .seconds(1)))
        #expect(tray.tray.selectedIndex == before && tray.viewer == nil)
    }
}

/// A document item's caption and alt text on screen and in accessible mode.
@Suite("Captions and alt texts")
struct CaptionTests {
    /// The viewer open on an item with `caption` and `alt`, its picture loaded; `said` gets
    /// the sentences of opening it (accessible mode).
    static func viewer(caption: String?, alt: String?, accessible: Bool = false, said: inout [String]) -> AppModel {
        var story = ScreenFixtures.story("ada", "Ada Lovelace", items: 2)
        story.items[0].caption = caption
        story.items[0].alt = alt
        var model = ScreenFixtures.loadedTray()
        model.viewerConfiguration.accessible = accessible
        _ = AppUpdate.update(
            &model, .viewer(.ready(stories: [story], userIndex: 0, liked: [], now: ScreenFixtures.now)))
        said = model.announcements
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        return model
    }

    static func viewer(caption: String?, alt: String?) -> AppModel {
        var said: [String] = []
        return viewer(caption: caption, alt: alt, said: &said)
    }

    static func rows(_ model: AppModel) -> [String] {
        Snapshot.text(AppView.render(model)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func theCaptionIsTheRowBetweenThePictureAndTheFooter() {
        let rows = Self.rows(Self.viewer(caption: "At the harbour, at dawn", alt: nil))
        let footer = ViewerLayout.footerRow(rows: 24)
        #expect(rows[footer - 1].trimmingCharacters(in: .whitespaces) == "At the harbour, at dawn", "\(rows)")
        #expect(rows[footer].contains("1/2"))
        let plain = Self.rows(Self.viewer(caption: nil, alt: nil))
        #expect(plain[footer - 1].trimmingCharacters(in: .whitespaces).isEmpty)
        // Far too long for the window: cut to it, never wrapped onto the footer.
        let long = Self.rows(Self.viewer(caption: String(repeating: "word ", count: 60), alt: nil))
        #expect(long[footer - 1].count <= 80 && long[footer].contains("1/2"))
    }

    @Test func accessibleModeReadsTheAltTextAndTheCaption() {
        var sentences: [String] = []
        _ = Self.viewer(caption: "At dawn", alt: "Boats on still water", accessible: true, said: &sentences)
        let said = sentences.joined(separator: " ")
        #expect(said.contains("Boats on still water") && said.contains("Caption: At dawn"), "\(said)")
    }
}

/// An item's link: on the caption row as a hyperlink, `c` copies it.
@Suite("Links")
struct LinkTests {
    static func viewer(link: URL?) -> AppModel {
        var story = ScreenFixtures.story("ada", "Ada Lovelace", items: 2)
        story.items[0].caption = "At dawn"
        story.items[0].link = link
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(
            &model, .viewer(.ready(stories: [story], userIndex: 0, liked: [], now: ScreenFixtures.now)))
        return model
    }

    @Test func theLinkIsOnTheCaptionRowAsAHyperlinkAndCCopiesIt() throws {
        var model = Self.viewer(link: URL(string: "https://example.com/trip?day=2"))
        let buffer = AppView.render(model)
        let row = ViewerLayout.footerRow(rows: 24) - 1
        let text = (0..<buffer.width).map { buffer[$0, row].text }.joined()
        #expect(text.contains("At dawn · example.com/trip"), "\(text)")
        let linked = (0..<buffer.width).filter { buffer[$0, row].style.link == "https://example.com/trip?day=2" }
        #expect(linked.count == "example.com/trip".count, "only the link's own cells link")
        #expect(
            AppUpdate.update(&model, .input(.character("c"))) == [
                .viewer(.copyToClipboard("https://example.com/trip?day=2"))
            ])
        var none = Self.viewer(link: nil)
        #expect(AppUpdate.update(&none, .input(.character("c"))).isEmpty, "no link: nothing to copy")
    }
}
