import Configuration
import Foundation
import StoryBase
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
        explicitPath: String?, configHome: String, specs: [SettingSpec]
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
        let data = try readBounded(path)
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
            let known = Set(specs.map(\.key))
            let warnings = keys.filter { !known.contains($0) }.sorted().map {
                "\(path): unknown key \"\($0)\" is ignored (`stories config` lists the known keys)"
            }
            return ConfigFile(path: path, lookup: snapshot.value, warnings: warnings)
        } catch {
            throw .malformedFile(path: path, detail: describe(error, in: data))
        }
    }

    private static func flattenedKeys(_ value: Any?, prefix: String = "") -> [String] {
        guard let dictionary = value as? [String: Any] else { return prefix.isEmpty ? [] : [prefix] }
        if dictionary.isEmpty, !prefix.isEmpty { return [prefix] }
        return dictionary.flatMap { key, child in
            flattenedKeys(child, prefix: prefix.isEmpty ? key : "\(prefix).\(key)")
        }
    }

    /// The file's bytes, refused by its size before reading (a 1 GB file is not read to be
    /// refused) and read with a bound (a pipe or a device has no size to check).
    static func readBounded(_ path: String) throws(ConfigurationError) -> Data {
        // One open without blocking (a FIFO is refused, not waited on), checked on its descriptor.
        do {
            return try BoundedFile.contents(of: path, limit: maximumBytes)
        } catch {
            if let size = error.size {
                throw .malformedFile(
                    path: path, detail: "it is \(size) bytes; a config file may have \(maximumBytes) at most")
            }
            throw .unreadableFile(path: path, detail: error.reason)
        }
    }

    /// What is wrong with the file, in words, with the line and column when the parser says
    /// where (never Foundation's `Error Domain=NSCocoaErrorDomain Code=3840 …`).
    static func describe(_ error: any Error, in data: Data) -> String {
        let text = String(describing: error)
        if text.contains("top-level") || text.contains("topLevel") { return "the top level must be an object of keys" }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, let debug = nsError.userInfo["NSDebugDescription"] as? String {
            if debug.contains("end of file") || debug.contains("Unexpected end") {
                return "not valid JSON: the file ends before the JSON does (a missing } or ], or a cut-off value)"
            }
            if let range = debug.range(of: #"character (\d+)"#, options: .regularExpression),
                let offset = Int(debug[range].split(separator: " ")[1])
            {
                let (line, column) = position(of: offset, in: data)
                return "not valid JSON at line \(line), column \(column): " + jsonProblem(debug)
            }
            return "not valid JSON: " + debug.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        // Yams: "3:1: error: parser: while parsing a flow sequence in line 2, column 13"
        if let match = text.range(of: #"^(\d+):(\d+): error: \w+: "#, options: .regularExpression) {
            let numbers = text[match].split(separator: ":").prefix(2)
            let rest = text[match.upperBound...].split(separator: "\n").first.map(String.init) ?? ""
            return "not valid YAML at line \(numbers.first ?? ""), column \(numbers.last ?? ""): \(rest)"
        }
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        return firstLine.count > 200 ? String(firstLine.prefix(200)) + "…" : firstLine
    }

    /// Foundation's "Invalid value around character 9." in words.
    private static func jsonProblem(_ debug: String) -> String {
        if debug.hasPrefix("Invalid value") { return "a value was expected (a missing comma, quote or bracket?)" }
        if debug.contains("Badly formed object") { return "a key or a closing } was expected" }
        if debug.contains("Badly formed array") { return "a value or a closing ] was expected" }
        return debug.replacingOccurrences(of: #" around character \d+\.?"#, with: "", options: .regularExpression)
    }

    /// The 1-based line and column of byte `offset`.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
