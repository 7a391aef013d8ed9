// swift-tools-version: 6.2
// Stories: the composed `stories` program, its tests, and every package's suite in one graph.
//
// Each package under Packages/ builds and tests alone (`swift test --package-path Packages/X`);
// here their test folders are re-declared as root test targets so that one `swift test`
// runs every suite in one build, and `swift test --filter XTests` runs one team's suite.

import PackageDescription

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The local packages, each depending on StoryInterfaces only.
let packages = [
    "StoryInterfaces", "StoryModels", "FeedPaging", "SeenLikeStore", "StoryNavigation", "PicsumContent",
    "StoryTerminal", "AsyncHTTPFetcher", "PostgresSeenLikeStore", "VideoDecoding",
]

/// The features, each depending on StoryInterfaces and the packages it names.
let features = ["StoriesScreens"]

func product(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let testSupport: Target.Dependency = .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces")

/// A package's own test folder, re-declared as a root test target. Its dependencies — helper
/// executables its suite runs, third-party products it imports — are read from the package's
/// own manifest, the one place they are declared: every `.product(name:package:)` of its
/// `<Name>Tests` target, and for each of the package's own targets it names, the product that
/// holds that target. (Fixtures are read by path, so no resources are declared here either.)
func packageSuite(_ name: String) -> Target {
    .testTarget(
        name: "\(name)Tests",
        dependencies: suiteDependencies(of: name),
        path: "Packages/\(name)/Tests/\(name)Tests",
        swiftSettings: strict
    )
}

/// A file's text, read with the C library (Foundation in a manifest slows its type-checking to a halt).
func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func suiteDependencies(of name: String) -> [Target.Dependency] {
    let manifest = Context.packageDirectory + "/Packages/\(name)/Package.swift"
    guard let text = readText(manifest), let suite = text.firstRange(of: "name: \"\(name)Tests\""),
        let opening = text[suite.upperBound...].firstRange(of: "dependencies: [")
    else { fatalError("\(manifest): no \(name)Tests target with its dependencies") }
    var depth = 1
    var index = opening.upperBound
    while depth > 0, index < text.endIndex {
        if text[index] == "[" { depth += 1 } else if text[index] == "]" { depth -= 1 }
        index = text.index(after: index)
    }
    let list = text[opening.upperBound..<index]
    var dependencies: [Target.Dependency] = []
    let products = /\.product\(name: "([^"]+)", package: "([^"]+)"\)/
    for match in list.matches(of: products) {
        dependencies.append(.product(name: String(match.1), package: String(match.2)))
    }
    for match in String(list).replacing(products, with: "").matches(of: /"([^"]+)"/) {
        let target = String(match.1)
        if target == name {
            dependencies.append(product(name))
        } else if let holder = text.matches(of: /\.(?:library|executable)\(name: "([^"]+)", targets: \["([^"]+)"\]\)/)
            .first(where: { $0.2 == target })
        {
            dependencies.append(.product(name: String(holder.1), package: name))
        } else {
            fatalError("\(manifest): \(name)Tests names \(target), which no product of \(name) holds")
        }
    }
    return dependencies
}

let package = Package(
    name: "Stories",
    products: [
        .executable(name: "stories", targets: ["StoriesCLI"]),
        .executable(name: "picsum-stub", targets: ["PicsumStub"]),
        .library(name: "StoriesComposition", targets: ["StoriesComposition"]),
    ],
    dependencies: packages.map { .package(path: "Packages/\($0)") } + features.map { .package(path: "Features/\($0)") }
        + [
            .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
            .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "YAML"]),
            .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
            .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
            .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
            .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
            .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        ],
    targets: [
        .target(
            name: "StoriesComposition",
            dependencies: features.map(product) + packages.map(product) + [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Apps/StoriesCLI/Sources/StoriesComposition",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "StoriesCLI",
            dependencies: ["StoriesComposition"],
            path: "Apps/StoriesCLI/Sources/StoriesCLI",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "PicsumStub",
            dependencies: [
                // FlyingFox brings FoundationNetworking (libcurl): picsum-stub is a test and
                // bench server, linked dynamically; `stories` never links it.
                product("StoryModels"), product("StoryTerminal"),
                product("StoryInterfaces"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            path: "Apps/PicsumStub/Sources/PicsumStub",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "StartupHello",
            path: "Benchmarks/StartupHello",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "StoresBench",
            dependencies: [product("SeenLikeStore"), product("PostgresSeenLikeStore"), product("StoryInterfaces")],
            path: "Benchmarks/StoresBench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "PagingBench",
            dependencies: [product("FeedPaging"), product("StoryInterfaces")],
            path: "Benchmarks/PagingBench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "RenderBench",
            dependencies: [
                product("StoriesScreens"), product("StoryTerminal"), product("StoryInterfaces"),
                product("StoryNavigation"),
            ],
            path: "Benchmarks/RenderBench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "CacheBench",
            dependencies: [product("PicsumContent")],
            path: "Benchmarks/CacheBench",
            swiftSettings: strict
        ),
        .testTarget(
            name: "CompositionTests",
            dependencies: [
                "StoriesComposition", testSupport, .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + packages.map(product),
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoriesScreensTests",
            dependencies: [
                product("StoriesScreens"), product("StoryInterfaces"), product("StoryNavigation"),
                product("StoryTerminal"),
            ],
            path: "Features/StoriesScreens/Tests/StoriesScreensTests",
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "StoriesCLI", "PicsumStub", product("PicsumContent"), product("FeedPaging"), product("StoryInterfaces"),
                product("AsyncHTTPFetcher"), product("StoryModels"), product("VideoDecoding"), product("StoryTerminal"),
                testSupport,
            ],
            swiftSettings: strict
        ),
    ] + packages.map(packageSuite)
)
