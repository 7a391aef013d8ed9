import Foundation
import StoriesScreens
import StoryBase
import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

enum GalleryFixtures {
    static func photos(_ count: Int, from start: Int = 0) -> [Photo] {
        (start..<(start + count)).map { index in
            Photo(
                id: PhotoID("\(index)"), author: "Author \(index)", width: 5000, height: 3333,
                url: URL(string: "https://unsplash.com/photos/\(index)")!,
                downloadURL: URL(string: "https://picsum.photos/id/\(index)/5000/3333")!)
        }
    }

    static func gallery(_ count: Int = 14, phase: FeedPhase = .loaded) -> AppModel {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.character("g")))
        let entries = photos(count).enumerated().map { FeedEntry(position: $0, element: $1) }
        _ = AppUpdate.update(&model, .gallery(.feed(FeedSnapshot(entries: entries, phase: phase))))
        return model
    }

    static func accessible() -> AppModel {
        var model = AppModel(
            size: ScreenSize(columns: 80, rows: 24), source: "bundled", depth: .truecolor,
            viewerConfiguration: try! ViewerConfiguration(
                imageDuration: .seconds(5), autoAdvance: true, accessible: true))
        #expect(model.announcements == ["Stories, accessible mode: loading the tray from bundled."])
        _ = AppUpdate.update(&model, .sourceChosen(name: "bundled", fallback: nil))
        let entries = ScreenFixtures.stories.enumerated().map {
            FeedEntry(position: $0, element: TrayUser(story: $1, seen: []))
        }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: entries, phase: .loaded))))
        return model
    }
}

@Suite("The gallery, help, animations and accessible mode")
struct GalleryAndFinishingTests {
    @Test func gOpensTheGalleryWhichLoadsItsFeedAndThumbnails() {
        var model = ScreenFixtures.loadedTray()
        #expect(AppUpdate.update(&model, .input(.character("g"))) == [.gallery(.open)])
        #expect(model.screen == .gallery)
        Snapshot.assert(AppView.render(model), named: "gallery-loading")
        let entries = GalleryFixtures.photos(14).enumerated().map { FeedEntry(position: $0, element: $1) }
        let effects = AppUpdate.update(&model, .gallery(.feed(FeedSnapshot(entries: entries, phase: .loaded))))
        guard case .gallery(.loadThumbnails(let wanted))? = effects.last else {
            Issue.record("no thumbnail loads: \(effects)")
            return
        }
        // 80 columns: 4 a row; 24 rows: 2 rows drawn, and the next row ahead.
        #expect(wanted.map(\.id.rawValue) == (0..<12).map { "\($0)" })
        _ = AppUpdate.update(&model, .gallery(.thumbnailLoaded("0", ScreenFixtures.picture(width: 18, height: 12))))
        Snapshot.assert(AppView.render(model), named: "gallery-grid")
    }

    @Test func arrowsMoveThroughTheGridScrollItAndTellTheFeedTheLastCellDrawn() {
        var model = GalleryFixtures.gallery()
        let down = AppUpdate.update(&model, .input(.arrow(.down, shift: false)))
        #expect(model.gallery.selected == 4)
        #expect(down.contains(.gallery(.feed(.show(position: 7)))), "the last cell drawn: row 2's end")
        _ = AppUpdate.update(&model, .input(.arrow(.down, shift: false)))
        #expect(model.gallery.selected == 8 && model.gallery.firstRow == 1, "scrolled a row")
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(model.gallery.selected == 9)
        let more = GalleryFixtures.photos(28).enumerated().map { FeedEntry(position: $0, element: $1) }
        _ = AppUpdate.update(&model, .gallery(.feed(FeedSnapshot(entries: more, phase: .loaded))))
        #expect(model.gallery.selected == 9, "a new page never moves the selection")
    }

