public import ArgumentParser
import Foundation
import StateSync
import StoryInterfaces
import StoryModels
import StoryTerminal

/// `stories state [--json]`: what the store holds.
struct StateCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "state", _superCommandName: "stories",
        abstract: "Show the seen, liked and muted state in the store.",
        discussion: """
            JSON: {"seenItems","likedItems","mutedUsers","seenItemIds","likedItemIds","mutedUserIds",\
            "users":[{"id","seenItems","lastSeenIndex"}]}; \
            with a store shared through a server also "sync":{"pending","lastSync"} (changes saved here that wait for the server).
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    /// Prints the summary.
    func run() async throws {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        let store = try await root.makeStore()
        let summary = try await store.summary()
        let sync = try await (store as? any SharedStateStoring)?.syncStatus()
        var report = StateReport(summary)
        report.sync = sync.map { StateReport.Sync(pending: $0.pending, lastSync: $0.lastSync?.formatted(.iso8601)) }
        if json {
            try StandardStreams.printOutput(try JSONOutput.encode(report))
        } else {
            let waiting = report.sync.map {
                "; \($0.pending) waiting to be synced, last sync \($0.lastSync ?? "never")"
            }
            try StandardStreams.printOutput(
                "\(Wording.count(summary.seenItemIDs.count, "item")) seen, \(summary.likedItemIDs.count) liked, \(Wording.count(summary.users.count, "user")) started, \(summary.mutedUserIDs.count) muted"
                    + (waiting ?? ""))
        }
    }
}

/// `stories like ITEM [--off]`.
struct LikeCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "like", _superCommandName: "stories", abstract: "Like an item (or unlike it with --off).",
        discussion: "ITEM is an id as `stories view` prints it; an unknown one exits 65.")

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Argument(help: ArgumentHelp("The item id.", valueName: "item")) var item: String
    @Flag(help: "Unlike instead.") var off = false

    /// Checks the item exists, then writes.
    func run() async throws {
        let session = try await ContentSession.open(options)
        let id = StoryItemID(item)
        _ = try await session.content.locate([id])
        try await session.store.setLiked(id, !off)
        try StandardStreams.printOutput("\(off ? "unliked" : "liked") \(StandardStreams.sanitized(item))")
    }
}

/// `stories mute USER [--off]`.
struct MuteCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "mute", _superCommandName: "stories", abstract: "Mute a user (or unmute them with --off).",
        discussion: """
            USER is an id as `stories tray` prints it; an unknown one exits 65. Muted users come last \
            on their tray page and the viewer never plays on into their stories (m in the tray and \
            the viewer does the same); `stories state` lists them.
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Argument(help: ArgumentHelp("The user id.", valueName: "user")) var user: String
    @Flag(help: "Unmute instead.") var off = false

    /// Checks the user exists, then writes.
    func run() async throws {
        let session = try await ContentSession.open(options)
        let id = UserID(user)
        _ = try await session.content.story(for: id)
        try await session.store.setMuted(id, !off)
        try StandardStreams.printOutput("\(off ? "unmuted" : "muted") \(StandardStreams.sanitized(user))")
    }
}

/// `stories seen ITEM...`.
struct SeenCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "seen", _superCommandName: "stories", abstract: "Mark items as seen.",
        discussion: "ITEMs are ids as `stories view` prints them; an unknown one exits 65 and nothing is written.")

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Argument(help: ArgumentHelp("The item ids.", valueName: "item")) var items: [String]

    /// Checks every item first, then writes them all.
    func validate() throws {
        if items.isEmpty { throw ValidationError("name at least one item") }
    }

    /// Looks every item up, then marks them seen.
    func run() async throws {
        let session = try await ContentSession.open(options)
        let ids = items.map { StoryItemID($0) }
        let located = try await session.content.locate(ids)  // every id checked before any write
        let marks = ids.compactMap { id in located[id].map { SeenMark(item: id, user: $0.user, index: $0.index) } }
        do {
            try await session.store.markSeen(marks)  // one transaction: all of them or none
        } catch {
            throw SeenNotWritten(count: marks.count, cause: error)
        }
        try StandardStreams.printOutput("marked \(ids.count) item\(ids.count == 1 ? "" : "s") as seen")
    }
}

/// `stories reset [--seen] [--likes] [--all]`.
struct ResetCommand: AsyncParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "reset", _superCommandName: "stories",
        abstract: "Forget seen items, likes, mutes, or all of them.",
        discussion: "Say what to forget: --seen, --likes, --mutes or --all.")

    @OptionGroup(title: "Global options") var options: GlobalOptions
    @Flag(help: "Forget seen items and progress.") var seen = false
    @Flag(help: "Forget likes.") var likes = false
    @Flag(help: "Forget which users are muted.") var mutes = false
    @Flag(help: "Forget everything: seen items, likes and mutes.") var all = false

    /// Refuses to guess what to forget.
    func validate() throws {
        if !seen, !likes, !mutes, !all { throw ValidationError("say what to reset: --seen, --likes, --mutes or --all") }
    }

    /// Clears the store.
    func run() async throws {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        var scope: ResetScope = []
        if seen || all { scope.insert(.seen) }
        if likes || all { scope.insert(.likes) }
        if mutes || all { scope.insert(.mutes) }
        try await root.makeStore().reset(scope)
        let names = [(ResetScope.seen, "seen items"), (.likes, "likes"), (.mutes, "mutes")]
        try StandardStreams.printOutput(
            "reset " + names.filter { scope.contains($0.0) }.map(\.1).joined(separator: ", "))
    }
}

/// `seen` wrote nothing: its items are one transaction (exit 74, or the cause's status).
struct SeenNotWritten: Error, CustomStringConvertible {
    var count: Int
    var cause: any Error
    var description: String {
        "none of the \(count) item\(count == 1 ? "" : "s") was marked seen (nothing was written): \(ErrorReport.message(for: cause))"
    }
}
