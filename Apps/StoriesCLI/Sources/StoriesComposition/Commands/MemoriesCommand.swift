public import ArgumentParser
import Foundation
import StoryInterfaces
import StoryModels
import StoryTerminal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `stories memories [PATH] [--date YYYY-MM-DD] [--window N] [--json]`: this day in earlier
/// years, one story a year, in the same viewer (or listed without a terminal).
struct MemoriesCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "memories", _superCommandName: "stories",
        abstract: "This day in earlier years: one story a year, from your own photos and clips.",
        discussion: """
            For today (or --date), each earlier year with photos or clips taken on that day \
            (--window N: N days either side) is a story — "1 year ago", "3 years ago" — newest \
            first, in the same tray and viewer as `stories`, with seen, liked and muted state as \
            everywhere. When a picture was taken is its EXIF capture time, a clip's movie header, \
            else the file's time; 29 February is 28 February in a year without it. PATH is a \
            folder (as `stories PATH`); without it the configured source is used (a source \
            without dates has no memories). Without a terminal, or with --json, the years are \
            listed instead: one line a year, or one JSON object.

            Examples:
              stories memories ~/Pictures
              stories memories ~/Pictures --date 2024-02-29 --window 3
              stories memories ~/Pictures --json
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Option(help: ArgumentHelp("The day, YYYY-MM-DD (default: today).", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("Days either side of the day that count, 0 to 31.", valueName: "days"))
    var window = 0

    @Flag(help: "Print the years as one JSON object.") var json = false

    /// The day asked for, in the current calendar.
    func day() throws -> Date {
        guard let date else { return Date() }
        let parts = date.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
            let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day),
            let found = Calendar.current.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
            Calendar.current.component(.day, from: found) == day
        else {
            throw ValidationError(
                "--date \(StandardStreams.sanitized(date)): expected a day as YYYY-MM-DD, e.g. 2024-02-29")
        }
        return found
    }

    /// Checks the day and the window before anything opens.
    func validate() throws {
        _ = try day()
        guard (0...Memories.maximumWindow).contains(window) else {
            throw ValidationError("--window \(window) is out of range: use 0 to \(Memories.maximumWindow) days")
        }
    }

    /// Opens the memories in the viewer, or lists them.
    func run() async throws {
        var root = try ContentSession.root(options)
        let memories = Memories(of: try day(), window: window)
        root.memories = memories
        let terminal = TerminalSession.isTerminal(STDIN_FILENO) && TerminalSession.isTerminal(STDOUT_FILENO)
        if terminal, !json {
            let session = try await ContentSession.open(root)
            guard let content = session.content as? MemoriesContent, try await !content.years().isEmpty else {
                try StandardStreams.printOutput(Self.none(memories))
                return
            }
            try await InteractiveApp(root: root).runAndSayUnsaved()
            return
        }
        let session = try await ContentSession.open(root)
        let content = session.content as? MemoriesContent
        let years = try await content?.years() ?? []
        if json {
            try StandardStreams.printOutput(
                try JSONOutput.encode(
                    MemoriesReport(memories, years: years, source: content?.baseSourceName ?? session.source.name)))
        } else if years.isEmpty {
            try StandardStreams.printOutput(Self.none(memories))
        } else {
            for year in years {
                let clips = year.items.filter(\.media.isVideo).count
                let photos = year.items.count - clips
                let counts = [(photos, "photo"), (clips, "clip")].filter { $0.0 > 0 }
                    .map { Wording.count($0.0, $0.1) }.joined(separator: ", ")
                try StandardStreams.printOutput(
                    "\(year.label) (\(Self.shown(year.date))): \(counts)  [\(year.userID.rawValue)]")
            }
        }
    }

    /// What is said when no earlier year has anything.
    static func none(_ memories: Memories) -> String {
        let day = memories.date(in: memories.day.year ?? 2000).map(Self.dayAndMonth) ?? "this day"
        return "No memories of \(day): nothing was taken on that day in earlier years"
            + (memories.window < 3 ? " (a wider --window, such as 3, looks at the days around it)" : "")
    }

    static func shown(_ date: Date) -> String { date.formatted(.dateTime.day().month(.abbreviated).year()) }
    static func dayAndMonth(_ date: Date) -> String { date.formatted(.dateTime.day().month(.abbreviated)) }
}
