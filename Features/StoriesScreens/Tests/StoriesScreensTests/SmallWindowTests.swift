import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

/// Every screen at every size from 1×1 up: it draws something and never traps (a 1×1 window
/// ended the app with "Range requires lowerBound <= upperBound").
@Suite("Small windows")
struct SmallWindowTests {
    static func screens() -> [(String, AppModel)] {
        var help = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&help, .input(.character("?")))
        var detail = GalleryFixtures.gallery()
        _ = AppUpdate.update(&detail, .input(.enter))
        var detailLoaded = detail
        _ = AppUpdate.update(&detailLoaded, .gallery(.detailLoaded("0", .success(ScreenFixtures.picture()))))
        var failedMedia = ScreenFixtures.openViewer(loaded: false)
        if let item = failedMedia.viewer?.viewer.current?.item.id {
            _ = AppUpdate.update(&failedMedia, .viewer(.mediaLoaded(item, .failure(MediaFailure("HTTP 500")))))
        }
        return [
            ("logo", ScreenFixtures.model()), ("tray", ScreenFixtures.loadedTray()),
            ("viewer", ScreenFixtures.openViewer()), ("viewer loading", ScreenFixtures.openViewer(loaded: false)),
            ("viewer failed", failedMedia), ("help", help), ("gallery", GalleryFixtures.gallery()),
            ("gallery empty", GalleryFixtures.gallery(0)), ("detail", detail), ("detail loaded", detailLoaded),
        ]
    }

    @Test func everyScreenDrawsAtEverySizeFromOneByOne() {
        for (name, start) in Self.screens() {
            for columns in [1, 2, 3, 4, 5, 8, 10, 13, 16, 20, 24, 30, 40] {
                for rows in [1, 2, 3, 4, 5, 6, 8, 10, 12] {
                    var model = start
                    _ = AppUpdate.update(&model, .resized(columns: columns, rows: rows))
                    _ = AppUpdate.update(&model, .tick(.milliseconds(100)))
                    let frame = AppView.render(model)
                    #expect(frame.width == columns && frame.height == rows, "\(name) at \(columns)×\(rows)")
                    let text = Snapshot.text(frame)
                    #expect(
                        text.contains { !$0.isWhitespace }, "\(name) at \(columns)×\(rows) draws nothing")
                }
            }
        }
    }

    @Test func aWindowTooSmallSaysSo() {
        var model = ScreenFixtures.openViewer()
        _ = AppUpdate.update(&model, .resized(columns: 18, rows: 3))
        #expect(Snapshot.text(AppView.render(model)).contains("too small"))
        _ = AppUpdate.update(&model, .resized(columns: 1, rows: 1))
        #expect(Snapshot.text(AppView.render(model)).trimmingCharacters(in: .whitespacesAndNewlines) == "…")
    }

    static func rows(_ model: AppModel) -> [String] {
        Snapshot.text(AppView.render(model)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Text never collides: the tray's summary and "Enter to view" stay off the status line,
    /// and every status line says how to leave, whatever its width.
    @Test func textKeepsToItsRowsAndTheStatusLineAlwaysSaysHowToLeave() {
        for (columns, rows) in [(16, 10), (20, 11), (40, 12), (80, 24), (120, 40)] {
            var tray = ScreenFixtures.loadedTray()
            _ = AppUpdate.update(&tray, .resized(columns: columns, rows: rows))
            let trayRows = Self.rows(tray)
            #expect(!trayRows[rows - 1].contains("Enter to view"), "\(columns)×\(rows): \(trayRows)")
            #expect(!trayRows[rows - 1].contains("Ada"), "\(columns)×\(rows): \(trayRows)")
            #expect(trayRows[rows - 1].contains("q quit"), "\(columns)×\(rows): \(trayRows[rows - 1])")
            let nameRow = TrayLayout(size: ScreenSize(columns: columns, rows: rows)).nameRow
            #expect(trayRows[nameRow].contains("Ada"), "\(columns)×\(rows): \(trayRows)")
        }
        for (columns, rows) in [(20, 11), (40, 12), (80, 24), (120, 40)] {
            var gallery = GalleryFixtures.gallery()
            _ = AppUpdate.update(&gallery, .resized(columns: columns, rows: rows))
            #expect(Self.rows(gallery)[rows - 1].contains("q back"), "\(columns)×\(rows): \(Self.rows(gallery))")
        }
    }

    /// "r retry" is offered only where something failed.
    @Test func retryIsOfferedOnlyAfterAFailure() {
        #expect(!Snapshot.text(AppView.render(ScreenFixtures.model())).contains("retry"), "the logo")
        var detail = GalleryFixtures.gallery()
        _ = AppUpdate.update(&detail, .input(.enter))
        _ = AppUpdate.update(&detail, .gallery(.detailLoaded("0", .success(ScreenFixtures.picture()))))
        #expect(!Snapshot.text(AppView.render(detail)).contains("retry"), "a loaded detail")
        _ = AppUpdate.update(&detail, .gallery(.detailLoaded("0", .failure(MediaFailure("HTTP 404")))))
        #expect(Snapshot.text(AppView.render(detail)).contains("r retry"), "a failed detail")
    }
}

@Suite("Tray avatars grow with the window")
struct TrayAvatarSizeTests {
    @Test(arguments: [
        (80, 24, 10, 5), (120, 40, 14, 7), (200, 60, 24, 12), (300, 90, 24, 12), (60, 40, 10, 5), (16, 10, 10, 5),
    ])
    func avatarSizeFollowsTheWindow(columns: Int, rows: Int, avatarColumns: Int, avatarRows: Int) {
        let layout = TrayLayout(size: ScreenSize(columns: columns, rows: rows))
        #expect(layout.avatarColumns == avatarColumns && layout.avatarRows == avatarRows, "\(columns)×\(rows)")
        #expect(
            layout.visibleSlots >= min(4, columns / layout.slotWidth), "as many users as fit, 4 at least when they can")
    }

    @Test func aBigWindowDrawsBigAvatarsAndTheirNamesBelowThem() {
        var model = ScreenFixtures.loadedTray()
        _ = AppUpdate.update(&model, .resized(columns: 200, rows: 60))
        let screen = AppView.render(model)
        let layout = TrayLayout(size: model.size)
        // The avatar's bottom row is drawn (ring colours), and the names come after it.
        let bottom = layout.avatarTop + layout.avatarRows - 1
        let left = layout.slotLeft(0)
        let drawn = (left..<(left + layout.slotWidth)).contains { screen[$0, bottom].style.foreground != nil }
        #expect(drawn, "the 12th avatar row is drawn")
        let names = (0..<screen.width).map { screen[$0, layout.nameRow].text }.joined()
        #expect(names.contains("Ada"), "\(names)")
    }
}
