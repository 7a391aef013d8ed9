public import ArgumentParser
public import ConfigurationLayers

/// The configuration flags every subcommand accepts (PRODUCT.md §4). They are optional with
/// no default, so that a flag not given leaves the key to the environment, file or default.
///
/// Each flag is declared once, here, as a property whose kebab-cased name is the flag (the
/// ArgumentParser default: `storiesFile` is `--stories-file`). Which key it sets and its help
/// come from the key's ``SettingSpec`` (its `flag`), so the key, the words it accepts and the
/// summary are written in one place: ``ConfigurationSchema``, or the file of the plugin that
/// owns the key (`--stories-file` is `FileContentPlugin`'s, `--store-path` `SQLiteStorePlugin`'s).
public struct GlobalOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Read configuration from this JSON or YAML file.", valueName: "path"),
        completion: .file(extensions: ["json", "yaml", "yml"]))
    var configFile: String?

    @Option(help: Self.help("source"), completion: Self.completion("source")) var source: String?
    @Option(help: Self.help("stories-file"), completion: .file(extensions: ["json"])) var storiesFile: String?
    @Option(help: Self.help("folder"), completion: .directory) var folder: String?
    @Option(help: Self.help("picsum-url")) var picsumURL: String?
    @Option(help: Self.help("store"), completion: Self.completion("store")) var store: String?
    @Option(help: Self.help("store-path"), completion: .file()) var storePath: String?
    @Flag(inversion: .prefixedNo, help: Self.help("accessible")) var accessible: Bool?
    @Option(help: Self.help("color"), completion: Self.completion("color")) var color: String?
    @Option(help: Self.help("graphics"), completion: Self.completion("graphics")) var graphics: String?
    @Option(help: Self.help("log-level"), completion: Self.completion("log-level")) var logLevel: String?
    @Option(help: Self.help("log-file"), completion: .file()) var logFile: String?
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set any configuration key, plugins' own keys too (repeatable; `stories config` lists every key).",
            valueName: "key=value"))
    var assignments: [String] = []

    /// Creates empty options (ArgumentParser fills them).
    public init() {}

    /// Refuses a `--set` that is not `KEY=VALUE` for a known key.
    public func validate() throws {
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError("--set takes KEY=VALUE, e.g. --set feed.pageSize=10; got \"\(assignment)\"")
            }
            let key = String(assignment[..<equals])
            guard Self.schema.spec(key) != nil else {
                throw ValidationError("--set: unknown configuration key \"\(key)\" (`stories config` lists every key)")
            }
        }
    }

    /// The flags given, by the configuration key they set: each property's value under the key
    /// whose spec names its flag, over the `--set` assignments.
    public var configurationFlags: [String: String] { given.flags }

    /// The keys whose value comes from a `--set KEY=VALUE` (not overridden by the key's own
    /// flag): an error about one names `--set`, the flag that was given.
    public var keysSetByAssignment: Set<String> { given.setByAssignment }

    /// Both of the above from one reflection over the options.
    private var given: (flags: [String: String], setByAssignment: Set<String>) {
        var flags: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            flags[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        var assigned = Set(flags.keys)
        for (flag, value) in Self.flagValues(self) {
            guard let value, let key = Self.keysByFlag[flag] else { continue }
            flags[key] = value
            assigned.remove(key)
        }
        return (flags, assigned)
    }

    /// The options as they were given, as words for a shell (a hint such as `next: stories
    /// tray --source bundled --page 2` repeats them): the flags in declaration order, then
    /// each `--set`. Values are quoted when a shell would split or expand them.
    public var givenArguments: String {
        var words: [String] = []
        if let configFile { words += ["--config", Self.shellWord(configFile)] }
        for (flag, value) in Self.flagValues(self) {
            guard let value else { continue }
            if flag == "accessible" {
                words.append(value == "true" ? "--accessible" : "--no-accessible")
            } else {
                words += ["--" + flag, Self.shellWord(value)]
            }
        }
        for assignment in assignments { words += ["--set", Self.shellWord(assignment)] }
        return words.joined(separator: " ")
    }

    /// `stories --source bundled tray`: the global options given before a subcommand's name,
    /// moved after the whole command line (before a `--`), where every subcommand parses them —
    /// both orders work, as the help says. Nothing changes unless only global options (and
    /// their values) come before a name in `commands`.
    public static func movingLeadingOptions(_ arguments: [String], commands: [String]) -> [String] {
        guard let index = leadingOptionsEnd(arguments) else { return arguments }
        guard index > 0, index < arguments.count, commands.contains(arguments[index]) else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: arguments[..<index], at: end)
        return rest
    }

    /// Where the global options (and their values) at the start of `arguments` end: the index
    /// of the first other word; nil when an option that not every command takes comes first
    /// (`--help`, `--version`).
    public static func leadingOptionsEnd(_ arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("--") {
            let word = arguments[index]
            let name = String(word.prefix { $0 != "=" })
            if takingValues.contains(name) {
                index += word.contains("=") ? 1 : 2
            } else if name == "--accessible" || name == "--no-accessible" {
                index += 1
            } else {
                return nil
            }
        }
        return min(index, arguments.count)
    }

    /// The options that take a value (`--source bundled`, `--source=bundled`), with dashes.
    static let takingValues: Set<String> = Set(
        ["--config", "--set"]
            + Mirror(reflecting: GlobalOptions()).children.compactMap { child in
                // The property wrappers' types only: their values cannot be read unparsed.
                guard let label = child.label, child.value is Option<String?> else { return nil }
                return "--" + SettingSpec.kebab(String(label.dropFirst()))
            })

    /// `word` as one word for a POSIX shell: as it is when it holds only safe characters,
    /// else in single quotes (each `'` inside written `'\''`).
    static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,+@%")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Every configuration flag this type declares (given or not), by its name, without dashes.
    static func flagValues(_ options: GlobalOptions) -> [(flag: String, value: String?)] {
        Mirror(reflecting: options).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), label != "_configFile", label != "_assignments" else {
                return nil
            }
            let flag = SettingSpec.kebab(String(label.dropFirst()))
            if let option = child.value as? Option<String?> { return (flag, option.wrappedValue) }
            if let toggle = child.value as? Flag<Bool?> { return (flag, toggle.wrappedValue.map { String($0) }) }
            return nil
        }
    }

    /// The schema the flags' keys and help come from (its defaults' folders do not matter here).
    static let schema = ConfigurationSchema(paths: XDGPaths(environment: [:], home: "~"), registry: .standard)

    /// Each flag's key, by the flag's name without dashes.
    static let keysByFlag: [String: String] = Dictionary(
        schema.specs.compactMap { spec in spec.flag.map { ($0, spec.key) } }, uniquingKeysWith: { first, _ in first })

    /// A flag's shell completion: the words its key accepts (`--source`: auto, picsum, …).
    static func completion(_ flag: String) -> CompletionKind? {
        guard case .choice(let words)? = schema.specs.first(where: { $0.flag == flag })?.kind else { return nil }
        return .list(words)
    }

    /// A flag's help: its key, its summary and what it accepts, from its spec.
    static func help(_ flag: String) -> ArgumentHelp {
        guard let spec = schema.specs.first(where: { $0.flag == flag }) else {
            return ArgumentHelp("(no configuration key names this flag)")
        }
        return ArgumentHelp(spec.flagHelp, valueName: spec.flagValueName)
    }

    /// Resolves the configuration for a command.
    public func compositionRoot(
        environment: [String: String], registry: PluginRegistry = .standard
    ) throws(ConfigurationError) -> CompositionRoot {
        let given = given
        return try CompositionRoot.load(
            flags: given.flags, setByAssignment: given.setByAssignment, environment: environment,
            configFile: configFile, registry: registry)
    }
}
