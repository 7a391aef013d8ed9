import Foundation
import StoryImages
import StoryInterfaces
import StoryNavigation
public import StoryTerminal

/// The view of Model–Update–View: the model drawn into a cell buffer. Pure; the runtime
/// writes only the cells that changed since the previous frame.
public enum AppView {
    static let bold = CellStyle(bold: true)

    /// The whole screen for `model`: the screen that is up drawn into the window's area.
    public static func render(_ model: AppModel) -> CellBuffer {
        var buffer = CellBuffer(width: model.size.columns, height: model.size.rows)
        let minimum = minimumSize(model)
        guard buffer.width >= minimum.columns, buffer.height >= minimum.rows else {
            tooSmall(minimum, into: &buffer)
            return buffer
        }
        let context = ViewContext(model)
        if let viewer = model.viewer {
            ViewerView.draw(viewer, animation: model.animation, context: context, into: &buffer)
        } else if model.screen == .gallery {
            GalleryView.draw(model.gallery, context: context, into: &buffer)
        } else {
            TrayView.draw(model.tray, context: context, into: &buffer)
        }
        if model.isShowingHelp { HelpOverlay.draw(HelpText.lines(for: model), into: &buffer) }
        if model.lightBackground {
            readableOnLight(&buffer)
        } else if !model.backgroundKnown {
            readableOnAny(&buffer)
        }
        return buffer
    }

    /// The screen that is up drawn into an area of `buffer` (`columns × rows` at column `x`, row
    /// `y`), as if the window were that size: another app can put the stories screens in a part
    /// of its own. The model's size should be the area's (the update lays out for it).
    public static func render(
        _ model: AppModel, into buffer: inout CellBuffer, x: Int, y: Int, columns: Int, rows: Int
    ) {
        var sized = model
        sized.size = ScreenSize(columns: columns, rows: rows)
        buffer.paste(render(sized), x: x, y: y)
    }

    /// The smallest window the current screen is drawn in.
    static func minimumSize(_ model: AppModel) -> ScreenSize {
        if model.viewer != nil { return ViewerLayout.minimumSize }
        if model.screen == .gallery {
            return model.gallery.detail == nil ? GalleryLayout.minimumSize : GalleryLayout.minimumDetailSize
        }
        return TrayLayout.minimumSize
    }

    /// What a window smaller than the screen needs shows: that it is too small and what it
    /// needs, on as many rows as there are (at 1×1, "…"). Keys still work.
    static func tooSmall(_ minimum: ScreenSize, into buffer: inout CellBuffer) {
        let lines = ["window too small", "need \(minimum.columns)×\(minimum.rows)", "q quits"]
        let shown = lines.prefix(max(1, buffer.height))
        let top = max(0, (buffer.height - shown.count) / 2)
        for (index, line) in shown.enumerated() {
            centred(line, y: top + index, style: index == 0 ? bold : dim, into: &buffer)
        }
    }

    /// `text` sanitised and cut to `width`, written at a place; returns the columns used.
    @discardableResult
    static func text(
        _ text: String, x: Int, y: Int, width: Int, style: CellStyle = .plain, into buffer: inout CellBuffer
    ) -> Int {
        guard width > 0 else { return 0 }
        let cut = TerminalText.truncate(TerminalText.sanitize(text), toWidth: width)
        return buffer.put(cut, x: x, y: y, style: style, maxWidth: width)
    }

    /// `text` centred on a row.
    static func centred(_ text: String, y: Int, style: CellStyle = .plain, into buffer: inout CellBuffer) {
        let cut = TerminalText.truncate(TerminalText.sanitize(text), toWidth: buffer.width)
        let x = max(0, (buffer.width - TerminalText.width(of: cut)) / 2)
        buffer.put(cut, x: x, y: y, style: style, maxWidth: buffer.width)
    }

    /// A picture fitted inside a rectangle: a graphic named `key` in a graphics mode, half
    /// blocks otherwise.
    static func picture(
        _ image: RGBImage, key: String, x: Int, y: Int, columns: Int, rows: Int, context: ViewContext,
        isTransient: Bool = false, into buffer: inout CellBuffer
    ) {
        if context.graphics {
            buffer.place(
                CellGraphic(
                    key: key, image: image, shape: .fitted, x: x, y: y, columns: columns, rows: rows,
                    isTransient: isTransient))
        } else {
            ImageCells.draw(
                image, into: &buffer, x: x, y: y, columns: columns, rows: rows, depth: context.depth, cell: context.cell
            )
        }
    }

    /// An avatar in its ring: a graphic in a graphics mode once its picture is loaded, half
    /// blocks otherwise (and for the blank face while it loads).
    static func avatar(
        _ url: URL?, ring: AvatarCells.Ring, x: Int, y: Int, columns: Int, rows: Int, context: ViewContext,
        into buffer: inout CellBuffer
    ) {
        let image = url.flatMap { context.avatars[$0] }
        if context.graphics, let url, let image {
            buffer.place(
                CellGraphic(
                    key: "avatar:\(url.absoluteString)", image: image, shape: .avatar(ring), x: x, y: y,
                    columns: columns, rows: rows))
        } else {
            AvatarCells.draw(
                image, ring: ring, into: &buffer, x: x, y: y, columns: columns, rows: rows, depth: context.depth)
        }
    }

    /// A screen's title on the top row.
    static func title(_ text: String, into buffer: inout CellBuffer) {
        AppView.text(
            text, x: 1, y: 0, width: TerminalText.width(of: text), style: CellStyle(foreground: accent, bold: true),
            into: &buffer)
    }

