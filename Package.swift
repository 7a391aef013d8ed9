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

/// Third-party products the modules use.
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let postgresNIO: Target.Dependency = .product(name: "PostgresNIO", package: "postgres-nio")
func nio(_ name: String) -> Target.Dependency { .product(name: name, package: "swift-nio") }

/// Every module of the packages and features, declared here from its own folder, so that an app
/// adds this repository (by URL or path) and picks one library product: SwiftPM refuses a
/// `path:` dependency inside a package fetched by URL, so the root cannot depend on the
/// folders' own manifests. Each folder's Package.swift still builds and tests it alone;
/// `ManifestTests` (CompositionTests) checks that both declare the same targets, dependencies,
/// resources and settings, so no manifest reads another.
let modules: [Target] = [
    .target(name: "StoryInterfaces", path: "Packages/StoryInterfaces/Sources/StoryInterfaces"),
    .target(name: "StoryBase", dependencies: ["StoryInterfaces"], path: "Packages/StoryBase/Sources/StoryBase"),
    .target(
        name: "StoryInterfacesTestSupport", dependencies: ["StoryInterfaces"],
        path: "Packages/StoryInterfaces/Sources/StoryInterfacesTestSupport"),
    .target(
        name: "StoryModels", dependencies: ["StoryInterfaces", "StoryBase"],
        path: "Packages/StoryModels/Sources/StoryModels",
        resources: [.copy("Resources/samples"), .copy("Resources/videos")]),
    .target(name: "FeedPaging", dependencies: ["StoryInterfaces"], path: "Packages/FeedPaging/Sources/FeedPaging"),
    .target(
        name: "StoryNavigation", dependencies: ["StoryInterfaces"],
        path: "Packages/StoryNavigation/Sources/StoryNavigation"),
    .target(
        name: "SeenLikeStore", dependencies: ["StoryInterfaces", "StoryBase", grdb],
        path: "Packages/SeenLikeStore/Sources/SeenLikeStore"),
    .executableTarget(
        name: "SeenLikeStoreWriter", dependencies: ["SeenLikeStore", "StoryInterfaces"],
        path: "Packages/SeenLikeStore/Sources/SeenLikeStoreWriter"),
    .target(
        name: "ImageCaching",
        dependencies: ["StoryInterfaces", "StoryBase", .product(name: "Crypto", package: "swift-crypto")],
        path: "Services/ImageCaching/Sources/ImageCaching"),
    .target(
        name: "PicsumContent", dependencies: ["StoryInterfaces", "StoryBase"],
        path: "Packages/PicsumContent/Sources/PicsumContent"),
    .systemLibrary(
        name: "CLibJPEG", path: "Services/StoryImages/Sources/CLibJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CLibPNG", path: "Services/StoryImages/Sources/CLibPNG", providers: [.apt(["libpng-dev"])]),
    .target(
        name: "CImageCodecs", dependencies: ["CLibJPEG", "CLibPNG"],
        path: "Services/StoryImages/Sources/CImageCodecs",
        linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]),
    .target(
        name: "StoryImages", dependencies: ["CImageCodecs", "StoryInterfaces", "StoryBase"],
        path: "Services/StoryImages/Sources/StoryImages"),
    .target(
        name: "CTerminalGraphics", path: "Packages/StoryTerminal/Sources/CTerminalGraphics",
        linkerSettings: [.linkedLibrary("z")]),
    .target(
        name: "StoryTerminal",
        dependencies: [
            "CTerminalGraphics", "StoryInterfaces", "StoryBase", "StoryImages",
            .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
        ],
        path: "Packages/StoryTerminal/Sources/StoryTerminal"),
    .executableTarget(
        name: "TerminalProbe", dependencies: ["StoryTerminal"], path: "Packages/StoryTerminal/Sources/TerminalProbe"),
    .target(
        name: "AsyncHTTPFetcher",
        dependencies: [
            "StoryInterfaces", .product(name: "AsyncHTTPClient", package: "async-http-client"), nio("NIOCore"),
            nio("NIOPosix"), nio("NIOHTTP1"), .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
        ],
        path: "Packages/AsyncHTTPFetcher/Sources/AsyncHTTPFetcher"),
    .target(
        name: "PostgresSeenLikeStore",
        dependencies: [
            "StoryInterfaces", postgresNIO, nio("NIOCore"), nio("NIOPosix"), nio("NIOTLS"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Crypto", package: "swift-crypto"),
        ],
        path: "Packages/PostgresSeenLikeStore/Sources/PostgresSeenLikeStore"),
    .executableTarget(
        name: "PostgresWriter", dependencies: ["PostgresSeenLikeStore", "StoryInterfaces"],
        path: "Packages/PostgresSeenLikeStore/Sources/PostgresWriter"),
    .target(
        name: "ConfigurationLayers",
        dependencies: [
            "StoryInterfaces", "StoryBase", .product(name: "Configuration", package: "swift-configuration"),
            .product(name: "Yams", package: "Yams"),
        ],
        path: "Packages/ConfigurationLayers/Sources/ConfigurationLayers"),
    .target(name: "StateSync", dependencies: ["StoryInterfaces"], path: "Packages/StateSync/Sources/StateSync"),
    .target(
        name: "VideoDecoding",
        dependencies: [
            "StoryInterfaces", "StoryBase", "StoryImages", .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
        ],
        path: "Packages/VideoDecoding/Sources/VideoDecoding"),
    .target(
        name: "StoriesScreens",
        dependencies: ["StoryInterfaces", "StoryBase", "StoryNavigation", "StoryTerminal", "StoryImages"],
        path: "Features/StoriesScreens/Sources/StoriesScreens"),
    .target(
        name: "StoriesRuntime",
        dependencies: [
            "StoriesScreens", "StoryInterfaces", "StoryBase", "StoryNavigation", "StoryTerminal", "StoryImages",
            "FeedPaging", "StoryModels", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Features/StoriesScreens/Sources/StoriesRuntime"),
    .target(
        name: "StoriesWeb",
        dependencies: [
            "StoryInterfaces", "StoryBase", "StoryModels", "StoryNavigation", "StateSync", "StoryImages",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"), nio("NIOCore"), nio("NIOHTTP1"),
            nio("NIOConcurrencyHelpers"), nio("NIOPosix"), .product(name: "CompressNIO", package: "compress-nio"),
        ],
        path: "Features/StoriesWeb/Sources/StoriesWeb",
        resources: [
            .embedInCode("Resources/stories.js"), .embedInCode("Resources/viewer-step.js"),
            .embedInCode("Resources/stories.css"),
        ]),
]

/// The library modules (every product an app may pick), and the test helpers' programs, named
/// as their packages name them (the tests look for them by these names).
/// The C modules (no Swift settings, no products).
let cModules: Set<String> = ["CImageCodecs", "CTerminalGraphics"]
let libraries = modules.filter { $0.type == .regular && !cModules.contains($0.name) }.map(\.name)
/// What the app's composition links: every library but the tests' support.
let appModules = libraries.filter { $0 != "StoryInterfacesTestSupport" }.map { Target.Dependency(stringLiteral: $0) }
let helpers = [
    "seenlike-writer": "SeenLikeStoreWriter", "terminal-probe": "TerminalProbe", "postgres-writer": "PostgresWriter",
]

/// Each package's own suite, re-declared as a root test target so one `swift test` runs every
/// suite in one build (and `swift test --filter XTests` one team's), with the dependencies of
/// the package's `<Name>Tests` target. Fixtures are read by path: no resources here.
let suites: [(name: String, dependencies: [Target.Dependency])] = [
    ("StoryInterfaces", ["StoryInterfaces", "StoryInterfacesTestSupport"]),
    ("StoryBase", ["StoryBase", "StoryInterfaces", "StoryInterfacesTestSupport"]),
    ("StoryModels", ["StoryModels", "StoryInterfaces", "StoryInterfacesTestSupport"]),
    ("FeedPaging", ["FeedPaging", "StoryInterfaces", "StoryInterfacesTestSupport"]),
    ("StateSync", ["StateSync", "StoryInterfaces", "StoryInterfacesTestSupport"]),
    (
        "SeenLikeStore",
        ["SeenLikeStore", "SeenLikeStoreWriter", grdb, "StoryInterfaces", "StoryInterfacesTestSupport"]
    ),
    ("StoryNavigation", ["StoryNavigation", "StoryInterfaces", "StoryInterfacesTestSupport"]),
    ("PicsumContent", ["PicsumContent", "StoryInterfaces", "StoryBase", "StoryInterfacesTestSupport"]),
    (
        "StoryTerminal",
        [
            "StoryTerminal", "TerminalProbe", "CTerminalGraphics", "StoryInterfaces", "StoryBase", "StoryImages",
            "StoryInterfacesTestSupport",
        ]
    ),
    ("AsyncHTTPFetcher", ["AsyncHTTPFetcher", "StoryInterfaces", "StoryInterfacesTestSupport"]),
    (
        "PostgresSeenLikeStore",
        [
            "PostgresSeenLikeStore", "PostgresWriter", postgresNIO, "StoryInterfaces",
            "StoryInterfacesTestSupport",
        ]
    ),
    ("VideoDecoding", ["VideoDecoding", "StoryInterfaces", "StoryBase", "StoryInterfacesTestSupport"]),
    ("ConfigurationLayers", ["ConfigurationLayers"]),
]

/// Each service's own suite, as the packages' are.
let serviceSuites: [(name: String, dependencies: [Target.Dependency])] = [
    ("ImageCaching", ["ImageCaching", "StoryInterfaces", "StoryBase", "StoryInterfacesTestSupport"]),
    ("StoryImages", ["StoryImages", "CImageCodecs", "StoryInterfaces", "StoryBase"]),
]

func suite(_ suite: (name: String, dependencies: [Target.Dependency]), in folder: String) -> Target {
    .testTarget(
        name: "\(suite.name)Tests", dependencies: suite.dependencies,
        path: "\(folder)/\(suite.name)/Tests/\(suite.name)Tests")
}

let package = Package(
    name: "Stories",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "stories", targets: ["StoriesCLI"]),
        .executable(name: "picsum-stub", targets: ["PicsumStub"]),
        .library(name: "StoriesComposition", targets: ["StoriesComposition"]),
    ] + libraries.map { .library(name: $0, targets: [$0]) }
        + helpers.sorted { $0.key < $1.key }.map { .executable(name: $0.key, targets: [$0.value]) },
    // The modules' dependencies at the versions their own manifests ask, and the app's.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "YAML"]),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "StoriesComposition",
            dependencies: appModules + [
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
            path: "Apps/StoriesCLI/Sources/StoriesCLI",
            // The toolchain's static-runtime link exports all 52 000 of the program's symbols
            // (`-export-dynamic`); nothing loads the program as a library or looks its symbols
            // up, and the Swift runtime's start-up `dladdr` walked them all (1.8 M instructions
            // of every command). The last of the two flags wins. GNU ld's flag: Linux only (Darwin's
            // linker exports nothing dynamically from an executable unless asked). The folder searched first for
            // libraries is where Scripts/release-build puts libstdc++'s archive, linking it
            // statically (ARCHITECTURE.md, start-up); where it is missing or empty, libstdc++
            // is linked dynamically as before.
            linkerSettings: [
                .unsafeFlags(
                    ["-Xlinker", "--no-export-dynamic", "-L", Context.packageDirectory + "/.build-bench/static-libs"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .executableTarget(
            name: "PicsumStub",
            dependencies: [
                // FlyingFox brings FoundationNetworking (libcurl): picsum-stub is a test and
                // bench server, linked dynamically; `stories` never links it.
                "StoryModels", "StoryImages",
                "StoryInterfaces", "StoryBase",
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
            name: "WebHello",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/WebHello"
        ),
        .executableTarget(
            name: "StoresBench",
            dependencies: ["SeenLikeStore", "PostgresSeenLikeStore", "StateSync", "StoryInterfaces"],
            path: "Benchmarks/StoresBench"
        ),
        .executableTarget(
            name: "PagingBench",
            dependencies: ["FeedPaging", "StoryInterfaces"],
            path: "Benchmarks/PagingBench"
        ),
        .executableTarget(
            name: "RenderBench",
            dependencies: [
                "StoriesScreens", "StoryTerminal", "StoryImages", "StoryInterfaces",
                "StoryNavigation",
            ],
            path: "Benchmarks/RenderBench"
        ),
        .executableTarget(
            name: "CacheBench",
            dependencies: ["ImageCaching"],
            path: "Benchmarks/CacheBench"
        ),
        .testTarget(
            name: "CompositionTests",
            dependencies: [
                "StoriesComposition", "StoryInterfacesTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + appModules
        ),
        .testTarget(
            name: "StoriesRuntimeTests",
            dependencies: [
                "StoriesRuntime", "StoriesScreens", "StoryInterfaces", "StoryInterfacesTestSupport", "StoryTerminal",
                "StoryNavigation", "FeedPaging", "StoryModels", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Features/StoriesScreens/Tests/StoriesRuntimeTests"
        ),
        .testTarget(
            name: "StoriesScreensTests",
            dependencies: [
                "StoriesScreens", "StoryBase", "StoryInterfaces", "StoryNavigation",
                "StoryTerminal", "StoryImages",
            ],
            path: "Features/StoriesScreens/Tests/StoriesScreensTests",
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "StoriesWebTests",
            dependencies: [
                "StoriesWeb", "StoryInterfaces", "StoryInterfacesTestSupport", "StoryModels", "StoryNavigation",
                "StoryImages",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Features/StoriesWeb/Tests/StoriesWebTests"
        ),
        // Every package README's Swift example, compiled; ReadmeExampleTests holds each README to it.
        .testTarget(
            name: "ReadmeExampleTests",
            dependencies: appModules + ["StoryInterfacesTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "StoriesCLI", "PicsumStub", "PicsumContent", "ImageCaching", "FeedPaging", "StoryInterfaces",
                "StoryBase",
                "AsyncHTTPFetcher", "StoryModels", "VideoDecoding", "StoryTerminal", "StoryImages",
                "StoryInterfacesTestSupport", .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux])),
            ]
        ),
    ] + modules + suites.map { suite($0, in: "Packages") } + serviceSuites.map { suite($0, in: "Services") }
)

// The strict settings, on every Swift target, in one place.
for target in package.targets where target.type != .system && !cModules.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + strict
}
