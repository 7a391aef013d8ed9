import Foundation
import Testing

/// The root manifest re-declares every package's and feature's modules (so an app can pick one
/// by this repository's URL) and suites (so one `swift test` runs them all) as plain lists; no
/// manifest reads another (reading them defeated SwiftPM's manifest cache). This compares the
/// declarations as SwiftPM evaluates them (`swift package dump-package`): each target's kind,
/// folder, dependencies, resources and settings, the products, the outside packages' versions.
@Suite("Manifests agree", .serialized, .timeLimit(.minutes(5)))
struct ManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `swift package dump-package` of the package at `path` (a scratch folder of its own:
    /// the root's build folder is the running test's).
    static func dump(_ path: URL) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = [
            "swift", "package", "--package-path", path.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw ManifestError.unreadable(path.path) }
        return json
    }

    enum ManifestError: Error { case unreadable(String) }

    static func targets(_ manifest: [String: Any]) -> [[String: Any]] { manifest["targets"] as? [[String: Any]] ?? [] }

    static func target(_ name: String, in manifest: [String: Any]) -> [String: Any]? {
        targets(manifest).first { $0["name"] as? String == name }
    }

    /// A target's dependencies: a module of this repository by its name (whichever manifest
    /// names it, as a target or as a local package's product), another package's product as
    /// "product@package".
    static func dependencies(of target: [String: Any], locals: Set<String>) -> Set<String> {
        var result: Set<String> = []
        for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
            if let product = dependency["product"] as? [Any], let name = product[0] as? String {
                let package = product[1] as? String
                result.insert(package.map { locals.contains($0) } ?? true ? name : "\(name)@\(package ?? "")")
            } else if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any],
                let name = byName.first as? String
            {
                result.insert(name)
            }
        }
        return result
    }

    /// A manifest's source-control dependencies, identity to requirement.
    static func requirements(_ manifest: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for dependency in manifest["dependencies"] as? [[String: Any]] ?? [] {
            guard let remote = (dependency["sourceControl"] as? [[String: Any]])?.first,
                let identity = remote["identity"] as? String
            else { continue }
            result[identity] = text(remote["requirement"])
        }
        return result
    }

    /// A JSON value as text (keys sorted).
    static func text(_ value: Any?) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: value ?? NSNull(), options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// A target's Swift settings as text, in order (a C target's linker settings are its own).
    static func settings(_ target: [String: Any]) -> String {
        let swift = (target["settings"] as? [[String: Any]] ?? []).filter { $0["tool"] as? String == "swift" }
        let data = try? JSONSerialization.data(withJSONObject: swift, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Every folder with a manifest of its own: the packages and the features.
    static func folders() throws -> [String] {
        try ["Services", "Packages", "Features"].flatMap { tier in
            try FileManager.default.contentsOfDirectory(atPath: root.path + "/" + tier).sorted().map { "\(tier)/\($0)" }
        }
    }

    @Test func everyModuleAndSuiteIsDeclaredAsItsPackageDeclaresIt() throws {
        let root = try Self.dump(Self.root)
        let strict = Self.settings(try #require(Self.target("StoriesComposition", in: root)))
        let folders = try Self.folders()
        #expect(folders.count >= 11)
        let locals = Set(folders.map { String($0.split(separator: "/").last ?? "") })
        let rootProducts = Set((root["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        let rootRequirements = Self.requirements(root)
        for folder in folders {
            let manifest = try Self.dump(Self.root.appendingPathComponent(folder))
            for target in Self.targets(manifest) {
                let targetName = target["name"] as? String ?? ""
                let type = target["type"] as? String ?? ""
                let path =
                    target["path"] as? String ?? (type == "test" ? "Tests/\(targetName)" : "Sources/\(targetName)")
                let declared = try #require(
                    Self.target(targetName, in: root), "the root does not declare \(folder)'s \(targetName)")
                #expect(declared["type"] as? String == type, "\(targetName)'s type differs")
                #expect(declared["path"] as? String == "\(folder)/\(path)", "\(targetName)'s folder differs")
                #expect(
                    Self.dependencies(of: declared, locals: locals) == Self.dependencies(of: target, locals: locals),
                    "Package.swift's \(targetName) depends on other modules than \(folder)/Package.swift's")
                #expect(
                    Self.text(declared["resources"]) == Self.text(target["resources"]),
                    "\(targetName)'s resources differ")
                #expect(
                    Self.text(declared["providers"]) == Self.text(target["providers"]),
                    "\(targetName)'s system packages differ")
                // Every Swift target builds with the root's strict settings (the C targets are C).
                if type != "system", !["CImageCodecs", "CTerminalGraphics"].contains(targetName) {
                    #expect(
                        Self.settings(target) == strict,
                        "\(folder)'s \(targetName) settings \(Self.settings(target)) are not the root's \(strict)")
                } else {
                    #expect(Self.text(declared["settings"]) == Self.text(target["settings"]))
                }
            }
            // Every product the package offers, the root offers (an app picks it by this name).
            for product in manifest["products"] as? [[String: Any]] ?? [] {
                let productName = product["name"] as? String ?? ""
                #expect(rootProducts.contains(productName), "the root does not offer \(folder)'s \(productName)")
            }
            // The same versions of the same outside packages.
            for (identity, requirement) in Self.requirements(manifest) {
                #expect(
                    rootRequirements[identity] == requirement,
                    "\(folder) asks \(identity) \(requirement); the root \(rootRequirements[identity] ?? "nothing")")
            }
            #expect(
                Self.text(manifest["platforms"]) == Self.text(root["platforms"]),
                "\(folder) declares other platforms than the root")
        }
    }
}