    @Test func enterOpensTheDetailAndEscapeGoesBack() {
        var model = GalleryFixtures.gallery()
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        let effects = AppUpdate.update(&model, .input(.enter))
        #expect(effects == [.gallery(.loadDetail(GalleryFixtures.photos(2)[1]))])
        Snapshot.assert(AppView.render(model), named: "gallery-detail-loading")
        _ = AppUpdate.update(&model, .gallery(.detailLoaded("1", .success(ScreenFixtures.picture()))))
        Snapshot.assert(AppView.render(model), named: "gallery-detail")
        _ = AppUpdate.update(&model, .gallery(.detailLoaded("1", .failure(MediaFailure("HTTP 404")))))
        #expect(model.gallery.detail?.failure == "HTTP 404")
        #expect(
            AppUpdate.update(&model, .input(.character("r"))) == [.gallery(.loadDetail(GalleryFixtures.photos(2)[1]))])
        _ = AppUpdate.update(&model, .input(.escape))
        #expect(model.gallery.detail == nil && model.screen == .gallery)
        _ = AppUpdate.update(&model, .input(.character("q")))
        #expect(model.screen == .tray)
    }

    @Test func refreshRetryAndTheEmptyAndFailedStates() {
        var model = GalleryFixtures.gallery()
        _ = AppUpdate.update(&model, .input(.arrow(.down, shift: false)))
        #expect(AppUpdate.update(&model, .input(.character("r"))) == [.gallery(.feed(.refresh))])
        #expect(model.gallery.selected == 0)
        var failed = GalleryFixtures.gallery(0, phase: .failed(message: "HTTP 503"))
        Snapshot.assert(AppView.render(failed), named: "gallery-failed")
        #expect(AppUpdate.update(&failed, .input(.character("r"))) == [.gallery(.feed(.retry))])
        Snapshot.assert(AppView.render(GalleryFixtures.gallery(0, phase: .empty)), named: "gallery-empty")
    }

    @Test func aClickOnAThumbnailOpensItsDetail() {
        var model = GalleryFixtures.gallery()
        let x = GalleryLayout.cellLeft(2, columns: 80) + 3
        let y = GalleryLayout.top + GalleryLayout.rowHeight + 2
        let effects = AppUpdate.update(&model, .input(.mouse(button: 0, x: x, y: y, pressed: true)))
        #expect(model.gallery.selected == 6)
        #expect(effects == [.gallery(.loadDetail(GalleryFixtures.photos(7)[6]))])
    }

    @Test func helpIsOnEveryScreenPausesTheViewerAndAnyKeyClosesIt() {
        var tray = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&tray, .input(.character("?")))
        Snapshot.assert(AppView.render(tray), named: "help-tray")
        _ = AppUpdate.update(&tray, .input(.character("q")))
        #expect(!tray.isShowingHelp && !tray.isQuitting, "the key closes the help, nothing else")

        var gallery = GalleryFixtures.gallery()
        _ = AppUpdate.update(&gallery, .input(.character("?")))
        Snapshot.assert(AppView.render(gallery), named: "help-gallery")

        var viewer = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&viewer, .input(.character("?")))
        #expect(viewer.viewer?.viewer.isPaused == true)
        Snapshot.assert(AppView.render(viewer), named: "help-viewer")
        _ = AppUpdate.update(&viewer, .tick(.seconds(10)))
        #expect(viewer.viewer?.viewer.current?.item.id == "ada-0", "no time passes under the help")
        _ = AppUpdate.update(&viewer, .input(.escape))
        #expect(viewer.viewer?.viewer.isPaused == false && viewer.viewer != nil)
    }

    @Test func likingPopsTheHeartForAFewTicks() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.character("l")))
        #expect(model.animation == .heartPop(ticksLeft: AppAnimation.length))
        Snapshot.assert(AppView.render(model), named: "viewer-heart-pop")
        for _ in 0..<AppAnimation.length { _ = AppUpdate.update(&model, .tick(.milliseconds(100))) }
        #expect(model.animation == nil)
    }

    @Test func changingUserSlidesAndTheClockStartsAfterTheSlide() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("grace-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        _ = AppUpdate.update(&model, .input(.character("]")))
        #expect(model.viewer?.viewer.current?.item.id == "grace-0")
        #expect(model.animation == .slide(ticksLeft: AppAnimation.length))
        Snapshot.assert(AppView.render(model), named: "viewer-slide")
        for _ in 0..<AppAnimation.length { _ = AppUpdate.update(&model, .tick(.milliseconds(100))) }
        #expect(model.animation == nil && model.viewer?.viewer.elapsed == .zero, "the slide's ticks are not the item's")
        _ = AppUpdate.update(&model, .tick(.milliseconds(100)))
        #expect(model.viewer?.viewer.elapsed == .milliseconds(100))
    }

    @Test func accessibleModeSaysEveryChangeAndNeverAnimatesOrAutoAdvances() {
        var model = GalleryFixtures.accessible()
        #expect(model.announcements.first?.hasPrefix("Stories from bundled: 4 users loaded.") == true)
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(model.announcements == ["Grace Hopper, 2 items, 0 seen, new. 2 of 4."])
        let opening = AppUpdate.update(&model, .input(.enter))
        guard case .tray(.openViewer(let stories, let index))? = opening.first else {
            Issue.record("no viewer: \(opening)")
            return
        }
        // Each update's sentences are its own: collect them as the runtime prints them.
        var said: [String] = []
        func update(_ message: AppMessage) -> [AppEffect] {
            let effects = AppUpdate.update(&model, message)
            said += model.announcements
            return effects
        }
        let effects = update(.viewer(.ready(stories: stories, userIndex: index, liked: [], now: ScreenFixtures.now)))
        #expect(
            !effects.contains { if case .viewer(.loadMedia) = $0 { true } else { false } }, "descriptions, not images")
        #expect(effects.contains(.viewer(.markSeen("grace-0", user: "grace", index: 0))))
        _ = update(.input(.character("l")))
        #expect(model.animation == nil)
        _ = update(.tick(.seconds(60)))
        #expect(model.viewer?.viewer.current?.item.id == "grace-0", "no auto-advance")
        _ = update(.input(.character("]")))
        #expect(model.animation == nil, "no slide")
        #expect(
            said == [
                "Photo 1 of 2 by Grace Hopper, 1080×1920.", "Showing photo 1 of 2 by Grace Hopper.",
                "Liked photo 1 of 2 by Grace Hopper.", "Now viewing Alan Turing's story, 1 item.",
                "Photo 1 of 1 by Alan Turing, 1080×1920.", "Showing photo 1 of 1 by Alan Turing.",
            ])
    }
}

