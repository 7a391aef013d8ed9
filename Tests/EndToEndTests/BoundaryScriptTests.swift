import Foundation
import Testing

/// Scripts/check-boundaries must pass on this repository and fail on each kind of violation.
@Suite("check-boundaries")
struct BoundaryScriptTests {
    static let script = repositoryRoot + "/Scripts/check-boundaries"

    /// A minimal tree: StoryInterfaces, StoryBase on it, a service on the base (StoryImages),
    /// two packages that follow the rule (FeedPaging uses the base and the service too), and
    /// two features.
    static func fixture() throws -> String {
        let root = try TemporaryFolder.make()
        let manifest = { (name: String, deps: String) in
            "// swift-tools-version: 6.2\nimport PackageDescription\nlet package = Package(name: \"\(name)\", dependencies: [\(deps)])\n"
        }
        try TemporaryFolder.write(manifest("StoryInterfaces", ""), to: root + "/Packages/StoryInterfaces/Package.swift")
        try TemporaryFolder.write(
            "public protocol P {}\n", to: root + "/Packages/StoryInterfaces/Sources/StoryInterfaces/P.swift")
        try TemporaryFolder.write(
            manifest("StoryBase", ".package(path: \"../StoryInterfaces\")"),
            to: root + "/Packages/StoryBase/Package.swift")
        try TemporaryFolder.write(
            "public import StoryInterfaces\nimport Dispatch\nlet q = DispatchQueue(label: \"x\")\n",
            to: root + "/Packages/StoryBase/Sources/StoryBase/B.swift")
        try TemporaryFolder.write(
            manifest(
                "StoryImages",
                ".package(path: \"../../Packages/StoryInterfaces\"), .package(path: \"../../Packages/StoryBase\")"),
            to: root + "/Services/StoryImages/Package.swift")
        try TemporaryFolder.write(
            "import StoryBase\npublic import StoryInterfaces\n",
            to: root + "/Services/StoryImages/Sources/StoryImages/I.swift")
        try TemporaryFolder.write("int shim;\n", to: root + "/Services/StoryImages/Sources/CImages/shim.c")
        for name in ["FeedPaging", "StoryModels"] {
            let base =
                name == "FeedPaging"
                ? ", .package(path: \"../StoryBase\"), .package(path: \"../../Services/StoryImages\")" : ""
            try TemporaryFolder.write(
                manifest(name, ".package(path: \"../StoryInterfaces\")" + base),
                to: root + "/Packages/\(name)/Package.swift")
            try TemporaryFolder.write(
                "public import StoryInterfaces\nimport Foundation\n"
                    + (base.isEmpty ? "" : "import StoryBase\nimport StoryImages\n"),
                to: root + "/Packages/\(name)/Sources/\(name)/A.swift")
        }
        // Two features: each depends on packages and a service, and imports them.
        for name in ["StoriesScreens", "Reels"] {
            try TemporaryFolder.write(
                manifest(
                    name,
                    ".package(path: \"../../Packages/StoryInterfaces\"), .package(path: \"../../Packages/StoryModels\"), "
                        + ".package(path: \"../../Services/StoryImages\")"),
                to: root + "/Features/\(name)/Package.swift")
            try TemporaryFolder.write(
                "import StoryInterfaces\nimport StoryModels\nimport StoryImages\n",
                to: root + "/Features/\(name)/Sources/\(name)/V.swift")
        }
        return root
    }

    static func check(_ root: String) async throws -> ProcessResult {
        try await StoriesProcess.execute("/bin/bash", [script, root], environment: ["PATH": "/usr/bin:/bin"])
    }

