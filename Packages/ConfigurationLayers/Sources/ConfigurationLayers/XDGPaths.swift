import Foundation

/// The XDG base directories, from the environment, with the specification's fallbacks
/// (a relative XDG value is ignored, as the specification says).
public struct XDGPaths: Hashable, Sendable {
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public var configHome: String
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public var dataHome: String
    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public var cacheHome: String

    /// Reads the folders from `environment`; `home` is used when `HOME` is unset or empty, and
    /// only then evaluated (Foundation's `NSHomeDirectory()` cost every command 0.7 M
    /// instructions when `HOME` was there all along).
    public init(environment: [String: String], home fallbackHome: @autoclosure () -> String) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? fallbackHome()
        func folder(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        configHome = folder("XDG_CONFIG_HOME", ".config")
        dataHome = folder("XDG_DATA_HOME", ".local/share")
        cacheHome = folder("XDG_CACHE_HOME", ".cache")
    }

    /// `text` with `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME` and `$XDG_CACHE_HOME` replaced by the folders.
    public func expand(_ text: String) -> String {
        // One pass by hand: Foundation's replacing (bridging to NSString) cost every command's
        // start-up 2 M instructions, the standard library's generic one 0.9 M. Slices
        // are made Strings before they are appended: appending a Substring runs unspecialised,
        // its first use a scan of every protocol conformance of the program.
        let folders = [("$XDG_CONFIG_HOME", configHome), ("$XDG_DATA_HOME", dataHome), ("$XDG_CACHE_HOME", cacheHome)]
        var out = ""
        var rest = Substring(text)
        search: while let dollar = rest.firstIndex(of: "$") {
            out += String(rest[..<dollar])
            let tail = rest[dollar...]
            for (name, folder) in folders where tail.hasPrefix(name) {
                out += folder
                rest = tail.dropFirst(name.count)
                continue search
            }
            out.append("$")
            rest = tail.dropFirst()
        }
        return out + String(rest)
    }

    /// `spec` with its default's XDG folders expanded (plugins' keys name them that way).
    public func expanding(_ spec: SettingSpec) -> SettingSpec {
        var spec = spec
        spec.defaultText = spec.defaultText.map(expand)
        return spec
    }
}
