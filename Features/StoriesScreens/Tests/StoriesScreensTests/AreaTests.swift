import Foundation
import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal
import Testing

/// A screen draws into the area it is given: the tray, the viewer and the gallery put in a part
/// of a larger screen are what they are alone at that size, moved there, and nothing outside
/// the area is touched.
@Suite("Screens in an area")
struct AreaTests {
    static func screens() -> [(String, AppModel)] {
        var viewer = ScreenFixtures.openViewer()
        viewer.graphics = true  // pictures as graphics: they move with the area
        return [
            ("tray", ScreenFixtures.loadedTray()), ("viewer", viewer),
            ("viewer in half blocks", ScreenFixtures.openViewer()),
            ("gallery", GalleryFixtures.gallery()),
        ]
    }

    @Test(arguments: screens().map(\.0))
    func aScreenInAnAreaIsTheScreenAloneMovedThere(name: String) throws {
        let model = try #require(Self.screens().first { $0.0 == name }?.1)
        var sized = model
        sized.size = ScreenSize(columns: 60, rows: 20)
        let alone = AppView.render(sized)
        var screen = CellBuffer(width: 100, height: 30)
        let border = Cell("#")
        screen.fill(x: 0, y: 0, width: 100, height: 30, with: border)
        AppView.render(model, into: &screen, x: 25, y: 6, columns: 60, rows: 20)
        for y in 0..<30 {
            for x in 0..<100 {
                let inside = (25..<85).contains(x) && (6..<26).contains(y)
                let expected = inside ? alone[x - 25, y - 6] : border
                #expect(screen[x, y] == expected, "\(name): the cell at \(x),\(y)")
                if screen[x, y] != expected { return }
            }
        }
        #expect(
            screen.graphics.map { "\($0.key)@\($0.x - 25),\($0.y - 6) \($0.columns)×\($0.rows)" }
                == alone.graphics.map { "\($0.key)@\($0.x),\($0.y) \($0.columns)×\($0.rows)" })
        if name == "viewer" { #expect(!alone.graphics.isEmpty, "the viewer's picture is a graphic") }
    }
}
