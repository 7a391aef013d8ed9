public import ArgumentParser
import ConfigurationLayers
import StoryTerminal

/// `stories`: the root command.
public struct StoriesCommand: AsyncParsableCommand {
    /// The command tree and help.
    public static let configuration = CommandConfiguration(
        commandName: "stories",
        abstract: "Instagram-style Stories in the terminal.",
        discussion: """
            Bare `stories` opens the interactive tray and viewer in a terminal (see `stories \
            browse --help` for the keys); without a terminal it prints the tray as text.

            Configuration flags (--source, --store, --config, …) work with every subcommand; \
            `stories config` shows every key, its value and where it came from.

            Exit status: 0 done · 64 bad usage · 65 bad input data · 69 a service unreachable · \
            70 internal error · 74 store or disk error · 78 bad configuration.
            """,
        version: "stories \(version)",
        subcommands: table.map(\.type),
        // Bare `stories`: the interactive screens in a terminal, else the tray as text.
        defaultSubcommand: BrowseCommand.self)

    /// This build's version (`stories --version`).
    public static let version = "0.30.0"

    /// Every subcommand, in help's order: the app's own, then the plugins' (the shared store's
    /// `sync` and `admin`). `subcommands`, ``leaves`` and ``commandNames`` all derive from it; a test holds each entry to its command's own
    /// configuration.
    public static let table: [Subcommand] =
        [
            .leaf("browse", BrowseCommand.self), .leaf("tray", TrayCommand.self),
            .leaf("view", ViewCommand.self), .leaf("photos", PhotosCommand.self),
            .leaf("photo", PhotoCommand.self), .leaf("like", LikeCommand.self), .leaf("mute", MuteCommand.self),
            .leaf("seen", SeenCommand.self), .leaf("state", StateCommand.self), .leaf("reset", ResetCommand.self),
            .leaf("render", RenderCommand.self), .leaf("config", ConfigCommand.self),
            .leaf("memories", MemoriesCommand.self), .leaf("doctor", DoctorCommand.self),
            .leaf("cache", CacheCommand.self), .leaf("serve", ServeCommand.self),
        ] + PluginRegistry.standard.commands

    /// The subcommands without subcommands of their own, by name: a command line naming one
    /// first is parsed by it alone (``StoriesMain``), so ArgumentParser builds one command's
    /// arguments, not the whole tree's.
    public static let leaves = Dictionary(uniqueKeysWithValues: table.filter(\.isLeaf).map { ($0.name, $0.type) })

    /// The subcommands' names in `subcommands`' order, and `help` (asking a command its name
    /// would build its whole configuration: help texts, the viewer's key summary).
    public static let commandNames = table.map(\.name) + ["help"]

    /// `arguments` parsed by `leaf` as the root (asynchronously when it is async: it may have
    /// asynchronous completions, which a synchronous parse refuses).
    public static func parse(_ arguments: [String], as leaf: any ParsableCommand.Type) async throws
        -> any ParsableCommand
    {
        if let leaf = leaf as? any AsyncParsableCommand.Type { return try await leaf.asyncParseAsRoot(arguments) }
        return try leaf.parseAsRoot(arguments)
    }

    /// Arguments only the whole tree answers (help, version, completions): never parsed by a leaf alone.
    static func needsTheTree(_ argument: String) -> Bool {
        ["-h", "--help", "help", "--version"].contains(argument) || argument.hasPrefix("--generate-completion-script")
            || argument.hasPrefix("---") || argument.hasPrefix("--experimental")
    }

    /// The error for a first argument that is no subcommand (the default subcommand, browse,
    /// takes no arguments: without this, `stories trya` would show browse's usage): the name
    /// it is closest to, when one is close. Nil for an option or a subcommand.
    /// `stories help NAME` for a NAME that is no subcommand is the same error (ArgumentParser
    /// printed the root's help and exited 0).
    static func unknownCommand(_ arguments: [String]) -> String? {
        if arguments.first == "help", arguments.count > 1 { return unknownCommand(Array(arguments.dropFirst())) }
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        if first.contains("/") {  // a path: `stories PATH` browses a folder that exists
            return "Error: no such folder: \(StandardStreams.sanitized(first)) (stories PATH shows a folder)."
        }
        let near = NameSuggestion.closest(to: first, among: commandNames)
        return "Error: Unknown command '\(StandardStreams.sanitized(first))'."
            + (near.map { " Did you mean '\($0)'?" } ?? "")
            + "\nUsage: stories <subcommand>\n  See 'stories --help' for the subcommands."
    }

    /// Creates the command (ArgumentParser fills it).
    public init() {}
}

/// One entry of ``StoriesCommand/table``: a subcommand's name, its type, and how `stories` may
/// parse it.
public struct Subcommand: Sendable {
    /// Its name on the command line.
    public let name: String
    /// Its command type.
    public let type: any ParsableCommand.Type
    /// It has no subcommands of its own: a command line naming it first is parsed by it alone.
    public let isLeaf: Bool

    /// A subcommand without subcommands of its own.
    public static func leaf(_ name: String, _ type: any ParsableCommand.Type) -> Subcommand {
        Subcommand(name: name, type: type, isLeaf: true)
    }

    /// A subcommand with subcommands of its own (parsed through the whole tree).
    public static func tree(_ name: String, _ type: any ParsableCommand.Type) -> Subcommand {
        Subcommand(name: name, type: type, isLeaf: false)
    }
}
