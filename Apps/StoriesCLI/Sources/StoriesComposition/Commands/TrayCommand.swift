public import ArgumentParser
import FeedPaging
import Foundation
import StoryInterfaces
import StoryModels
import StoryNavigation
import StoryTerminal

/// `stories tray [--page N] [--limit K] [--json]`: one page of the tray.
struct TrayCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "tray", _superCommandName: "stories",
        abstract: "List one page of the tray: users, their rings and where they resume.",
        discussion: """
            Each page is sorted unseen-first on its own (tray.order). With --json: \
            {"source","page","next","users":[{"id","name","avatar","ring","items","seenItems","resumeIndex","muted"}]}, \
            "next" null after the last page; muted users come last on each page. For the picsum source, page N holds the authors whose \
            first photo is on list page N, with all their photos, so a page may be empty.

            Examples:
              stories tray --source bundled --limit 5
              stories tray --page 2 --json
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    // Optional, its default in the help text, rather than `= 1`: ArgumentParser describes a
    // default by casting it to `CaseIterable` and printing it, three conformance scans of the
    // whole program (~1.3 M instructions) on every run of the command.
    @Option(help: "The page, from 1. (default: 1)") var page: Int?

    @Option(help: "Users per page (default feed.pageSize, at most 100).") var limit: Int?

    @Flag(help: "Print JSON.") var json = false

    /// Loads the page, applies the tray rules and prints it.
    func run() async throws {
        try await Self.print(options: options, page: page ?? 1, limit: limit, json: json)
    }

    /// Prints one page of the tray (also what bare `stories` prints without a terminal; it
    /// cannot build a `TrayCommand` of its own: options ArgumentParser did not parse cannot
    /// be read).
    static func print(options: GlobalOptions, page: Int, limit: Int?, json: Bool) async throws {
        _ = try PageRequest(page: page, limit: limit ?? 1)  // `--page 0` refused before any network
        let session = try await ContentSession.open(options)
        let request = try PageRequest(page: page, limit: limit ?? session.root.settings.feed.pageSize)
        let result = try await TrayRules.page(
            request, content: session.content, store: session.store, order: session.root.settings.trayOrder)
        let entries = result.elements
        if json {
            let report = TrayReport(
                source: session.content.sourceName, fallback: session.fallback, page: page, next: result.nextPage,
                users: entries.map(TrayReport.User.init))
            try StandardStreams.printOutput(try JSONOutput.encode(report))
        } else {
            for entry in entries {
                let ring = entry.isMuted ? "⊘" : entry.ring == .unseen ? "◉" : "○"
                let name = StandardStreams.sanitized(entry.story.user.name)
                try StandardStreams.printOutput(
                    "\(ring) \(name)  \(entry.seenItems)/\(entry.story.items.count) seen\(entry.isMuted ? ", muted" : "")  [\(StandardStreams.sanitized(entry.story.user.id.rawValue))]"
                )
            }
            if entries.isEmpty { try StandardStreams.printOutput("(no users on page \(page))") }
            try StandardStreams.printOutput(
                result.nextPage.map { NextPageHint.line("tray", options: options, limit: limit, page: $0) }
                    ?? "(last page)")
        }
    }
}

/// The `next:` line under a page of text: the same command with the same options, one page on.
enum NextPageHint {
    /// `next: stories tray --source bundled --limit 2 --page 2` (sanitised: a value may be anything).
    static func line(_ command: String, options: GlobalOptions, limit: Int?, page: Int) -> String {
        let given = options.givenArguments
        let words =
            ["next: stories", command] + (given.isEmpty ? [] : [given]) + (limit.map { ["--limit", "\($0)"] } ?? [])
            + ["--page", "\(page)"]
        return StandardStreams.sanitized(words.joined(separator: " "))
    }
}
