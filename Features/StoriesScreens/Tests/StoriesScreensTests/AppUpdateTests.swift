import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

@Suite("The app's update: messages in, model and effects out")
struct AppUpdateTests {
    @Test func arrowsMoveTheSelectionWithinTheLoadedUsersAndTellTheFeed() {
        var model = ScreenFixtures.loadedTray()
        let effects = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(model.tray.selected == 1)
        #expect(effects.contains(.tray(.feed(.show(position: 1)))))
        for _ in 0..<10 { _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false))) }
        #expect(model.tray.selected == 3, "stops at the last loaded user until more load")
        _ = AppUpdate.update(&model, .input(.arrow(.left, shift: false)))
        #expect(model.tray.selected == 2)
    }

    @Test func theRowScrollsToKeepTheSelectionVisible() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .resized(columns: 30, rows: 24))  // two slots
        #expect(TrayLayout(size: ScreenSize(columns: 30, rows: 24)).visibleSlots == 2)
        for _ in 0..<3 { _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false))) }
        #expect(model.tray.selected == 3 && model.tray.firstVisible == 2)
        _ = AppUpdate.update(&model, .input(.arrow(.left, shift: false)))
        _ = AppUpdate.update(&model, .input(.arrow(.left, shift: false)))
        #expect(model.tray.selected == 1 && model.tray.firstVisible == 1)
    }

    @Test func avatarsOfVisibleUsersAreLoadedOnceAndDroppedWhenTheirUsersLeaveTheWindow() {
        var model = ScreenFixtures.model()
        let entries = ScreenFixtures.stories.enumerated().map {
            FeedEntry(position: $0, element: TrayUser(story: $1, seen: []))
        }
        let effects = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: entries, phase: .loaded))))
        let urls = ScreenFixtures.stories.compactMap(\.user.avatarURL)
        #expect(effects.contains(.tray(.loadAvatars(urls))))
        #expect(
            !AppUpdate.update(&model, .resized(columns: 80, rows: 24)).contains {
                if case .tray(.loadAvatars) = $0 { true } else { false }
            })
        _ = AppUpdate.update(&model, .tray(.avatarLoaded(urls[0], ScreenFixtures.picture(width: 8, height: 8))))
        #expect(model.tray.avatars.count == 1)
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: Array(entries.dropFirst()), phase: .loaded))))
        #expect(model.tray.avatars.isEmpty, "bounded: only the window's avatars are kept")
    }

    @Test func aRepeatedListThatFitsTheRowShowsEachUserOnceAndWraps() {
        // feed.wrap repeats a two-user list: the tray draws each user once (never "a b a b"),
        // → past the last selects the first, and nothing more is loaded.
        var model = ScreenFixtures.model()
        let two = Array(ScreenFixtures.stories.prefix(2))
        let entries = (0..<7).map { FeedEntry(position: $0, element: TrayUser(story: two[$0 % 2], seen: [])) }
        let effects = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: entries, phase: .loaded))))
        #expect(model.tray.entries.map(\.element.id) == ["ada", "grace"] && model.tray.isWholeList)
        #expect(!effects.contains { if case .tray(.feed) = $0 { true } else { false } }, "nothing more to load")
        let screen = Snapshot.text(AppView.render(model))
        #expect(screen.components(separatedBy: "Grace Hopper").count == 2, "Grace once: \(screen)")
        var moves: [AppEffect] = []
        for _ in 0..<3 { moves += AppUpdate.update(&model, .input(.arrow(.right, shift: false))) }
        #expect(model.tray.selectedIndex == 1, "ada → grace → ada → grace")
        #expect(!moves.contains { if case .tray(.feed) = $0 { true } else { false } })
        // The viewer gets each real user once: next on the last one closes it.
        #expect(AppUpdate.update(&model, .input(.enter)) == [.tray(.openViewer(stories: two, userIndex: 1))])
        // One user repeated: that user alone.
        let one = (0..<5).map { FeedEntry(position: $0, element: TrayUser(story: two[0], seen: [])) }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: one, phase: .loaded))))
        #expect(AppUpdate.update(&model, .input(.enter)) == [.tray(.openViewer(stories: [two[0]], userIndex: 0))])
    }

    @Test func theViewerGetsEachRealUserOnceFromARowThatRepeats() {
        // A row narrower than the list: the repeats stay in the tray (it scrolls on), and the
        // viewer opened on Grace's second entry gets the users after her up to a repeat, then
        // the new ones before.
        var model = ScreenFixtures.model(columns: 30)
        let all = ScreenFixtures.stories
        let twice = (0..<8).map { FeedEntry(position: $0, element: TrayUser(story: all[$0 % 4], seen: [])) }
        _ = AppUpdate.update(&model, .tray(.feed(FeedSnapshot(entries: twice, phase: .loaded))))
        #expect(!model.tray.isWholeList && model.tray.entries.count == 8)
        for _ in 0..<5 { _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false))) }
        #expect(AppUpdate.update(&model, .input(.enter)) == [.tray(.openViewer(stories: all, userIndex: 1))])
    }

    @Test func enterOpensTheViewerOnTheSelectedUsersFirstUnseenItem() {
        var model = ScreenFixtures.loadedTray()
        let effects = AppUpdate.update(&model, .input(.enter))
        #expect(effects == [.tray(.openViewer(stories: ScreenFixtures.stories, userIndex: 0))])
        var opened = model
        let openEffects = AppUpdate.update(
            &opened, .viewer(.ready(stories: ScreenFixtures.stories, userIndex: 0, liked: [], now: ScreenFixtures.now)))
        #expect(opened.viewer?.viewer.current?.item.id == "ada-0")
        let loads = openEffects.compactMap { effect -> String? in
            if case .viewer(.loadMedia(let item, let priority, _)) = effect { return "\(item.id.rawValue):\(priority)" }
            return nil
        }
        #expect(
            loads == ["ada-0:high", "ada-1:low", "ada-2:low", "grace-0:low", "grace-1:low"],
            "the current item, then two steps ahead in this story and the next")
    }

    @Test func mediaDecodedAheadMakesTheNextItemInstantAndSeenIsWritten() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-1", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        let effects = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(model.viewer?.viewer.current?.item.id == "ada-1")
        #expect(model.viewer?.viewer.media == .ready, "no wait: decoded ahead")
        #expect(effects.contains(.viewer(.markSeen("ada-1", user: "ada", index: 1))))
        #expect(
            !effects.contains {
                if case .viewer(.loadMedia(let item, .high, _)) = $0 { item.id == "ada-1" } else { false }
            })
        #expect(model.context.marks.seen.isSuperset(of: ["ada-0", "ada-1"]))
    }

    @Test func theClockRunsOnlyOnceTheMediaIsOnScreen() {
        var model = ScreenFixtures.openViewer(loaded: false)
        _ = AppUpdate.update(&model, .tick(.seconds(30)))
        #expect(model.viewer?.viewer.current?.item.id == "ada-0" && model.viewer?.viewer.elapsed == .zero)
        _ = AppUpdate.update(
            &model, .viewer(.mediaLoaded("ada-0", .success(DecodedMedia(image: ScreenFixtures.picture())))))
        _ = AppUpdate.update(&model, .tick(.seconds(5)))
        #expect(model.viewer?.viewer.current?.item.id == "ada-1", "auto-advance after 5 s on screen")
    }

    @Test func likeKeysAndClicksOnTheHeartAreWrittenAndClicksElsewhereMove() {
        var model = ScreenFixtures.openViewer()
        #expect(AppUpdate.update(&model, .input(.character("l"))) == [.viewer(.setLiked("ada-0", true))])
        let heart = AppUpdate.update(
            &model, .input(.mouse(button: 0, x: 1, y: ViewerLayout.footerRow(rows: 24), pressed: true)))
        #expect(heart == [.viewer(.setLiked("ada-0", false))])
        _ = AppUpdate.update(&model, .input(.mouse(button: 0, x: 60, y: 10, pressed: true)))
        #expect(model.viewer?.viewer.current?.item.id == "ada-0", "a press alone holds")
        _ = AppUpdate.update(
            &model, .released(.mouse(button: 0, x: 60, y: 10, pressed: false), heldFor: .milliseconds(80)))
        #expect(model.viewer?.viewer.current?.item.id == "ada-1", "a click on the right two thirds: next")
        _ = AppUpdate.update(
            &model, .released(.mouse(button: 0, x: 60, y: 10, pressed: false), heldFor: .milliseconds(80)))
        #expect(model.viewer?.viewer.current?.item.id == "ada-1", "a release without its press does nothing")
        _ = AppUpdate.update(&model, .input(.mouse(button: 0, x: 5, y: 10, pressed: true)))
        _ = AppUpdate.update(&model, .released(.mouse(button: 0, x: 5, y: 10, pressed: false), heldFor: .zero))
        #expect(model.viewer?.viewer.current?.item.id == "ada-0", "the left third: previous")
    }

    @Test func closingReturnsToTheTrayOnTheLastUserViewed() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .input(.character("]")))
        _ = AppUpdate.update(&model, .input(.character("]")))
        #expect(model.viewer?.viewer.current?.story.user.id == "alan")
        _ = AppUpdate.update(&model, .input(.escape))
        #expect(model.viewer == nil)
        #expect(model.tray.selected == 2)
    }

    @Test func nextOnTheLastUsersLastItemClosesTheViewer() {
        var model = ScreenFixtures.openViewer(at: 3)
        _ = AppUpdate.update(&model, .input(.character("n")))
        _ = AppUpdate.update(&model, .viewer(.mediaLoaded("kai-1", .success(DecodedMedia(image: nil)))))
        _ = AppUpdate.update(&model, .input(.character("n")))
        #expect(model.viewer == nil)
    }

    @Test func decodedMediaStaysBoundedHoweverLongTheViewerRuns() {
        let many = (0..<60).map { ScreenFixtures.story("u\($0)", "User \($0)", items: 3) }
        var model = ScreenFixtures.model()
        _ = AppUpdate.update(&model, .viewer(.ready(stories: many, userIndex: 0, liked: [], now: ScreenFixtures.now)))
        var largest = 0
        while let item = model.viewer?.viewer.current?.item.id {
            _ = AppUpdate.update(
                &model, .viewer(.mediaLoaded(item, .success(DecodedMedia(image: ScreenFixtures.picture())))))
            largest = max(largest, model.viewer?.media.count ?? 0)
            _ = AppUpdate.update(&model, .input(.character("n")))
        }
        #expect(largest <= 9, "at most the current story and the neighbours' edges: \(largest)")
    }

    @Test func rReloadsTheTrayOrRetriesAFailedPageAndQQuits() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(AppUpdate.update(&model, .input(.character("r"))) == [.tray(.feed(.refresh))])
        #expect(model.tray.selected == 0)
        var failed = ScreenFixtures.loadedTray(phase: .failed(message: "HTTP 500"))
        #expect(AppUpdate.update(&failed, .input(.character("r"))) == [.tray(.feed(.retry))])
        #expect(AppUpdate.update(&model, .input(.character("q"))) == [.quit] && model.isQuitting)
        var viewing = ScreenFixtures.openViewer()
        #expect(AppUpdate.update(&viewing, .input(.interrupt)) == [.quit], "Ctrl-C quits from anywhere")
    }

    @Test func ctrlZSuspendsAndAPlayingViewerPausesFirst() {
        var tray = ScreenFixtures.loadedTray()
        #expect(AppUpdate.update(&tray, .input(.suspend)) == [.suspend])
        var viewing = ScreenFixtures.openViewer()
        let effects = AppUpdate.update(&viewing, .input(.suspend))
        #expect(effects.last == .suspend, "\(effects)")
        #expect(viewing.viewer?.viewer.isPaused == true, "the time stopped does not count")
        #expect(!viewing.isQuitting)
    }

    @Test func aClickOnAnAvatarOpensThatUser() {
        var model = ScreenFixtures.loadedTray()
        let layout = TrayLayout(size: model.size)
        let x = layout.slotLeft(2) + 5
        let effects = AppUpdate.update(
            &model, .input(.mouse(button: 0, x: x, y: layout.avatarTop + 1, pressed: true)))
        #expect(model.tray.selected == 2)
        #expect(effects == [.tray(.openViewer(stories: ScreenFixtures.stories, userIndex: 2))])
    }

    // MARK: - The runtime only runs: every rule it used to apply is the update's

    @Test func beforeTheSourceIsOpenOnlyTheQuitKeysAct() {
        let fresh = AppModel(
            size: ScreenSize(columns: 80, rows: 24), source: "auto", depth: .truecolor,
            viewerConfiguration: ScreenFixtures.model().viewerConfiguration)
        for key: InputEvent in [.enter, .character("g"), .character("?"), .arrow(.right, shift: false)] {
            var model = fresh
            #expect(AppUpdate.update(&model, .input(key)) == [], "\(key)")
            #expect(!model.isShowingHelp && model.screen == .tray && !model.isQuitting)
        }
        var quitting = fresh
        #expect(AppUpdate.update(&quitting, .input(.character("q"))) == [.quit] && quitting.isQuitting)
        var opened = fresh
        _ = AppUpdate.update(&opened, .sourceChosen(name: "bundled", fallback: nil))
        #expect(opened.isSourceOpen && opened.source == "bundled")
        #expect(AppUpdate.update(&opened, .input(.character("g"))).contains(.gallery(.open)))
    }

    @Test func theClockIsWantedOnlyWhileTheViewerIsOpen() {
        var tray = ScreenFixtures.loadedTray()
        #expect(!AppUpdate.wantsClock(tray))
        #expect(AppUpdate.update(&tray, .tick(.seconds(1))) == [])
        var viewer = ScreenFixtures.openViewer()
        #expect(AppUpdate.wantsClock(viewer))
        _ = AppUpdate.update(&viewer, .input(.character("q")))
        #expect(viewer.viewer == nil && !AppUpdate.wantsClock(viewer))
    }

    /// A paused viewer wakes nothing: no ticks until it resumes, unless something still moves
    /// with time (an animation, a seen mark waiting for its picture to stay).
    @Test func aPausedViewerWantsNoClock() {
        var viewer = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&viewer, .input(.character(" ")))
        #expect(viewer.viewer?.viewer.isPaused == true)
        #expect(!AppUpdate.wantsClock(viewer), "paused: nothing moves")
        viewer.animation = .heartPop(ticksLeft: 2)
        #expect(AppUpdate.wantsClock(viewer), "the heart pops on ticks")
        viewer.animation = nil
        viewer.viewer?.unconfirmedSeen = UnconfirmedSeen(item: "ada-0", user: "ada", index: 0)
        #expect(AppUpdate.wantsClock(viewer), "a seen mark ages on ticks")
        viewer.viewer?.unconfirmedSeen = nil
        _ = AppUpdate.update(&viewer, .input(.character(" ")))
        #expect(viewer.viewer?.viewer.isPaused == false && AppUpdate.wantsClock(viewer), "resumed: the clock again")
    }

    @Test func aLoadUnderWayIsKnownOnceRaisedWhenShownAndEndedByItsAnswer() throws {
        var model = ScreenFixtures.openViewer()
        let area = AppUpdate.imageArea(model.size)
        #expect(model.viewer?.requested["ada-1"] == MediaRequest(priority: .low, area: area), "prefetched")
        let next = try #require(model.viewer?.viewer.stories[0].items[1])
        let effects = AppUpdate.update(&model, .input(.arrow(.right, shift: false)))
        #expect(effects.contains(.viewer(.raiseMedia(next))), "\(effects)")
        #expect(
            !effects.contains { if case .viewer(.loadMedia(let item, _, _)) = $0 { item.id == "ada-1" } else { false } }
        )
        #expect(model.viewer?.requested["ada-1"]?.priority == .high)
        _ = AppUpdate.update(&model, .viewer(.mediaLoaded("ada-1", .success(DecodedMedia(image: nil, area: area)))))
        #expect(model.viewer?.requested["ada-1"] == nil)
        // A resize replaces the load of the item on screen; an answer for the old area does not end it.
        var resized = ScreenFixtures.openViewer()
        let current = try #require(resized.viewer?.viewer.current?.item)
        let small = AppUpdate.imageArea(ScreenSize(columns: 20, rows: 8))
        #expect(
            AppUpdate.update(&resized, .resized(columns: 20, rows: 8)).contains(
                .viewer(.loadMedia(current, priority: .high, area: small))))
        _ = AppUpdate.update(
            &resized, .viewer(.mediaLoaded(current.id, .success(DecodedMedia(image: nil, area: area)))))
        #expect(resized.viewer?.requested[current.id] == MediaRequest(priority: .high, area: small))
        _ = AppUpdate.update(
            &resized, .viewer(.mediaLoaded(current.id, .success(DecodedMedia(image: nil, area: small)))))
        #expect(resized.viewer?.requested[current.id] == nil)
    }
}
