// swift-tools-version: 6.2
// Stories: the composed `stories` program, its tests, and every package's suite in one graph.
//
// Each package under Packages/ builds and tests alone (`swift test --package-path Packages/X`);
// here their test folders are re-declared as root test targets so that one `swift test`
// runs every suite in one build, and `swift test --filter XTests` runs one team's suite.

import PackageDescription

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

/// Each package's own suite, re-declared as a root test target so one `swift test` runs every
/// suite in one build (and `swift test --filter XTests` one team's). The dependencies are
/// those of the package's `<Name>Tests` target, a package's own targets named by the product
/// that holds them; `ManifestTests` (CompositionTests) compares the two manifests as SwiftPM
/// reads them, so no manifest reads another. Fixtures are read by path: no resources here.
let suites: [(name: String, dependencies: [Target.Dependency])] = [
    ("StoryInterfaces", [testSupport]),
    ("StoryModels", [testSupport]),
    ("FeedPaging", [testSupport]),
    (
        "SeenLikeStore",
        [
            testSupport, .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "seenlike-writer", package: "SeenLikeStore"),
        ]
    ),
    ("StoryNavigation", [testSupport]),
    ("PicsumContent", [testSupport]),
    ("StoryTerminal", [testSupport, .product(name: "terminal-probe", package: "StoryTerminal")]),
    ("AsyncHTTPFetcher", [testSupport]),
    (
        "PostgresSeenLikeStore",
        [
            testSupport, .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "postgres-writer", package: "PostgresSeenLikeStore"),
        ]
    ),
    ("VideoDecoding", []),
]

/// A package's suite: its own library and StoryInterfaces (what every suite imports), and the rest.
func packageSuite(_ suite: (name: String, dependencies: [Target.Dependency])) -> Target {
    let base = suite.name == "StoryInterfaces" || suite.name == "VideoDecoding" ? [] : [product("StoryInterfaces")]
    return .testTarget(
        name: "\(suite.name)Tests",
        dependencies: base + [product(suite.name)] + suite.dependencies,
        path: "Packages/\(suite.name)/Tests/\(suite.name)Tests"
    )
}

let package = Package(
    name: "Stories",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
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
            path: "Apps/StoriesCLI/Sources/StoriesComposition"
        ),
        .executableTarget(
            name: "StoriesCLI",
            dependencies: ["StoriesComposition"],
            path: "Apps/StoriesCLI/Sources/StoriesCLI"
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
            path: "Apps/PicsumStub/Sources/PicsumStub"
        ),
        .executableTarget(
            name: "StartupHello",
            path: "Benchmarks/StartupHello"
        ),
        .executableTarget(
            name: "StoresBench",
            dependencies: [product("SeenLikeStore"), product("PostgresSeenLikeStore"), product("StoryInterfaces")],
            path: "Benchmarks/StoresBench"
        ),
        .executableTarget(
            name: "PagingBench",
            dependencies: [product("FeedPaging"), product("StoryInterfaces")],
            path: "Benchmarks/PagingBench"
        ),
        .executableTarget(
            name: "RenderBench",
            dependencies: [
                product("StoriesScreens"), product("StoryTerminal"), product("StoryInterfaces"),
                product("StoryNavigation"),
            ],
            path: "Benchmarks/RenderBench"
        ),
        .executableTarget(
            name: "CacheBench",
            dependencies: [product("PicsumContent")],
            path: "Benchmarks/CacheBench"
        ),
        .testTarget(
            name: "CompositionTests",
            dependencies: [
                "StoriesComposition", testSupport, .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + packages.map(product)
        ),
        .testTarget(
            name: "StoriesScreensTests",
            dependencies: [
                product("StoriesScreens"), product("StoryInterfaces"), product("StoryNavigation"),
                product("StoryTerminal"),
            ],
            path: "Features/StoriesScreens/Tests/StoriesScreensTests",
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "StoriesCLI", "PicsumStub", product("PicsumContent"), product("FeedPaging"), product("StoryInterfaces"),
                product("AsyncHTTPFetcher"), product("StoryModels"), product("VideoDecoding"), product("StoryTerminal"),
                testSupport,
            ]
        ),
    ] + suites.map(packageSuite)
)

// The strict settings, on every Swift target, in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strict
}
