/// Why the configuration could not be used. Every case stops the program with exit 78.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value is not allowed for its key.
    case invalidValue(key: String, value: String, source: ConfigSource, origin: String, allowed: String)
    /// The config file could not be parsed.
    case malformedFile(path: String, detail: String)
    /// The config file named by `--config` does not exist or cannot be read.
    case unreadableFile(path: String, detail: String)
    /// The config file's name does not say JSON or YAML.
    case unsupportedFileType(path: String)

    /// One or two lines: what, where, and how to fix it.
    public var description: String {
        switch self {
        case .invalidValue(let key, let value, _, let origin, let allowed):
            "invalid value \(value) for \(key) (from \(origin)): use \(allowed)"
        case .malformedFile(let path, let detail):
            "the config file \(path) is malformed: \(detail)\nfix the file or point --config at another one"
        case .unreadableFile(let path, let detail):
            "cannot read the config file \(path): \(detail)"
        case .unsupportedFileType(let path):
            "the config file \(path) must end in .json, .yaml or .yml"
        }
    }
}
