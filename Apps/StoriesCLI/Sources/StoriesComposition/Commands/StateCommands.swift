public import ArgumentParser
import Foundation
import StoryInterfaces
import StoryModels
import StoryTerminal

/// `stories state [--json]`: what the store holds.
public struct StateCommand: AsyncParsableCommand {
    /// The command's help.
    public static let configuration = CommandConfiguration(
        commandName: "state", abstract: "Show the seen and liked state in the store.",
        discussion: """
            JSON: {"seenItems","likedItems","seenItemIds","likedItemIds","users":[{"id","seenItems","lastSeenIndex"}]}; \
            with store.kind=postgres also "sync":{"pending","lastSync"} (changes saved here that wait for the server).
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Prints the summary.
    public func run() async throws {
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
                "\(Wording.count(summary.seenItemIDs.count, "item")) seen, \(summary.likedItemIDs.count) liked, \(Wording.count(summary.users.count, "user")) started"
                    + (waiting ?? ""))
        }
    }
}

struct StateReport: Encodable {
    struct User: Encodable {
        var id: String
        var seenItems: Int
        var lastSeenIndex: Int
    }

    var seenItems: Int
    var likedItems: Int
    var seenItemIds: [String]
    var likedItemIds: [String]
    var users: [User]
    /// The shared store's replica: changes waiting, the last good sync.
    var sync: Sync?

    struct Sync: Encodable {
        var pending: Int
        var lastSync: String?
    }

    init(_ summary: SeenLikeSummary) {
        seenItems = summary.seenItemIDs.count
        likedItems = summary.likedItemIDs.count
        seenItemIds = summary.seenItemIDs.map(\.rawValue)
        likedItemIds = summary.likedItemIDs.map(\.rawValue)
        users = summary.users.map {
            User(id: $0.userID.rawValue, seenItems: $0.seenItemIDs.count, lastSeenIndex: $0.lastSeenIndex)
        }
    }
}

/// `stories like ITEM [--off]`.
public struct LikeCommand: AsyncParsableCommand {
    /// The command's help.
    public static let configuration = CommandConfiguration(
        commandName: "like", abstract: "Like an item (or unlike it with --off).",
        discussion: "ITEM is an id as `stories view` prints it; an unknown one exits 65.")

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The item id.", valueName: "item")) var item: String
    @Flag(help: "Unlike instead.") var off = false

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Checks the item exists, then writes.
    public func run() async throws {
        let session = try await ContentSession.open(options)
        let id = StoryItemID(item)
        _ = try await session.content.locate([id])
        try await session.store.setLiked(id, !off)
        try StandardStreams.printOutput("\(off ? "unliked" : "liked") \(StandardStreams.sanitized(item))")
    }
}

/// `stories seen ITEM...`.
public struct SeenCommand: AsyncParsableCommand {
    /// The command's help.
    public static let configuration = CommandConfiguration(
        commandName: "seen", abstract: "Mark items as seen.",
        discussion: "ITEMs are ids as `stories view` prints them; an unknown one exits 65 and nothing is written.")

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The item ids.", valueName: "item")) var items: [String]

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Checks every item first, then writes them all.
    public func validate() throws {
        if items.isEmpty { throw ValidationError("name at least one item") }
    }

    /// Looks every item up, then marks them seen.
    public func run() async throws {
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
public struct ResetCommand: AsyncParsableCommand {
    /// The command's help.
    public static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Forget seen items, likes, or both.",
        discussion: "Say what to forget: --seen, --likes or --all.")

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Forget seen items and progress.") var seen = false
    @Flag(help: "Forget likes.") var likes = false
    @Flag(help: "Forget both.") var all = false

    /// Creates the command (ArgumentParser fills it).
    public init() {}

    /// Refuses to guess what to forget.
    public func validate() throws {
        if !seen, !likes, !all { throw ValidationError("say what to reset: --seen, --likes or --all") }
    }

    /// Clears the store.
    public func run() async throws {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        var scope: ResetScope = []
        if seen || all { scope.insert(.seen) }
        if likes || all { scope.insert(.likes) }
        try await root.makeStore().reset(scope)
        try StandardStreams.printOutput(
            "reset \(scope == .all ? "seen items and likes" : scope.contains(.seen) ? "seen items" : "likes")")
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
