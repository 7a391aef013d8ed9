/// Where a configuration value came from, in increasing precedence.
public enum ConfigSource: String, Comparable, Hashable, Sendable, Codable {
    /// The built-in default.
    case `default`
    /// The config file (`--config`, else `$XDG_CONFIG_HOME/stories/config.json` or `.yaml`).
    case file
    /// A `STORIES_…` environment variable.
    case environment
    /// A command-line flag.
    case flag

    private var rank: Int {
        switch self {
        case .default: 0
        case .file: 1
        case .environment: 2
        case .flag: 3
        }
    }

    /// Orders by precedence: default < file < environment < flag.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