@Suite("Feeds fill the screen without a key")
struct FeedFillTests {
    @Test func aGalleryPageSmallerThanTheScreenAsksForTheNextPage() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.character("g")))
        let entries = GalleryFixtures.photos(4).enumerated().map { FeedEntry(position: $0, element: $1) }
        let effects = AppUpdate.update(&model, .gallery(.feed(FeedSnapshot(entries: entries, phase: .loaded))))
        #expect(
            effects.contains(.gallery(.feed(.show(position: 3)))), "4 photos do not fill 2 rows of 4 and a row ahead")
        let full = GalleryFixtures.photos(12).enumerated().map { FeedEntry(position: $0, element: $1) }
        let enough = AppUpdate.update(&model, .gallery(.feed(FeedSnapshot(entries: full, phase: .loaded))))
        #expect(!enough.contains { if case .gallery(.feed(.show)) = $0 { true } else { false } })
        let ended = AppUpdate.update(&model, .gallery(.feed(FeedSnapshot(entries: entries, phase: .exhausted))))
        #expect(!ended.contains { if case .gallery(.feed(.show)) = $0 { true } else { false } }, "nothing more to load")
    }

    @Test func aTrayPageSmallerThanTheRowAsksForTheNextPage() {
        var model = ScreenFixtures.model()
        let entries = ScreenFixtures.stories.prefix(2).enumerated().map {
            FeedEntry(position: $0, element: TrayUser(story: $1, seen: []))
        }
        let effects = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: Array(entries), phase: .loaded))))
        #expect(effects.contains(.tray(.feed(.show(position: 1)))))
    }
}

