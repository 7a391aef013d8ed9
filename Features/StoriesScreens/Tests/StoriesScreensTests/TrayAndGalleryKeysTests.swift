import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

/// The tray and the gallery as Instagram users expect them.
@Suite("Moving far, more to see, one key back")
struct TrayAndGalleryKeysTests {
    /// A tray of `count` users, `phase` as the feed says.
    static func tray(_ count: Int, phase: FeedPhase = .loaded) -> AppModel {
        var model = ScreenFixtures.model()
        let entries = (0..<count).map { index in
            FeedEntry(
                position: index,
                element: TrayUser(story: ScreenFixtures.story("u\(index)", "User \(index)", items: 1), seen: []))
        }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: entries, phase: phase))))
        return model
    }

    @Test func theTraySaysThereAreMoreAndHomeEndAndPagesMove() {
        var model = Self.tray(30)
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("›") && !screen.contains("‹"), "more to the right: \(screen)")
        #expect(screen.contains("1 of 30+"), "\(screen)")
        _ = AppUpdate.update(&model, .input(.jump(.end)))
        #expect(model.tray.selected == 29)
        let end = Snapshot.text(AppView.render(model))
        #expect(end.contains("‹") && end.contains("30 of 30+"), "\(end)")
        _ = AppUpdate.update(&model, .input(.jump(.home)))
        #expect(model.tray.selected == 0)
        let slots = TrayLayout(size: ScreenSize(columns: 80, rows: 24)).visibleSlots
        _ = AppUpdate.update(&model, .input(.jump(.pageDown)))
        #expect(model.tray.selected == slots)
        _ = AppUpdate.update(&model, .input(.jump(.pageUp)))
        #expect(model.tray.selected == 0)
    }

    /// The phone watched a story: the store's change reaches the open tray, whose ring turns
    /// grey where the selection stays and the order does not move; a page the feed loaded
    /// before the change keeps showing it.
    @Test func whatWasWatchedElsewhereShowsInTheOpenTray() {
        var model = Self.tray(5)
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(model.tray.selected == 1)
        let asked = AppUpdate.update(&model, .tray(.stateChanged))
        let users = (0..<5).map { UserID("u\($0)") }
        #expect(asked == [.tray(.readProgress(users))])
        let item = model.tray.entries[3].element.story.items[0].id
        var progress = UserProgress(userID: "u3")
        progress.recordSeen(item, index: 0)
        _ = AppUpdate.update(&model, .tray(.progress(["u3": progress])))
        #expect(model.tray.entries[3].element.seen == [item])
        #expect(model.tray.selected == 1 && model.tray.entries.map(\.element.id) == users, "nothing moved")
        let stale = (0..<6).map { index in
            FeedEntry(
                position: index,
                element: TrayUser(story: ScreenFixtures.story("u\(index)", "User \(index)", items: 1), seen: []))
        }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: stale, phase: .loaded))))
        #expect(model.tray.entries[3].element.seen == [item], "the next page's snapshot does not undo it")
    }

    @Test func theGalleryJumpsAndTheDetailGoesThroughPhotosAndCloses() {
        var model = GalleryFixtures.gallery(14)
        _ = AppUpdate.update(&model, .input(.jump(.end)))
        #expect(model.gallery.selected == 13)
        _ = AppUpdate.update(&model, .input(.jump(.home)))
        #expect(model.gallery.selected == 0)
        _ = AppUpdate.update(&model, .input(.jump(.pageDown)))
        #expect(model.gallery.selected > 0)
        _ = AppUpdate.update(&model, .input(.jump(.home)))
        _ = AppUpdate.update(&model, .input(.enter))
        #expect(model.gallery.detail?.photo.id == "0")
        // → and ← go to the next and previous photo (← went back to the grid).
        let next = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(
            model.gallery.detail?.photo.id == "1" && next.contains(.gallery(.loadDetail(GalleryFixtures.photos(2)[1]))))
        _ = AppUpdate.update(&model, .input(.arrow(.left, shift: false)))
        #expect(model.gallery.detail?.photo.id == "0")
        _ = AppUpdate.update(&model, .input(.arrow(.left, shift: false)))
        #expect(model.gallery.detail?.photo.id == "0", "the first stays")
        // One key closes it on every screen, and the hints say the same key.
        #expect(Snapshot.text(AppView.render(model)).contains("q back"))
        _ = AppUpdate.update(&model, .input(.character("q")))
        #expect(model.gallery.detail == nil && model.screen == .gallery)
        #expect(Snapshot.text(AppView.render(model)).contains("q back"))
    }

    @Test func copyingALinkSaysSoOnTheFooter() {
        var model = LinkTests.viewer(link: URL(string: "https://example.com/trip"))
        _ = AppUpdate.update(&model, .input(.character("c")))
        let rows = Snapshot.text(AppView.render(model)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[ViewerLayout.footerRow(rows: 24)].contains("✓ link copied"), "\(rows)")
        var none = LinkTests.viewer(link: nil)
        _ = AppUpdate.update(&none, .input(.character("c")))
        #expect(Snapshot.text(AppView.render(none)).contains("no link to copy"))
    }
}

@Suite("A muted user in the tray")
struct MutedLookTests {
    @Test func aMutedUserLooksDifferentFromASeenOne() {
        var model = ScreenFixtures.loadedTray(seen: ["alan-0"])
        _ = AppUpdate.update(&model, .input(.character("m")))  // Ada, selected, muted
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("⊘ Ada"), "\(screen)")
        #expect(!screen.contains("⊘ Alan"), "Alan is seen, not muted: \(screen)")
    }
}

@Suite("The viewer goes on into the tray's next page")
struct ViewerContinuesTests {
    @Test func theViewerAsksForTheNextPageAndGoesOnIntoIt() {
        var model = TrayAndGalleryKeysTests.tray(3)
        let stories = model.tray.entries.map(\.element.story)
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(AppUpdate.update(&model, .input(.enter)) == [.tray(.openViewer(stories: stories, userIndex: 1))])
        let opened = AppUpdate.update(
            &model, .viewer(.ready(stories: stories, userIndex: 1, liked: [], now: ScreenFixtures.now)))
        #expect(opened.contains(.tray(.feed(.show(position: 2)))), "the last but one: the next page asked for")
        // The page comes: its new users go to the viewer, after their likes are read.
        let five = (0..<5).map { index in
            FeedEntry(
                position: index,
                element: TrayUser(story: ScreenFixtures.story("u\(index)", "User \(index)", items: 1), seen: []))
        }
        let effects = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: five, phase: .exhausted))))
        let more = five.dropFirst(3).map(\.element.story)
        #expect(effects.contains(.tray(.extendViewer(stories: Array(more)))), "\(effects)")
        _ = AppUpdate.update(&model, .viewer(.more(stories: Array(more), liked: ["u3-0"])))
        #expect(model.viewer?.viewer.stories.count == 5)
        // Next user from the last user loaded at opening: User 3, not closed.
        _ = AppUpdate.update(&model, .input(.character("]")))
        _ = AppUpdate.update(&model, .input(.character("]")))
        #expect(model.viewer?.viewer.position?.userIndex == 3, "it closed at the last loaded user")
        #expect(model.viewer?.viewer.isCurrentLiked == true, "its likes came with it")
    }
}
