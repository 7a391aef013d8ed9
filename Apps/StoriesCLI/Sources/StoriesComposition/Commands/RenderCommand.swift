public import ArgumentParser
import Foundation
import PicsumContent
import StoryBase
import StoryInterfaces
import StoryModels
import StoryTerminal

/// `stories render FILE|URL [--width W] [--height H]`: an image as terminal cells on stdout.
struct RenderCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "render", _superCommandName: "stories",
        abstract: "Draw an image file or URL in the terminal.",
        discussion: """
            JPEG (decoded by libjpeg-turbo, scaled in the decoder) and PNG are drawn; other \
            formats are refused with exit 65. The image keeps its aspect inside WIDTH × HEIGHT \
            cells and only its own rows are printed.

            --graphics picks how: kitty (the kitty graphics protocol: kitty, WezTerm, Ghostty, \
            Konsole), sixel (xterm -ti vt340, foot, WezTerm, mlterm, Windows Terminal; a \
            palette of up to 256 colours made for the image, dithered), iterm2 (iTerm2's inline \
            images, WezTerm), or symbols (half blocks, everywhere). auto asks the terminal (the \
            kitty graphics query, XTVERSION, device attributes; 1 s at most) and uses what it \
            answers, iterm2 in iTerm2 (TERM_PROGRAM), half blocks otherwise and whenever stdout \
            is not a terminal, inside tmux/screen or in the Linux console (`stories doctor` says \
            what was found and why). An explicit mode is written to a pipe too. Graphics are \
            sized with the terminal's cell size in pixels when it reports one, else 10×20. Half blocks take their colour depth from --color, else \
            COLORTERM and TERM (NO_COLOR draws luminance with characters).

            Examples:
              stories render photo.jpg
              stories render photo.jpg --width 120 --height 40 --color 256
              stories render https://picsum.photos/id/10/1080/1920 --width 60
              stories render bundled://samples/astronaut-portrait.jpg   (a bundled sample, as the gallery names it)
              stories render photo.jpg --graphics sixel
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            "The image file, http(s) URL or bundled:// sample (JPEG or PNG).", valueName: "file-or-url"))
    var file: String

    @Option(help: ArgumentHelp("Columns at most (default: the terminal's, else 80).", valueName: "columns"))
    var width: Int?

    @Option(help: ArgumentHelp("Rows at most (default: the terminal's less one, else 40).", valueName: "rows"))
    var height: Int?

    /// Checks the sizes.
    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...1000).contains(value) {
                throw ValidationError("\(name) \(value) is out of range: use 1 to 1000")
            }
        }
    }

    /// Decodes and prints.
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let root = try options.compositionRoot(environment: environment)
        let attached = TerminalSession.isTerminal(1)
        let depth = TerminalCapabilities.detect(environment: environment, color: root.settings.colorMode).color
        // auto asks the terminal (stdin and stdout both on it) and waits up to 1 s for its
        // answers; output that is not a terminal is never asked. `render` is the only work of
        // its process, so what blocks here (the question, the file's read) blocks nothing else.
        let detected = GraphicsDetection.detect(
            configured: root.settings.graphicsMode, environment: environment, input: STDIN_FILENO,
            output: STDOUT_FILENO)
        let graphics = detected.mode
        let terminal = attached ? TerminalSession.size(of: 1) : nil
        let columns = width ?? terminal?.columns ?? 80
        let rows = height ?? terminal.map { max(1, $0.rows - 1) } ?? 40
        let data: Data
        if let url = RenderInput.webURL(file) {
            // Followed through Picsum's 302s, retried like every Picsum request, capped at 25 MiB.
            data = try await SharedHTTP.client(root.settings.picsum).imageData(
                url, limit: ImageDecoder.maximumBytes)
        } else if let url = RenderInput.bundledURL(file) {
            data = try await BundledImageLoader().imageData(for: url, priority: .high)
        } else {
            data = try RenderInput.read(file)
        }
        if graphics != .symbols {
            try GraphicsImage.write(
                data, mode: graphics, columns: columns, rows: rows, cell: attached ? CellPixels.of(1) : .assumed,
                id: UInt32.random(in: 1...0x7FFF_FFFF), sixelLimit: detected.sixelLimit,
                colorRegisters: detected.colorRegisters, kittyFiles: detected.kittyFiles
            ) { try StandardStreams.writeOutput($0) }
            return
        }
        let header = try ImageDecoder.size(of: data)
        // Half blocks of the terminal's real cell shape (kitty's made pictures 8% narrow).
        let fitted = ImageCells.fittedSize(
            width: header.width, height: header.height, columns: columns, rows: rows,
            cell: attached ? CellPixels.of(1) : nil)
        let image = try ImageDecoder.decode(data, covering: fitted.width, fitted.height)
            .resampled(width: fitted.width, height: fitted.height)
        let usedRows = (fitted.height + 1) / 2
        var buffer = CellBuffer(width: fitted.width, height: usedRows)
        ImageCells.draw(image, into: &buffer, x: 0, y: 0, columns: fitted.width, rows: usedRows, depth: depth)
        try StandardStreams.writeOutput(TerminalRenderer(depth: depth).lines(buffer))
    }
}

/// Reading the file to render, with the size limit on untrusted input.
enum RenderInput {
    /// The argument as an http(s) URL, if it is one.
    static func webURL(_ text: String) -> URL? {
        guard text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://"),
            let url = URL(string: text),
            url.host != nil
        else { return nil }
        return url
    }

    /// The argument as a bundled sample's URL (`bundled://samples/NAME.jpg`), if it is one.
    static func bundledURL(_ text: String) -> URL? {
        guard text.hasPrefix(BundledCatalog.scheme + "://") else { return nil }
        return URL(string: text)
    }

    static func read(_ path: String) throws(RenderInputError) -> Data {
        // `ftp://…`, `file:/…`, `data:…`: a URL of a kind not read here, not a missing file.
        if let colon = path.firstIndex(of: ":"), path[..<colon].count >= 2,
            path[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            path[path.index(after: colon)...].hasPrefix("/") || !FileManager.default.fileExists(atPath: path)
        {
            throw .unreadable(
                path,
                "\(path[..<colon].lowercased()): URLs are not read; give a file, an http(s) URL or a bundled:// sample")
        }
        do {
            return try BoundedFile.contents(of: path, limit: ImageDecoder.maximumBytes)
        } catch {
            throw .unreadable(path, error.reason)
        }
    }
}

/// The file to render could not be read (exit 65).
struct RenderInputError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    static func unreadable(_ path: String, _ reason: String) -> RenderInputError {
        RenderInputError(path: path, reason: reason)
    }

    var description: String { "cannot render \(path): \(reason)" }
}
