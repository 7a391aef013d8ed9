import StoriesScreens
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// Features/StoriesScreens/README.md's example, compiled (ReadmeExampleTests holds the README to it).
enum StoriesScreensExample {
    static func run(snapshot: FeedSnapshot<TrayUser>) async throws {
        // README
        var model = AppModel(
            size: ScreenSize(columns: 80, rows: 24), source: "bundled", depth: .truecolor,
            viewerConfiguration: try ViewerConfiguration())
        var effects = AppUpdate.update(&model, .tray(.feed(snapshot)))  // pure: no I/O, no clock
        effects += AppUpdate.update(&model, .input(.enter))  // [.tray(.openViewer(…))]
        let frame = AppView.render(model)  // a CellBuffer to diff and draw
        // StoriesRuntime's InteractiveLoop runs this over a real terminal, carrying out the effects.
        // /README
    }
}
