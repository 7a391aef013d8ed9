import Foundation
import StoryBase
import StoryInterfaces
import StoryTerminal

/// The tray: a row of avatars with rings and names, the selection, and a status line.
enum TrayView {
    static let quit = KeyBindings.hint(KeyBindings.tray, .quit, word: "quit")
    static let hints = [
        [
            KeyBindings.hint(KeyBindings.tray, .previous, .next, word: "move"),
            KeyBindings.hint(KeyBindings.tray, .open, word: "view"),
            KeyBindings.hint(KeyBindings.tray, .gallery, word: "gallery"),
            KeyBindings.hint(KeyBindings.tray, .refresh, word: "refresh"), KeyBindings.helpHint, quit,
        ].joined(separator: " · "), KeyBindings.helpHint + " · " + quit, quit,
    ]

    /// The tray drawn into `buffer` (its area: the tray fits its layout to the buffer's size).
    static func draw(_ tray: TrayModel, context: ViewContext, into buffer: inout CellBuffer) {
        AppView.title("Stories", into: &buffer)
        let bottom = buffer.height - 1
        guard !tray.entries.isEmpty else {
            drawEmpty(tray, into: &buffer)
            AppView.statusLine(
                statusText(tray, context: context), hints: emptyHints(tray.phase), y: bottom, style: AppView.dim,
                into: &buffer)
            return
        }
        let layout = TrayLayout(size: ScreenSize(columns: buffer.width, rows: buffer.height))
        let slots = layout.visibleSlots
        let first = tray.entries.firstIndex { $0.position == tray.firstVisible } ?? 0
        for place in 0..<slots {
            let index = first + place
            guard tray.entries.indices.contains(index) else { break }
            drawSlot(tray.entries[index], place: place, layout: layout, tray: tray, context: context, into: &buffer)
        }
        // More users than the row shows: said at its ends (6 of 30 showed no sign of the rest).
        let middle = layout.avatarTop + layout.avatarRows / 2
        if first > 0 { buffer.put("‹", x: 0, y: middle, style: AppView.bold) }
        if first + slots < tray.entries.count || tray.phase == .loaded && !tray.isWholeList {
            buffer.put("›", x: buffer.width - 1, y: middle, style: AppView.bold)
        }
        if let index = tray.selectedIndex {
            let user = tray.entries[index].element
            let seen = user.seenCount(context.marks)
            let count = user.story.items.count
            let summary =
                "\(user.story.user.name) — \(count) item\(count == 1 ? "" : "s"), \(seen) seen"
                + (user.isMuted(context.marks) ? ", muted" : "")
            if let rows = layout.summaryRows(rows: buffer.height) {
                AppView.centred(summary, y: rows.summary, style: AppView.bold, into: &buffer)
                if let hint = rows.hint { AppView.centred("Enter to view", y: hint, style: AppView.dim, into: &buffer) }
            }
        }
        AppView.statusLine(
            statusText(tray, context: context), hints: hints, y: bottom, style: AppView.dim, into: &buffer)
    }

    static func drawSlot(
        _ entry: FeedEntry<TrayUser>, place: Int, layout: TrayLayout, tray: TrayModel, context: ViewContext,
        into buffer: inout CellBuffer
    ) {
        let left = layout.slotLeft(place)
        let user = entry.element
        let selected = entry.position == tray.selected
        // A muted user's ring is gray, as a seen one's: nothing there asks to be watched.
        let ring: AvatarCells.Ring = user.isAllSeen(context.marks) || user.isMuted(context.marks) ? .seen : .unseen
        AppView.avatar(
            user.story.user.avatarURL, ring: ring, x: left + (layout.slotWidth - layout.avatarColumns) / 2,
            y: layout.avatarTop, columns: layout.avatarColumns, rows: layout.avatarRows, context: context,
            into: &buffer)
        let width = layout.slotWidth - 2
        // Muted: "⊘" before the name, as `stories tray` writes it (the grey ring alone looked
        // like a seen user's).
        let muted = user.isMuted(context.marks) ? "⊘ " : ""
        // A path's last parts stay (`…/porto/day1`): cut at its end, every day read the same.
        let name = PathName.shortened(
            muted + TerminalText.sanitize(user.story.user.name), width: width, measure: { TerminalText.width(of: $0) },
            truncate: { TerminalText.truncate($0, toWidth: $1) })
        let nameX = left + 1 + max(0, (width - TerminalText.width(of: name)) / 2)
        // Selected: the terminal's own foreground, bold (white was white on white).
        let style = selected ? AppView.bold : AppView.dim
        buffer.put(name, x: nameX, y: layout.nameRow, style: style, maxWidth: width)
        if selected {
            let marker = String(repeating: "▔", count: min(width, max(3, TerminalText.width(of: name))))
            let markerX = left + 1 + max(0, (width - TerminalText.width(of: marker)) / 2)
            buffer.put(marker, x: markerX, y: layout.nameRow + 1, style: CellStyle(foreground: AppView.accent))
        }
    }

    /// The hints while the tray has no users: "r retry" only when something failed.
    static func emptyHints(_ phase: FeedPhase) -> [String] {
        AppView.emptyFeedHints(phase, refreshKey: KeyBindings.key(KeyBindings.tray, .refresh), leave: quit)
    }

    static func drawEmpty(_ tray: TrayModel, into buffer: inout CellBuffer) {
        AppView.emptyFeed(
            tray.phase, noun: "stories", emptyText: "No stories yet.",
            keys: (KeyBindings.key(KeyBindings.tray, .refresh), KeyBindings.key(KeyBindings.tray, .quit)),
            leave: "quit",
            into: &buffer
        ) { buffer, middle in Logo.draw(into: &buffer, centreY: middle) }
    }

    static func statusText(_ tray: TrayModel, context: ViewContext) -> String {
        var parts = [context.source]
        if let index = tray.selectedIndex, tray.entries.count > 1 {
            // "4 of 30", "4 of 30+" while more can load.
            let more = tray.phase == .loaded && !tray.isWholeList ? "+" : ""
            parts.append("\(index + 1) of \(tray.entries.count)\(more)")
        }
        if let phase = AppView.phaseStatus(tray.phase, noun: "stories") { parts.append(phase) }
        if let error = context.storeError { parts.append("state not saved: \(error)") }
        return parts.joined(separator: " · ")
    }
}
