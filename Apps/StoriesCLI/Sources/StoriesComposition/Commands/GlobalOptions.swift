public import ArgumentParser

/// The configuration flags every subcommand accepts (PRODUCT.md §4). They are optional with
/// no default, so that a flag not given leaves the key to the environment, file or default.
public struct GlobalOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Read configuration from this JSON or YAML file.", valueName: "path"))
    var configFile: String?

    @Option(
        name: .customLong("source"),
        help: ArgumentHelp("content.source: auto, picsum, bundled or file.", valueName: "source"))
    var source: String?

    @Option(
        name: .customLong("stories-file"), help: ArgumentHelp("content.file: a stories document.", valueName: "path"))
    var storiesFile: String?

    @Option(
        name: .customLong("picsum-url"), help: ArgumentHelp("picsum.baseURL: Lorem Picsum's address.", valueName: "url")
    )
    var picsumURL: String?

    @Option(name: .customLong("store"), help: ArgumentHelp("store.kind: sqlite or memory.", valueName: "kind"))
    var store: String?

    @Option(
        name: .customLong("store-path"), help: ArgumentHelp("store.path: the SQLite state file.", valueName: "path"))
    var storePath: String?

    @Flag(inversion: .prefixedNo, help: "viewer.accessible: no animation or auto-advance; changes described in words.")
    var accessible: Bool?

    @Option(
        name: .customLong("color"),
        help: ArgumentHelp("terminal.color: auto, truecolor, 256, 16 or none.", valueName: "mode"))
    var color: String?

    @Option(
        name: .customLong("graphics"),
        help: ArgumentHelp("terminal.graphics: auto, symbols, kitty, iterm2 or sixel.", valueName: "mode"))
    var graphics: String?

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "log.level: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: String?

    @Option(
        name: .customLong("log-file"),
        help: ArgumentHelp("log.file: append log messages here instead of stderr.", valueName: "path"))
    var logFile: String?

    /// Creates empty options (ArgumentParser fills them).
    public init() {}

    /// The flags given, by the configuration key they set.
    public var configurationFlags: [String: String] {
        let pairs: [(String, String?)] = [
            ("content.source", source), ("content.file", storiesFile), ("picsum.baseURL", picsumURL),
            ("store.kind", store), ("store.path", storePath), ("viewer.accessible", accessible.map { String($0) }),
            ("terminal.color", color), ("terminal.graphics", graphics), ("log.level", logLevel),
            ("log.file", logFile),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// Resolves the configuration for a command.
    public func compositionRoot(
        environment: [String: String], registry: PluginRegistry = .standard
    ) throws(ConfigurationError) -> CompositionRoot {
        try CompositionRoot.load(
            flags: configurationFlags, environment: environment, configFile: configFile, registry: registry)
    }
}
