import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

@Suite("Wheel events and NO_COLOR")
struct InputAndColourTests {
    /// A trackpad scroll is not a tap: three wheel-downs in the viewer went from 2/5 to 5/5.
    @Test func wheelEventsNeverMoveTheViewer() {
        var model = ScreenFixtures.openViewer()
        let before = model.viewer?.viewer.position
        for up in [false, false, false, true] {
            _ = AppUpdate.update(&model, .input(.wheel(up: up, x: 60, y: 10)))
        }
        #expect(model.viewer?.viewer.position == before)
        _ = AppUpdate.update(&model, .input(.mouse(button: 2, x: 60, y: 10, pressed: true)))
        #expect(model.viewer?.viewer.position == before, "a right click is not a tap either")
        _ = AppUpdate.update(&model, .input(.mouse(button: 0, x: 60, y: 10, pressed: true)))
        _ = AppUpdate.update(&model, .released(.mouse(button: 0, x: 60, y: 10, pressed: false), heldFor: .zero))
        #expect(model.viewer?.viewer.position != before, "a left click is")
    }

    /// Without colour the progress row still shows where the story is: done `━`, to come `─`.
    @Test func withoutColourTheProgressRowShowsThePosition() {
        var model = ScreenFixtures.openViewer()
        model.depth = .none
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        if let item = model.viewer?.viewer.current?.item.id {
            _ = AppUpdate.update(
                &model, .viewer(.mediaLoaded(item, .success(DecodedMedia(image: ScreenFixtures.picture())))))
        }
        let row = Snapshot.text(AppView.render(model)).split(separator: "\n").first.map(String.init) ?? ""
        #expect(row.contains("━") && row.contains("─"), "\(row)")
        #expect(row.trimmingCharacters(in: .whitespaces).hasPrefix("━"), "the first item is done: \(row)")
    }
}

@Suite("Decoded media follows the window's size")
struct MediaSizeTests {
    static func decoded(for size: ScreenSize) -> DecodedMedia {
        DecodedMedia(image: ScreenFixtures.picture(), area: AppUpdate.imageArea(size))
    }

    /// Resize to 20×8, move on (the item decodes for the small window), resize back: the item
    /// on screen is decoded again for the big window, and nothing decoded small is kept.
    @Test func aResizeDecodesTheItemOnScreenAgainForTheNewArea() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .resized(columns: 20, rows: 8))
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        let item = try! #require(model.viewer?.viewer.current?.item)
        _ = AppUpdate.update(&model, .viewer(.mediaLoaded(item.id, .success(Self.decoded(for: model.size)))))
        #expect(model.viewer?.media[item.id]?.area == AppUpdate.imageArea(ScreenSize(columns: 20, rows: 8)))
        let effects = AppUpdate.update(&model, .resized(columns: 120, rows: 40))
        #expect(
            effects.contains(.viewer(.loadMedia(item, priority: .high, area: AppUpdate.imageArea(model.size)))),
            "\(effects)")
        #expect(model.viewer?.media[item.id] != nil, "the old picture stays until the new one lands")
        _ = AppUpdate.update(&model, .viewer(.mediaLoaded(item.id, .success(Self.decoded(for: model.size)))))
        #expect(model.viewer?.media[item.id]?.area == AppUpdate.imageArea(model.size))
        #expect(model.viewer?.viewer.current?.item == item, "a new decode does not move the viewer")
        let again = AppUpdate.update(&model, .resized(columns: 120, rows: 40))
        #expect(
            !again.contains { if case .viewer(.loadMedia) = $0 { true } else { false } }, "same size: nothing to do")
    }
}

/// One table of key bindings: what the help says is what the keys do.
@Suite("Key bindings")
struct KeyBindingTests {
    static func keys<Action>(_ bindings: [KeyBindings.Binding<Action>]) -> [InputEvent] { bindings.flatMap(\.keys) }

    @Test func noKeyMeansTwoThingsOnOneScreen() {
        for keys in [
            Self.keys(KeyBindings.tray), Self.keys(KeyBindings.viewer), Self.keys(KeyBindings.gallery),
            Self.keys(KeyBindings.detail),
        ] {
            #expect(Set(keys).count == keys.count, "\(keys)")
        }
    }

    @Test func everyTrayMoveKeyMovesAndTheHelpSaysSo() {
        for binding in KeyBindings.tray where binding.action == .next {
            for key in binding.keys {
                var model = ScreenFixtures.loadedTray(phase: .loaded)
                let before = model.tray.selected
                _ = AppUpdate.update(&model, .input(key))
                #expect(model.tray.selected != before, "\(key)")
            }
        }
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.character("?")))
        #expect(HelpText.lines(for: model).starts(with: KeyBindings.tray.map(\.line)))
    }

    @Test func everyViewerCloseKeyCloses() {
        for key in KeyBindings.viewer.first(where: { $0.action == .close })?.keys ?? [] {
            var model = ScreenFixtures.openViewer()
            _ = AppUpdate.update(&model, .input(key))
            #expect(model.viewer == nil, "\(key)")
        }
    }
}

@Suite("Hints come from the key bindings")
struct HintTests {
    @Test func aHintSaysEachActionsFirstKey() {
        let bindings: [KeyBindings.Binding<KeyBindings.ViewerAction>] = [
            .init(keys: [.character("x"), .arrow(.right, shift: false)], label: "x", meaning: "next", action: .next),
            .init(keys: [.escape], label: "Esc", meaning: "close", action: .close),
        ]
        #expect(
            KeyBindings.hint(bindings, .next, word: "item") == "x item", "a key changed in the table changes the hint")
        #expect(KeyBindings.hint(bindings, .close, .next, word: "both") == "Esc/x both")
        #expect(KeyBindings.hint(bindings, .like, word: "like") == " like", "an action with no key says none")
    }

    @Test func theViewersStatusLineIsWrittenFromItsBindings() {
        let screen = Snapshot.text(AppView.render(ScreenFixtures.openViewer()))
        let previous = KeyBindings.hint(KeyBindings.viewer, .previous, .next, word: "item")
        #expect(previous == "←/→ item")
        #expect(screen.contains(previous + " · [/] user · space pause · l like · q close"))
    }
}
