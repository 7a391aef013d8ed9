public import ArgumentParser
import StoriesRuntime
import StoriesScreens
import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `stories` (and `stories browse`): the interactive tray and viewer when a terminal is
/// attached; without one, the tray printed as text, saying why.
struct BrowseCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "browse", _superCommandName: "stories",
        abstract: "The interactive tray and viewer (what bare `stories` runs).",
        discussion: """
            Tray: \(KeyBindings.summary(KeyBindings.tray)) · ? help; a click on an avatar views \
            their story. Viewer: \(KeyBindings.summary(KeyBindings.viewer)); a click on the left \
            third goes back, elsewhere forward, on the heart likes (the wheel scrolls nothing). \
            Gallery: \(KeyBindings.summary(KeyBindings.gallery)); a photo's detail: \
            \(KeyBindings.summary(KeyBindings.detail)). The screen comes up at once and q quits \
            at any time, while the source opens or the network is slow too; a window smaller \
            than a screen needs says so. Pictures are drawn in real pixels where the terminal \
            speaks the kitty graphics protocol, sixel or iTerm2's inline images (--graphics auto \
            asks it, up to 1 s; kitty, sixel, iterm2 or symbols force one), half blocks \
            elsewhere and inside tmux or screen — except tmux inside kitty 0.28 or later, where \
            kitty's Unicode placeholders cross tmux (passthrough is turned on for the pane). \
            Colours follow the terminal's background (asked \
            too: dark marks on a light theme; mid tones and the terminal's own foreground where \
            it does not say, as behind tmux), and sixel pictures stay within the size the \
            terminal says it shows. Videos play, without sound, decoded by the \
            ffmpeg program (24 frames a second in half blocks, 15 in a graphics protocol; \
            viewer.videoFrameRate sets it); the bar follows the playback, and without ffmpeg a \
            video shows its poster and says what to install. --accessible prints every change as a sentence \
            instead of drawing. Without a terminal on stdin and stdout it prints the tray as text instead \
            (exit 0).

            Examples:
              stories
              stories --source bundled --store memory
              stories ~/Pictures/trip      (each folder of pictures below it, or each day, a story)
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    /// Runs the app, or prints the tray without a terminal.
    func run() async throws {
        guard TerminalSession.isTerminal(STDIN_FILENO), TerminalSession.isTerminal(STDOUT_FILENO) else {
            StandardStreams.printError(
                "not a terminal: printing the tray instead (run `stories` in a terminal for the interactive screens)")
            try await TrayCommand.print(options: options, page: 1, limit: nil, json: false)
            return
        }
        // The content source is opened behind the screen's logo (auto's probe takes up to 2 s).
        try await InteractiveApp(root: try ContentSession.root(options)).runAndSayUnsaved()
    }
}
