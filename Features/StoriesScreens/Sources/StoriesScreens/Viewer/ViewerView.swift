import Foundation
import StoryBase
import StoryImages
import StoryInterfaces
import StoryNavigation
import StoryTerminal

/// The viewer: progress segments, header, the letterboxed image, heart, counter and hints.
/// Ticks change only the progress row's cells, so the diff writes a few bytes per tick.
enum ViewerView {
    static let hints = [
        KeyBindings.hint(KeyBindings.viewer, .previous, .next, word: "item"),
        KeyBindings.hint(KeyBindings.viewer, .previousUser, .nextUser, word: "user"),
        KeyBindings.hint(KeyBindings.viewer, .pauseOrResume, word: "pause"),
        KeyBindings.hint(KeyBindings.viewer, .like, word: "like"),
        KeyBindings.hint(KeyBindings.viewer, .close, word: "close"),
    ].joined(separator: " · ")
    /// What a failed item offers.
    static let failedHints =
        KeyBindings.hint(KeyBindings.viewer, .retry, word: "retry") + " · "
        + KeyBindings.hint(KeyBindings.viewer, .next, word: "skip")
    static let full = RGB(245, 245, 245)
    static let empty = RGB(110, 110, 110)  // 4.1:1 on black (90 was 3:1, 2.3:1 on a #1c1c1c theme)
    /// On a light background: the filled segments dark, the empty ones lighter (4.4:1 on white;
    /// 170 was 2.3:1; gray in 16 colours too).
    static let fullOnLight = RGB(40, 40, 40)
    static let emptyOnLight = RGB(120, 120, 120)
    /// What is to come on a background nobody said: 3.6:1 on white and 4.3:1 on #1c1c1c.
    static let emptyOnAny = RGB(128, 128, 128)

    /// The viewer drawn into `buffer` (its area), with the like or slide `animation` running.
    static func draw(
        _ open: ViewerModel, animation: AppAnimation?, context: ViewContext, into buffer: inout CellBuffer
    ) {
        let viewer = open.viewer
        guard let (story, item) = viewer.current, let position = viewer.position else { return }
        drawSegments(
            viewer.segments, depth: context.depth, light: context.lightBackground, known: context.backgroundKnown,
            into: &buffer)
        let ring: AvatarCells.Ring = story.isAllSeen { viewer.seen.contains($0) } ? .seen : .unseen
        AppView.avatar(
            story.user.avatarURL, ring: ring, x: 1, y: ViewerLayout.headerRow, columns: 4, rows: 2, context: context,
            into: &buffer)
        var x = 6
        x += AppView.text(
            story.user.name, x: x, y: ViewerLayout.headerRow, width: buffer.width - x - 12, style: AppView.bold,
            into: &buffer)
        if let age = age(of: item, now: open.now) {
            x += AppView.text(
                "  \(age)", x: x, y: ViewerLayout.headerRow, width: age.count + 2, style: AppView.dim, into: &buffer)
        }
        if viewer.muted.contains(story.user.id) {
            AppView.text("  muted", x: x, y: ViewerLayout.headerRow, width: 7, style: AppView.dim, into: &buffer)
        }
        if viewer.isPaused {
            AppView.text("❚❚ paused", x: 6, y: ViewerLayout.headerRow + 1, width: 10, style: AppView.dim, into: &buffer)
        }
        drawMedia(open, item: item, context: context, into: &buffer)
        switch animation {
        case .heartPop(let left)?: drawHeart(ticksLeft: left, into: &buffer)
        case .slide(let left)?: slide(ticksLeft: left, into: &buffer)
        case nil: break
        }
        let footer = ViewerLayout.footerRow(rows: buffer.height)
        // The item's caption and link on the row between the picture and the footer; the link
        // a hyperlink the terminal opens on a click (OSC 8), `c` copies it.
        if footer - 1 > ViewerLayout.imageTop, item.caption != nil || item.link != nil {
            let link = item.link.map { ($0.host() ?? "") + $0.path() } ?? ""
            let caption = item.caption.map { link.isEmpty ? $0 : $0 + " · " } ?? ""
            let width = TerminalText.width(of: TerminalText.sanitize(caption + link))
            var x = max(0, (buffer.width - width) / 2)
            x += AppView.text(caption, x: x, y: footer - 1, width: buffer.width - x, into: &buffer)
            AppView.text(
                link, x: x, y: footer - 1, width: buffer.width - x,
                style: CellStyle(link: item.link?.absoluteString), into: &buffer)
        }
        let liked = viewer.isCurrentLiked
        buffer.put(
            liked ? "♥" : "♡", x: 1, y: footer,
            // Not liked: the terminal's own foreground (220 gray was white on white).
            style: CellStyle(foreground: liked ? RGB(237, 73, 86) : nil, bold: true))
        AppView.text(
            "\(position.itemIndex + 1)/\(story.items.count)", x: 4, y: footer, width: 9, style: AppView.bold,
            into: &buffer)
        if let notice = open.footerNotice, notice.item == item.id {
            let width = TerminalText.width(of: notice.text)
            AppView.text(
                notice.text, x: buffer.width - width - 1, y: footer, width: width, style: AppView.bold, into: &buffer)
            return
        }
        let hintWidth = TerminalText.width(of: hints)
        if buffer.width >= hintWidth + 16 {
            AppView.text(
                hints, x: buffer.width - hintWidth - 1, y: footer, width: hintWidth, style: AppView.dim, into: &buffer)
        }
    }

