public import ArgumentParser

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
        subcommands: [
            BrowseCommand.self, TrayCommand.self, ViewCommand.self, PhotosCommand.self, PhotoCommand.self,
            LikeCommand.self,
            SeenCommand.self,
            StateCommand.self, ResetCommand.self, RenderCommand.self, ConfigCommand.self, DoctorCommand.self,
            CacheCommand.self,
        ],
        // Bare `stories`: the interactive screens in a terminal, else the tray as text.
        defaultSubcommand: BrowseCommand.self)

    /// Creates the command (ArgumentParser fills it).
    public init() {}
}
