public import ArgumentParser
import Foundation
import PicsumContent
import StoriesRuntime
import StoryBase
import StoryImages
import StoryInterfaces
import StoryModels
import StoryTerminal
import VideoDecoding

/// `stories render FILE|URL|- … [-s WxH | --width W --height H]`: images as terminal cells on stdout.
struct RenderCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "render", _superCommandName: "stories",
        abstract: "Draw image files or URLs in the terminal (- for standard input).",
        discussion: """
            JPEG (decoded by libjpeg-turbo, scaled in the decoder) and PNG are drawn; GIF, WebP, \
            animated PNG and videos (MP4, WebM) are decoded by the ffmpeg program as the viewer's \
            are: in a terminal in half blocks they play in place, once (--loops N passes, 0 until \
            Ctrl-C; a GIF's own loop-forever flag is not obeyed), \
            elsewhere (a pipe, a graphics protocol) their first picture is drawn; without ffmpeg \
            they are refused with exit 65, saying so. Other formats are refused with exit 65. The image keeps its aspect inside WIDTH × HEIGHT \
            cells (-s/--size WxH, as chafa writes it, or --width and --height) and only its own \
            rows are printed. Several files are drawn one after the other; one that cannot be \
            drawn is said on stderr and the rest still are (the exit status is the first \
            failure's). - (or /dev/stdin) reads the picture from standard input, 25 MiB at most.

            --graphics picks how: kitty (the kitty graphics protocol: kitty, WezTerm, Ghostty, \
            Konsole), sixel (xterm -ti vt340, foot, WezTerm, mlterm, Windows Terminal; a \
            palette of up to 256 colours made for the image, dithered), iterm2 (iTerm2's inline \
            images, WezTerm), or symbols (half blocks, everywhere). auto asks the terminal (the \
            kitty graphics query, XTVERSION, device attributes; 1 s at most) and uses what it \
            answers, iterm2 in iTerm2 (TERM_PROGRAM), half blocks otherwise and whenever stdout \
            is not a terminal, inside tmux/screen or in the Linux console (`stories doctor` says \
            what was found and why). An explicit mode is written to a pipe too. Graphics are \
            sized with the terminal's cell size in pixels when it reports one, else 10×20. Half blocks take their colour depth from --color, else \
            COLORTERM and TERM, raised to 24-bit colour when the terminal keeps one it is given \
            (asked as above: xterm) (NO_COLOR draws luminance with characters).

            Examples:
              stories render photo.jpg
              stories render photo.jpg -s 120x40 --color 256
              stories render *.jpg --size 40x20 --center
              curl -s https://picsum.photos/400 | stories render -
              stories render clip.mp4 --loops 3
              stories render https://picsum.photos/id/10/1080/1920 --width 60
              stories render bundled://samples/astronaut-portrait.jpg   (a bundled sample, as the gallery names it)
              stories render photo.jpg --graphics sixel
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            "Pictures (JPEG, PNG, GIF, WebP), animations and videos: files, http(s) URLs or bundled:// samples; - for standard input.",
            valueName: "file-or-url"))
    var files: [String]

    @Option(
        name: [.customShort("s"), .long],
        help: ArgumentHelp("Columns and rows at most, WxH (40x20; 40 or x20 sets one).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Columns at most (default: the terminal's, else 80).", valueName: "columns"))
    var width: Int?

    @Flag(help: "Fill WIDTH × HEIGHT, aspect not kept (half blocks; --fit, the default, keeps it).")
    var stretch = false

    @Flag(help: "Keep the aspect inside WIDTH × HEIGHT (the default).")
    var fit = false

    @Flag(help: "Centre each picture in the width (the terminal's, or WIDTH).")
    var center = false

    @Option(
        help: ArgumentHelp(
            "Play an animation or a video this many passes in a terminal, in half blocks (0: until Ctrl-C; default 1).",
            valueName: "n"))
    var loops: Int?

    @Option(help: ArgumentHelp("Rows at most (default: the terminal's less one, else 40).", valueName: "rows"))
    var height: Int?

    /// Checks the files and the sizes.
    func validate() throws {
        guard !files.isEmpty else {
            throw ValidationError("give an image file, an http(s) URL or - for standard input")
        }
        if files.filter(RenderInput.isStandardInput).count > 1 {
            throw ValidationError("standard input can be read once: give - at most once")
        }
        if stretch, fit { throw ValidationError("give --fit or --stretch, not both") }
        if let loops, loops < 0 { throw ValidationError("--loops \(loops) is out of range: use 0 (forever) or more") }
        if size != nil, width != nil || height != nil {
            throw ValidationError("give --size WxH or --width and --height, not both")
        }
        let (sizeWidth, sizeHeight) = try Self.parse(size: size)
        for (name, value) in [("--width", width ?? sizeWidth), ("--height", height ?? sizeHeight)] {
            if let value, !(1...1000).contains(value) {
                throw ValidationError("\(name) \(value) is out of range: use 1 to 1000")
            }
        }
    }

    /// `WxH`, `W`, `Wx` or `xH` as columns and rows (nil where not given).
    static func parse(size: String?) throws -> (Int?, Int?) {
        guard let size else { return (nil, nil) }
        let parts = size.lowercased().split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts.map { $0.isEmpty ? nil : Int($0) }
        guard !size.isEmpty, parts.allSatisfy({ $0.isEmpty || Int($0) != nil }), numbers.contains(where: { $0 != nil })
        else {
            throw ValidationError(
                "--size \"\(StandardStreams.sanitized(size))\" is not WxH: use columns x rows, e.g. 80x24")
        }
        return (numbers[0], numbers.count > 1 ? numbers[1] : nil)
    }

    /// Decodes and prints each file; one that fails is said and the rest still drawn.
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let root = try options.compositionRoot(environment: environment)
        let attached = TerminalSession.isTerminal(1)
        // auto asks the terminal and waits up to 1 s for its answers; output that is not a
        // terminal is never asked. The answers come on standard input, or — when it is a pipe
        // (`cat photo | stories render -`) — on the terminal itself (/dev/tty). `render` is the
        // only work of its process, so what blocks here (the question, the file's read) blocks
        // nothing else.
        let answers = attached && !TerminalSession.isTerminal(0) ? RenderInput.openTerminal() : nil
        defer { if let answers { _ = close(answers) } }
        let detected = GraphicsDetection.detect(
            configured: root.settings.graphicsMode, environment: environment, input: answers ?? STDIN_FILENO,
            output: STDOUT_FILENO)
        // Colours as the screens decide them (tmux asked only when the output is a terminal).
        let display = await TerminalDisplay.decide(
            detected, configured: root.settings.graphicsMode, color: root.settings.colorMode,
            environment: environment, placeholders: false, askTmux: attached)
        let terminal = attached ? TerminalSession.size(of: 1) : nil
        let (sizeWidth, sizeHeight) = try Self.parse(size: size)
        let picture = TerminalPicture(
            display: display, columns: width ?? sizeWidth ?? terminal?.columns ?? 80,
            rows: height ?? sizeHeight ?? terminal.map { max(1, $0.rows - 1) } ?? 40,
            cell: attached ? CellPixels.of(1) : nil, stretch: stretch, center: center)
        var failed: ExitStatus?
        for file in files {
            let name = RenderInput.isStandardInput(file) ? "standard input" : file
            do {
                let data = try await Self.load(file, settings: root.settings)
                if FFmpegVideoDecoder.decodes(data) {
                    // In a terminal, in half blocks: played in place, `--loops` times; elsewhere
                    // its first picture, through the viewer's decoder and player.
                    let play = attached && display.graphics == .symbols
                    try await RenderInput.animation(data, name: name, picture: picture, loops: play ? loops ?? 1 : nil)
                    continue
                }
                try picture.write(.encoded(data)) { try StandardStreams.writeOutput($0) }
            } catch let error as OutputError {
                throw error  // the output itself failed: nothing more can be drawn
            } catch {
                // A picture that does not decode is named: with several files, "the image" was which?
                if let error = error as? ImageDecodeError, let status = ErrorReport.status(for: error) {
                    StandardStreams.printError("cannot render \(name): \(error)")
                    guard files.count > 1 else { throw ExitCode(status.rawValue) }
                    failed = failed ?? status
                    continue
                }
                guard files.count > 1, let status = ErrorReport.status(for: error) else { throw error }
                StandardStreams.printError(ErrorReport.message(for: error))
                failed = failed ?? status
            }
        }
        if let failed { throw ExitCode(failed.rawValue) }
    }

    /// The bytes of `file`: an http(s) URL, a bundled sample, standard input or a file.
    static func load(_ file: String, settings: StoriesSettings) async throws -> Data {
        if let url = RenderInput.webURL(file) {
            // Followed through Picsum's 302s, retried like every Picsum request, capped at 25 MiB.
            return try await SharedHTTP.client(settings.picsum).imageData(url, limit: ImageDecoder.maximumBytes)
        }
        if let url = RenderInput.bundledURL(file) {
            return try await BundledImageLoader().imageData(for: url, priority: .high)
        }
        if RenderInput.isStandardInput(file) {
            return try await OwnThread.run { () throws(RenderInputError) in try RenderInput.standardInput() }
        }
        return try RenderInput.read(file)
    }
}
