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
        subcommands: [
            BrowseCommand.self, TrayCommand.self, ViewCommand.self, PhotosCommand.self, PhotoCommand.self,
            LikeCommand.self,
            MuteCommand.self,
            SeenCommand.self,
            StateCommand.self, ResetCommand.self, RenderCommand.self, ConfigCommand.self, DoctorCommand.self,
            CacheCommand.self, SyncCommand.self, AdminCommand.self,
        ],
        // Bare `stories`: the interactive screens in a terminal, else the tray as text.
        defaultSubcommand: BrowseCommand.self)

    /// This build's version (`stories --version`).
    public static let version = "0.29.0"

    /// The subcommands without subcommands of their own, by name: a command line naming one
    /// first is parsed by it alone (``StoriesMain``), so ArgumentParser builds one command's
    /// arguments, not the whole tree's (start-up, issue 31). A test holds it to `subcommands`.
    public static let leaves: [String: any ParsableCommand.Type] = [
        "browse": BrowseCommand.self, "tray": TrayCommand.self, "view": ViewCommand.self,
        "photos": PhotosCommand.self, "photo": PhotoCommand.self, "like": LikeCommand.self, "mute": MuteCommand.self,
        "seen": SeenCommand.self, "state": StateCommand.self, "reset": ResetCommand.self, "render": RenderCommand.self,
        "config": ConfigCommand.self, "doctor": DoctorCommand.self, "cache": CacheCommand.self,
        "sync": SyncCommand.self,
    ]

    /// The leaves with asynchronous completions (`view`'s user ids): ArgumentParser's
    /// synchronous parse, which ``StoriesMain`` uses on the main thread for the others, refuses
    /// them in debug builds, so they are parsed asynchronously on the pool. A test parses every
    /// other leaf synchronously in a debug build, which would stop at one missing here.
    public static let leavesWithAsynchronousCompletions: Set<String> = ["view"]

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

    /// The subcommands' names in `subcommands`' order, and `help`. Written out, because asking
    /// a subcommand its name builds its whole configuration (help texts, the viewer's key
    /// summary): 0.7 M instructions of every command's start-up. A test holds the two together.
    public static let commandNames = [
        "browse", "tray", "view", "photos", "photo", "like", "mute", "seen", "state", "reset", "render", "config",
        "doctor", "cache", "sync", "admin", "help",
    ]

    /// The error for a first argument that is no subcommand (the default subcommand, browse,
    /// takes no arguments: without this, `stories trya` would show browse's usage): the name
    /// it is closest to, when one is close. Nil for an option or a subcommand.
    static func unknownCommand(_ arguments: [String]) -> String? {
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