    /// What a feed's phase adds to a status line ("loading…", "end of the list", …); nil when
    /// loaded. `noun` names the content ("stories", "photos").
    static func phaseStatus(_ phase: FeedPhase, noun: String) -> String? {
        switch phase {
        case .idle, .loadingFirstPage: "loading…"
        case .loadingMore: "loading more…"
        case .failed(let message): "couldn't load: \(message) — r to retry"
        case .exhausted: "end of the list"
        case .empty: "no \(noun)"
        case .loaded: nil
        }
    }

    /// The middle of a feed screen with nothing loaded: the error with how to retry, the
    /// empty message, or (still loading) what `loading` draws. `keys` are the screen's reload
    /// and leave keys (from its bindings); `leave` is what the leave key does.
    static func emptyFeed(
        _ phase: FeedPhase, noun: String, emptyText: String, keys: (reload: String, leave: String), leave: String,
        into buffer: inout CellBuffer, loading: (inout CellBuffer, Int) -> Void
    ) {
        let middle = buffer.height / 2
        switch phase {
        case .failed(let message):
            centred("Couldn't load the \(noun): \(message)", y: middle - 1, style: bold, into: &buffer)
            centred(
                "Press \(keys.reload) to retry, \(keys.leave) to \(leave).", y: middle + 1, style: dim, into: &buffer)
        case .empty, .exhausted:
            centred(emptyText, y: middle - 1, style: bold, into: &buffer)
            centred(
                "Press \(keys.reload) to reload, \(keys.leave) to \(leave).", y: middle + 1, style: dim, into: &buffer)
        case .idle, .loadingFirstPage, .loaded, .loadingMore:
            loading(&buffer, middle)
        }
    }

    /// A feed screen's status-line hints while it has nothing to show, fullest first: its
    /// refresh key as "retry" after a failure or "reload" when empty, help, and `leave`.
    static func emptyFeedHints(_ phase: FeedPhase, refreshKey: String, leave: String) -> [String] {
        let help = KeyBindings.helpHint + " · " + leave
        switch phase {
        case .failed: return ["\(refreshKey) retry · " + help, leave]
        case .empty, .exhausted: return ["\(refreshKey) reload · " + help, leave]
        default: return [help, leave]
        }
    }

    /// Left text and right-aligned hints on one row. `hints` go from the fullest to the
    /// shortest: the fullest that fits beside the whole text is drawn; when none does, the
    /// text is cut so that the shortest (how to get help and to leave) always shows.
    static func statusLine(
        _ left: String, hints: [String], y: Int, style: CellStyle, into buffer: inout CellBuffer
    ) {
        let leftWidth = TerminalText.width(of: TerminalText.sanitize(left))
        let available = buffer.width - 2
        let chosen =
            hints.first { leftWidth + TerminalText.width(of: $0) + 2 <= available }
            ?? hints.last.flatMap { TerminalText.width(of: $0) + 8 <= available ? $0 : nil }
        guard let chosen else {
            text(left, x: 1, y: y, width: available, style: style, into: &buffer)
            return
        }
        let hintWidth = TerminalText.width(of: chosen)
        text(left, x: 1, y: y, width: available - hintWidth - 2, style: style, into: &buffer)
        text(chosen, x: buffer.width - hintWidth - 1, y: y, width: hintWidth, style: dim, into: &buffer)
    }
}

/// The small Stories logo shown while the first page loads (never a forced wait).
enum Logo {
    static let lines = ["╭─────╮", "│  ◉  │", "╰─────╯"]

    static func draw(into buffer: inout CellBuffer, centreY: Int) {
        let colours = [RGB(250, 126, 30), AppView.brand, RGB(150, 47, 191)]
        for (row, line) in lines.enumerated() {
            AppView.centred(
                line, y: centreY - 3 + row, style: CellStyle(foreground: colours[row], bold: true), into: &buffer)
        }
        AppView.centred(
            "Stories", y: centreY + 1, style: CellStyle(foreground: AppView.accent, bold: true), into: &buffer)
        AppView.centred("loading…", y: centreY + 2, style: AppView.dim, into: &buffer)
    }
}

/// The help overlay: a box in the middle listing the screen's keys; any key closes it.
enum HelpOverlay {
    static func draw(_ lines: [String], into buffer: inout CellBuffer) {
        let all = ["Keys"] + lines + ["", "any key closes this help"]
        let inner = min(buffer.width - 4, (all.map { TerminalText.width(of: $0) }.max() ?? 0) + 2)
        let height = min(buffer.height - 2, all.count + 2)
        guard inner > 4, height > 2 else { return }
        let left = (buffer.width - inner - 2) / 2
        let top = (buffer.height - height) / 2
        let box = CellStyle(foreground: RGB(230, 230, 230), background: RGB(30, 30, 30))
        // A picture under the box would be drawn over it (kitty) or through it (sixel): taken away.
        buffer.removeGraphics(overlappingX: left, y: top, columns: inner + 2, rows: height)
        buffer.fill(x: left, y: top, width: inner + 2, height: height, with: Cell(" ", style: box))
        buffer.put("╭" + String(repeating: "─", count: inner) + "╮", x: left, y: top, style: box)
        buffer.put("╰" + String(repeating: "─", count: inner) + "╯", x: left, y: top + height - 1, style: box)
        for row in 1..<(height - 1) {
            buffer.put("│", x: left, y: top + row, style: box)
            buffer.put("│", x: left + inner + 1, y: top + row, style: box)
        }
        for (index, line) in all.prefix(height - 2).enumerated() {
            let style =
                index == 0 ? CellStyle(foreground: AppView.accent, background: RGB(30, 30, 30), bold: true) : box
            AppView.text(line, x: left + 2, y: top + 1 + index, width: inner - 2, style: style, into: &buffer)
        }
    }
}
