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
    "StoryTerminal",
]

/// The features, each depending on StoryInterfaces and the packages it names.
let features = ["StoriesScreens"]

func product(_ name: String) -> Target.Dependency { .product(name: name, package: name) }

let testSupport: Target.Dependency = .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces")

/// A package's own test folder, re-declared as a root test target.
/// Helper executables a package's suite runs as child processes.
let suiteHelpers: [String: [Target.Dependency]] = [
    "SeenLikeStore": [
        .product(name: "seenlike-writer", package: "SeenLikeStore"), .product(name: "GRDB", package: "GRDB.swift"),
    ],
    "StoryTerminal": [.product(name: "terminal-probe", package: "StoryTerminal")],
]

/// Resources a package's suite reads.
let suiteResources: [String: [Resource]] = [
    "StoryTerminal": [.copy("Fixtures")]
]

func packageSuite(_ name: String) -> Target {
    .testTarget(
        name: "\(name)Tests",
        dependencies: (name == "StoryInterfaces" ? [] : [product(name)]) + [product("StoryInterfaces"), testSupport]
            + suiteHelpers[name, default: []],
        path: "Packages/\(name)/Tests/\(name)Tests",
        resources: suiteResources[name],
        swiftSettings: strict
    )
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
        // libcurl loaded on first use, not at every start-up (Apps/StoriesCLI/LazyCurl/README.md).
        .target(
            name: "CCurlLazy",
            path: "Apps/StoriesCLI/Sources/CCurlLazy",
            linkerSettings: [
                .linkedLibrary("dl"),
                .unsafeFlags(["-L", Context.packageDirectory + "/Apps/StoriesCLI/LazyCurl"]),
            ]
        ),
        .executableTarget(
            name: "StoriesCLI",
            dependencies: ["StoriesComposition", "CCurlLazy"],
            path: "Apps/StoriesCLI/Sources/StoriesCLI",
            swiftSettings: strict
        ),
        .target(
            name: "CJPEGEncoder",
            path: "Apps/PicsumStub/Sources/CJPEGEncoder",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        .executableTarget(
            name: "PicsumStub",
            dependencies: [
                // CCurlLazy: FlyingFox brings FoundationNetworking, whose static link asks for
                // -lcurl; the lazy shim answers it, as for `stories` (no curl headers or .so
                // symlink on a fresh machine).
                "CCurlLazy", "CJPEGEncoder", product("StoryModels"), product("StoryTerminal"),
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
            dependencies: [product("SeenLikeStore"), product("StoryInterfaces")],
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
                testSupport,
            ],
            swiftSettings: strict
        ),
    ] + packages.map(packageSuite)
)