/// A photographer's own pictures: dates and files, not ages in weeks and "shipped with stories".
@Suite("Your own photos' dates and files")
struct OwnPhotoTests {
    @Test func anItemOlderThanAWeekShowsItsDateAndItsFileName() {
        var story = ScreenFixtures.story("trip", "trip/lisbon", items: 1)
        let taken = ScreenFixtures.now.addingTimeInterval(-77 * 7 * 86_400)
        story.items[0].postedAt = taken
        story.items[0].caption = "IMG_0002.jpg"
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(
            &model, .viewer(.ready(stories: [story], userIndex: 0, liked: [], now: ScreenFixtures.now)))
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("trip/lisbon  " + PhotoDates.text(taken)), "it said 77w: \(screen)")
        #expect(screen.contains("IMG_0002.jpg"))
        #expect(!screen.contains("77w"))
    }

    @Test func aFilesDetailSaysItsSizeDateAndPath() {
        var model = GalleryFixtures.gallery(1)
        let taken = Date(timeIntervalSince1970: 1_748_941_200)
        let file = URL(fileURLWithPath: "/home/ann/Pictures/2025/06/IMG_0002.jpg")
        let photo = Photo(
            id: "2025/06/IMG_0002.jpg", author: "2025/06", width: 4032, height: 3024, url: file, downloadURL: file,
            takenAt: taken)
        _ = AppUpdate.update(
            &model, .gallery(.feed(FeedSnapshot(entries: [FeedEntry(position: 0, element: photo)], phase: .exhausted))))
        _ = AppUpdate.update(&model, .input(.enter))
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.contains("4032 × 3024 · taken " + PhotoDates.text(taken)), "\(screen)")
        #expect(screen.contains("file:     /home/ann/Pictures/2025/06/IMG_0002.jpg"), "\(screen)")
        #expect(!screen.contains("shipped with stories"))
    }
}

/// A terminal that did not say its background (tmux, an xterm with colour queries off).
@Suite("Colours on a background nobody said")
struct UnknownBackgroundTests {
    @Test func doneSegmentsTakeTheTerminalsOwnForegroundAndTextMidTones() {
        var model = ScreenFixtures.loadedTray()
        model.backgroundKnown = false
        let story = ScreenFixtures.story("ada", "Ada Lovelace", items: 3)
        _ = AppUpdate.update(
            &model, .viewer(.ready(stories: [story], userIndex: 0, liked: [], now: ScreenFixtures.now)))
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        let buffer = AppView.render(model)
        let done = buffer[1, ViewerLayout.progressRow]
        #expect(done == Cell("━", style: CellStyle(foreground: nil)), "white before: \(done.style)")
        let toCome = buffer[60, ViewerLayout.progressRow]  // the third of three segments
        #expect(toCome.style.foreground == RGB(128, 128, 128), "\(toCome.style)")
        // No text in the dark theme's light greys or pinks (2.96:1 on white and less).
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where buffer[x, y].style.background == nil {
                let colour = buffer[x, y].style.foreground
                #expect(colour != RGB(150, 150, 150) && colour != RGB(245, 245, 245) && colour != RGB(245, 105, 170))
            }
        }
        // Said: the dark theme's colours stay where the background is known.
        model.backgroundKnown = true
        #expect(AppView.render(model)[1, ViewerLayout.progressRow].style.foreground == RGB(245, 245, 245))
    }
}
