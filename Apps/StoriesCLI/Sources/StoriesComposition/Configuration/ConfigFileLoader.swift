import Configuration
import Foundation
import Yams

/// A parsed config file: its path, a lookup over swift-configuration's JSON or YAML
/// snapshot, and warnings about keys Stories does not know.
struct ConfigFile: Sendable {
    var path: String
    var lookup: @Sendable (AbsoluteConfigKey, ConfigType) throws -> LookupResult
    var warnings: [String]
}

/// Finds and parses the config file (PRODUCT.md §4).
enum ConfigFileLoader {
    /// The largest config file read; anything bigger is refused as malformed.
    static let maximumBytes = 1 << 20

    /// Loads `explicitPath` (which must exist), else the first of `config.json`, `config.yaml`
    /// and `config.yml` in `configHome/stories`, else nothing.
    static func load(
        explicitPath: String?, configHome: String, schema: ConfigurationSchema
    ) throws(ConfigurationError) -> ConfigFile? {
        let path: String
        if let explicitPath {
            path = explicitPath
        } else {
            let candidates = ["config.json", "config.yaml", "config.yml"].map { "\(configHome)/stories/\($0)" }
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                return nil
            }
            path = found
        }
        let isYAML: Bool
        switch (path as NSString).pathExtension.lowercased() {
        case "json": isYAML = false
        case "yaml", "yml": isYAML = true
        default: throw .unsupportedFileType(path: path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw .unreadableFile(path: path, detail: exists ? "permission denied or not a file" : "no such file")
        }
        guard data.count <= maximumBytes else {
            throw .malformedFile(path: path, detail: "it is larger than \(maximumBytes) bytes")
        }
        do {
            let snapshot: any ConfigSnapshot
            let keys: [String]
            if isYAML {
                snapshot = try YAMLSnapshot(data: data.bytes, providerName: path, parsingOptions: .default)
                keys = flattenedKeys(try Yams.load(yaml: String(decoding: data, as: UTF8.self)))
            } else {
                snapshot = try JSONSnapshot(data: data.bytes, providerName: path, parsingOptions: .default)
                keys = flattenedKeys(try JSONSerialization.jsonObject(with: data))
            }
            let known = Set(schema.specs.map(\.key))
            let warnings = keys.filter { !known.contains($0) }.sorted().map {
                "\(path): unknown key \"\($0)\" is ignored (`stories config` lists the known keys)"
            }
            return ConfigFile(path: path, lookup: snapshot.value, warnings: warnings)
        } catch {
            throw .malformedFile(path: path, detail: describe(error))
        }
    }

    private static func flattenedKeys(_ value: Any?, prefix: String = "") -> [String] {
        guard let dictionary = value as? [String: Any] else { return prefix.isEmpty ? [] : [prefix] }
        if dictionary.isEmpty, !prefix.isEmpty { return [prefix] }
        return dictionary.flatMap { key, child in
            flattenedKeys(child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("top-level") || text.contains("topLevel") { return "the top level must be an object of keys" }
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        return firstLine.count > 200 ? String(firstLine.prefix(200)) + "…" : firstLine
    }
}
