public import ArgumentParser
import ConfigurationLayers
import Foundation
import StoryTerminal

/// `stories config [--json]`: every key, its value and where it came from.
struct ConfigCommand: ParsableCommand {
    /// The command's help.
    static let configuration = CommandConfiguration(
        commandName: "config", _superCommandName: "stories",
        abstract: "Show every configuration key, its value and where it came from.",
        discussion: """
            Precedence: command-line flag > STORIES_* environment variable > config file \
            (--config PATH, else $XDG_CONFIG_HOME/stories/config.json or config.yaml) > default. \
            A bad value stops every command with exit 78.

            Examples:
              stories config
              STORIES_FEED_PAGE_SIZE=7 stories config --json
              stories config --config ./stories.yaml --store memory
            """)

    @OptionGroup(title: "Global options") var options: GlobalOptions

    @Flag(help: "Print JSON: {\"file\":…,\"keys\":[{\"key\",\"value\",\"source\"}]}.")
    var json = false

    /// Prints the resolved configuration.
    func run() throws {
        let root = try options.compositionRoot(environment: ProcessInfo.processInfo.environment)
        let resolved = root.settings.resolved
        for warning in resolved.warnings { StandardStreams.printError("warning: " + warning) }
        try StandardStreams.printOutput(
            json
                ? JSONOutput.escapingControls(try ConfigReport.json(resolved))
                : ConfigReport.table(resolved) { StandardStreams.sanitized($0) })
    }
}