    /// One segment per item, one cell apart: past full, current filling, future empty.
    /// Without colour (NO_COLOR) the filled part is `━` and the rest `─`, so the position
    /// still reads.
    /// The progress segments. On a background the terminal did not say, done is the
    /// terminal's own foreground colour (nil: SGR 39, right on any theme) and to come a mid
    /// grey: white done segments were invisible on a white terminal behind tmux.
    static func drawSegments(
        _ segments: [Double], depth: ColorMode, light: Bool = false, known: Bool = true, into buffer: inout CellBuffer
    ) {
        let (full, empty): (RGB?, RGB) =
            !known ? (nil, emptyOnAny) : light ? (fullOnLight, emptyOnLight) : (Self.full, Self.empty)
        guard !segments.isEmpty else { return }
        let available = buffer.width - 2
        let gaps = segments.count - 1
        let width = (available - gaps) / segments.count
        if width < 1 {
            // Too many items for separate segments: one bar for the whole story.
            let done = segments.reduce(0, +) / Double(segments.count)
            drawBar(done, x: 1, width: available, depth: depth, colours: (full, empty), into: &buffer)
            return
        }
        for (index, value) in segments.enumerated() {
            drawBar(
                value, x: 1 + index * (width + 1), width: width, depth: depth, colours: (full, empty), into: &buffer)
        }
    }

    static func drawBar(
        _ value: Double, x: Int, width: Int, depth: ColorMode, colours: (full: RGB?, empty: RGB),
        into buffer: inout CellBuffer
    ) {
        guard width > 0 else { return }
        let filled = Int((value * Double(width)).rounded(.down))
        for column in 0..<width {
            let done = column < filled
            buffer[x + column, ViewerLayout.progressRow] = Cell(
                done || depth != .none ? "━" : "─", style: CellStyle(foreground: done ? colours.full : colours.empty))
        }
    }

    static func drawMedia(_ open: ViewerModel, item: StoryItem, context: ViewContext, into buffer: inout CellBuffer) {
        let top = ViewerLayout.imageTop
        let rows = ViewerLayout.imageRows(rows: buffer.height)
        let columns = buffer.width
        switch open.viewer.media {
        case .loading:
            AppView.centred("Loading…", y: top + rows / 2, style: AppView.dim, into: &buffer)
        case .failed(let reason):
            AppView.centred(
                "Couldn't load this item: \(reason)", y: top + rows / 2 - 1, style: AppView.bold, into: &buffer)
            AppView.centred(failedHints, y: top + rows / 2 + 1, style: AppView.dim, into: &buffer)
        case .ready:
            if let image = open.media[item.id]?.image {
                // A playing video's frames are pictures of their own, each shown once.
                let playing = open.playing == item.id
                AppView.picture(
                    image, key: playing ? "frame:\(item.id.rawValue)#\(open.framesShown)" : "media:\(item.id.rawValue)",
                    x: 0, y: top, columns: columns, rows: rows, context: context, isTransient: playing, into: &buffer)
            } else {
                ImageCells.placeholder(
                    item.media.isVideo ? "video" : "no picture", into: &buffer, x: 0, y: top, columns: columns,
                    rows: rows)
            }
        }
        if case .video(_, let duration, _) = item.media {
            // Its length, and while it plays where it is ("▶ 0:02 / 0:06").
            let total = Int(min(duration, StoryItem.maximumVideoDuration).components.seconds)
            // (Not String(format:): Foundation's formatter showed in the playback's profile.)
            let clock = { (seconds: Int) in "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)" }
            let played = open.viewer.followsPlayback ? clock(Int(open.viewer.elapsed.components.seconds)) + " / " : ""
            let style = CellStyle(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0), bold: true)
            buffer.put(" ▶ \(played)\(clock(total)) ", x: 1, y: top + rows - 1, style: style)
            // A video shown by its poster says why, on the free row under the picture.
            if case .ready = open.viewer.media, let notice = open.media[item.id]?.notice {
                AppView.centred(notice, y: top + rows, style: AppView.dim, into: &buffer)
            }
        }
    }

    static let heart = [" ███   ███ ", "█████ █████", "███████████", " █████████ ", "   █████   ", "     █     "]

    /// The heart popping over the image after a like: big, then smaller as it fades.
    static func drawHeart(ticksLeft: Int, into buffer: inout CellBuffer) {
        let rows = ViewerLayout.imageRows(rows: buffer.height)
        let art = ticksLeft >= AppAnimation.length - 1 ? heart : ["█▄█", " ▀ "]
        let top = ViewerLayout.imageTop + (rows - art.count) / 2
        let style = CellStyle(foreground: RGB(237, 73, 86))
        for (row, line) in art.enumerated() {
            let x = (buffer.width - line.count) / 2
            for (column, character) in line.enumerated() where character != " " {
                buffer[x + column, top + row] = Cell(String(character), style: style)
            }
        }
    }

    /// The new story sliding in from the right: the image area shifted, the rest blank.
    static func slide(ticksLeft: Int, into buffer: inout CellBuffer) {
        let offset = buffer.width * ticksLeft / (AppAnimation.length + 1)
        guard offset > 0 else { return }
        let rows = ViewerLayout.imageRows(rows: buffer.height)
        for y in ViewerLayout.imageTop..<(ViewerLayout.imageTop + rows) {
            for x in stride(from: buffer.width - 1, through: 0, by: -1) {
                buffer[x, y] = x >= offset ? buffer[x - offset, y] : .blank
            }
        }
        buffer.shiftGraphics(by: offset, rows: ViewerLayout.imageTop..<(ViewerLayout.imageTop + rows))
    }

    /// How long ago the item was posted (``PhotoDates/age(_:now:timeZone:)``, as the web says it).
    static func age(of item: StoryItem, now: Date) -> String? {
        item.postedAt.map { PhotoDates.age($0, now: now) }
    }
}