    @Test func thisRepositoryFollowsTheRule() async throws {
        let result = try await Self.check(repositoryRoot)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aCleanFixturePasses() async throws {
        let result = try await Self.check(try Self.fixture())
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [
        ("Packages/FeedPaging/Sources/FeedPaging/B.swift", "import StoryModels\n"),
        ("Packages/FeedPaging/Sources/FeedPaging/B.swift", "@testable import StoryModels\n"),
        ("Packages/FeedPaging/Sources/FeedPaging/B.swift", "  public import StoryModels\n"),
        ("Packages/FeedPaging/Sources/FeedPaging/B.swift", "import struct StoryModels.TrayEntry\n"),
        ("Packages/FeedPaging/Tests/FeedPagingTests/T.swift", "import StoryModels\n"),
    ])
    func anImportOfAnotherLocalPackageFails(path: String, text: String) async throws {
        let root = try Self.fixture()
        try TemporaryFolder.write(text, to: root + "/" + path)
        let result = try await Self.check(root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("imports StoryModels"))
    }

    /// The fixture with `folder`'s manifest replaced: package `name` depending on `paths`.
    static func fixture(manifest folder: String, name: String, paths: [String]) throws -> String {
        let root = try fixture()
        let dependencies = paths.map { ".package(path: \"\($0)\")" }.joined(separator: ", ")
        try TemporaryFolder.write(
            "import PackageDescription\nlet package = Package(name: \"\(name)\", dependencies: [\(dependencies)])\n",
            to: root + "/\(folder)/Package.swift")
        return root
    }

    @Test(arguments: ["../StoryModels", "../StoryModels/Sources"])
    func aManifestDependencyOnAnotherLocalPackageFails(path: String) async throws {
        let root = try Self.fixture(
            manifest: "Packages/FeedPaging", name: "FeedPaging", paths: ["../StoryInterfaces", path])
        let result = try await Self.check(root)
        #expect(result.status == 1)
        #expect(result.stderr.contains(path))
    }

    @Test(arguments: ["../StoryInterfaces", "../StoryBase"])
    func storyInterfacesMayDependOnNoLocalPackage(path: String) async throws {
        let root = try Self.fixture(manifest: "Packages/StoryInterfaces", name: "StoryInterfaces", paths: [path])
        #expect(try await Self.check(root).status == 1)
    }

    /// The base package stands on the contracts alone: a leaf below it, in its manifest or its
    /// imports, fails.
    @Test func storyBaseMayUseStoryInterfacesOnly() async throws {
        let manifest = try Self.fixture(
            manifest: "Packages/StoryBase", name: "StoryBase", paths: ["../StoryInterfaces", "../StoryModels"])
        let dependency = try await Self.check(manifest)
        #expect(dependency.status == 1 && dependency.stderr.contains("StoryBase may depend on StoryInterfaces"))
        let root = try Self.fixture()
        try TemporaryFolder.write("import StoryModels\n", to: root + "/Packages/StoryBase/Sources/StoryBase/C.swift")
        let imported = try await Self.check(root)
        #expect(imported.status == 1 && imported.stderr.contains("imports StoryModels"), "\(imported.stderr)")
    }

    /// StoryInterfaces holds contracts: threads, queues and system calls belong to StoryBase.
    @Test(arguments: [
        "import Dispatch\n", "#if canImport(Glibc)\n    import Glibc\n#endif\n",
        "let queue = DispatchQueue(label: \"q\")\n", "func f() { Thread { }.start() }\n",
        "final class E: TaskExecutor {}\n", "let lock = NSCondition()\n",
    ])
    func storyInterfacesHoldsContractsOnly(text: String) async throws {
        let root = try Self.fixture()
        try TemporaryFolder.write(text, to: root + "/Packages/StoryInterfaces/Sources/StoryInterfaces/Q.swift")
        let result = try await Self.check(root)
        #expect(result.status == 1 && result.stderr.contains("contracts only"), "\(result.stderr)")
    }

    /// No C in the base (StoryInterfaces, StoryBase): C starts at the services tier.
    @Test(arguments: [
        "Packages/StoryInterfaces/Sources/CPlace/place.c", "Packages/StoryBase/Sources/CBase/include/base.h",
        "Packages/StoryBase/Sources/CSystem/module.modulemap",
    ])
    func cInTheBaseFails(path: String) async throws {
        let root = try Self.fixture()
        try TemporaryFolder.write("int x;\n", to: root + "/" + path)
        let result = try await Self.check(root)
        #expect(result.status == 1 && result.stderr.contains("C in the base package"), "\(result.stderr)")
    }

    /// A service stands on the base alone: a package, another service or a feature, in its
    /// manifest or its imports, fails; so does the base reaching up to a service.
    @Test(arguments: [
        ("Services/StoryImages", "StoryImages", "../../Packages/StoryModels", "a service may depend on the base"),
        ("Services/StoryImages", "StoryImages", "../../Services/ImageCaching", "a service may depend on the base"),
        ("Services/StoryImages", "StoryImages", "../../Features/Reels", "a service may depend on the base"),
        ("Packages/StoryBase", "StoryBase", "../../Services/StoryImages", "StoryBase may depend on StoryInterfaces"),
        ("Packages/FeedPaging", "FeedPaging", "../../Services/Nothing", "FeedPaging may depend on"),
    ])
    func aServiceDependsOnTheBaseAlone(folder: String, name: String, path: String, message: String) async throws {
        let base = folder.hasPrefix("Services") ? "../../Packages/StoryInterfaces" : "../StoryInterfaces"
        let root = try Self.fixture(manifest: folder, name: name, paths: [base, path])
        let result = try await Self.check(root)
        #expect(
            result.status == 1 && result.stderr.contains(path) && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [
        ("Services/StoryImages/Sources/StoryImages/X.swift", "import StoryModels\n", "a service may import the base"),
        (
            "Services/StoryImages/Tests/StoryImagesTests/T.swift", "import StoriesScreens\n",
            "a service may import the base"
        ),
        ("Packages/StoryBase/Sources/StoryBase/X.swift", "import StoryImages\n", "imports StoryImages"),
        ("Packages/StoryInterfaces/Sources/StoryInterfaces/X.swift", "import StoryImages\n", "imports StoryImages"),
    ])
    func importingUpwardsFromAServiceOrTheBaseFails(path: String, text: String, message: String) async throws {
        let root = try Self.fixture()
        try TemporaryFolder.write(text, to: root + "/" + path)
        let result = try await Self.check(root)
        #expect(result.status == 1 && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func importsThatMerelyShareAPrefixAreAllowed() async throws {
        let root = try Self.fixture()
        try TemporaryFolder.write(
            "import StoryModelsKit\nimport StoryInterfacesTestSupport\n",
            to: root + "/Packages/FeedPaging/Tests/FeedPagingTests/T.swift")
        let result = try await Self.check(root)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: ["../Reels", "../../Features/Reels", "../../Apps/StoriesCLI", "../../Packages/Nothing"])
    func aFeatureDependingOnAnotherFeatureOrTheAppFails(path: String) async throws {
        let root = try Self.fixture(
            manifest: "Features/StoriesScreens", name: "StoriesScreens", paths: ["../../Packages/StoryModels", path])
        let result = try await Self.check(root)
        #expect(result.status == 1)
        #expect(result.stderr.contains(path) && result.stderr.contains("a feature may depend on packages and services"))
    }

    @Test(arguments: [
        ("Features/StoriesScreens/Tests/StoriesScreensTests/T.swift", "import Reels\n", "imports the feature Reels"),
        ("Packages/FeedPaging/Sources/FeedPaging/B.swift", "import StoriesScreens\n", "imports StoriesScreens"),
    ])
    func importingAFeatureFromAFeatureOrAPackageFails(path: String, text: String, message: String) async throws {
        let root = try Self.fixture()
        try TemporaryFolder.write(text, to: root + "/" + path)
        let result = try await Self.check(root)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

/// Only plugin files know which source or store is configured.
@Suite("check-boundaries: plugins")
struct PluginBoundaryScriptTests {
    @Test(arguments: [
        "let live = session.content.sourceName == PicsumContentPlugin.name\n",
        "if settings.storeKind == \"postgres\" {}\n",
        "if let file = content as? FileStoryContent {}\n",
        "let store = try await SQLiteStorePlugin.make(settings)\n",
        "guard kind != \"sqlite\" else { return }\n",
    ])
    func appCodeThatAsksWhichPluginIsConfiguredFails(text: String) async throws {
        let root = try BoundaryScriptTests.fixture()
        try TemporaryFolder.write(text, to: root + "/Apps/StoriesCLI/Sources/StoriesComposition/Commands/X.swift")
        let result = try await BoundaryScriptTests.check(root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("only a plugin file may know"), "\(result.stderr)")
    }

    @Test func pluginFilesMayNameThemselvesAndEachOther() async throws {
        let root = try BoundaryScriptTests.fixture()
        try TemporaryFolder.write(
            "let bundled = try BundledContentPlugin.make(settings)\n",
            to: root + "/Apps/StoriesCLI/Sources/StoriesComposition/Plugins/AutoContentPlugin.swift")
        let result = try await BoundaryScriptTests.check(root)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
