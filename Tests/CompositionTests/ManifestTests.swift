import Foundation
import Testing

/// The root manifest re-declares every package's suite (one `swift test` runs them all) as a
/// plain list; no manifest reads another (reading them defeated SwiftPM's manifest cache).
/// This compares the two declarations as SwiftPM evaluates them (`swift package
/// dump-package`): a suite's dependencies and every target's strict settings.
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

    /// A target's dependencies as "product@package"; a package's own target is named by the
    /// product that holds it.
    static func dependencies(of target: [String: Any], package: String, products: [[String: Any]]) -> Set<String> {
        var result: Set<String> = []
        for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
            if let product = dependency["product"] as? [Any], let name = product[0] as? String {
                result.insert("\(name)@\((product[1] as? String) ?? package)")
            } else if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any],
                let name = byName.first as? String
            {
                let holder = products.first { ($0["targets"] as? [String])?.contains(name) == true }
                result.insert("\((holder?["name"] as? String) ?? "no product holds \(name)")@\(package)")
            }
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

    @Test func everyPackageSuiteIsDeclaredAsItsPackageDeclaresIt() throws {
        let root = try Self.dump(Self.root)
        let strict = Self.settings(try #require(Self.target("StoriesComposition", in: root)))
        let packages = try FileManager.default.contentsOfDirectory(atPath: Self.root.path + "/Packages").sorted()
        #expect(packages.count >= 10)
        for name in packages {
            let manifest = try Self.dump(Self.root.appendingPathComponent("Packages/\(name)"))
            let products = manifest["products"] as? [[String: Any]] ?? []
            let own = try #require(Self.target("\(name)Tests", in: manifest), "Packages/\(name) has no \(name)Tests")
            let declared = try #require(Self.target("\(name)Tests", in: root), "the root does not run \(name)Tests")
            #expect(
                Self.dependencies(of: declared, package: "Stories", products: [])
                    == Self.dependencies(of: own, package: name, products: products),
                "Package.swift's \(name)Tests differs from Packages/\(name)/Package.swift's")
            #expect(declared["path"] as? String == "Packages/\(name)/Tests/\(name)Tests")
            #expect(
                Self.text(manifest["platforms"]) == Self.text(root["platforms"]),
                "Packages/\(name) declares other platforms than the root")
            // Every Swift target of the package builds with the root's strict settings.
            for target in Self.targets(manifest) where target["type"] as? String != "system" {
                if name == "StoryTerminal", target["name"] as? String == "CImageCodecs" { continue }  // C
                #expect(
                    Self.settings(target) == strict,
                    "Packages/\(name)'s \(target["name"] ?? "") settings \(Self.settings(target)) are not the root's \(strict)"
                )
            }
        }
    }
}
