import Foundation
import Testing

/// Every package README opens with a Swift example; each is compiled here (a file of this
/// target per README, its body between `// README` and `// /README`), and this test holds the
/// README's text to that code: the README's imports are the file's, its other lines the
/// body's, so an example that no longer builds fails the build, and one edited in the README
/// alone fails here.
@Suite("README examples")
struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every service's, package's and feature's folder (each must have a README).
    static var folders: [String] {
        ["Services", "Packages", "Features"].flatMap { tier in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(tier).path)) ?? [])
                .filter { !$0.hasPrefix(".") }
                .map { "\(tier)/\($0)" }
        }.sorted()
    }

    @Test func everyPackageREADMEsExampleIsTheCompiledOne() throws {
        #expect(Self.folders.count >= 17, "\(Self.folders)")
        for folder in Self.folders {
            let name = String(folder.split(separator: "/").last!)
            guard
                let readme = try? String(
                    contentsOf: Self.root.appendingPathComponent("\(folder)/README.md"), encoding: .utf8)
            else {
                Issue.record("\(folder) has no README.md")
                continue
            }
            guard let block = readme.firstMatch(of: /```swift\n((?:.|\n)*?)```/)?.1 else {
                Issue.record("\(folder)/README.md has no Swift example")
                continue
            }
            let file = Self.root.appendingPathComponent("Tests/ReadmeExampleTests/\(name)Example.swift")
            guard let source = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("\(folder)/README.md's example is not compiled: add \(file.lastPathComponent)")
                continue
            }
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let imports = lines.filter { $0.hasPrefix("import ") }
            var body = Array(lines.filter { !$0.hasPrefix("import ") }.drop { $0.isEmpty })
            while body.last?.isEmpty == true { body.removeLast() }
            let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in imports {
                #expect(sourceLines.contains(line), "\(folder): \"\(line)\" is not in \(file.lastPathComponent)")
            }
            guard let start = sourceLines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// README" }),
                let end = sourceLines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// /README" })
            else {
                Issue.record("\(file.lastPathComponent) has no // README … // /README region")
                continue
            }
            let indent = sourceLines[start].prefix { $0 == " " }.count
            let compiled = sourceLines[(start + 1)..<end].map {
                String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)))
            }
            #expect(compiled == body, "\(folder)/README.md's example differs from \(file.lastPathComponent)")
        }
    }
}
