// swift-tools-version: 6.2
// StoriesWeb: `stories serve`, the web viewer for phones — server-rendered pages, a JSON API
// and one ES module, on Hummingbird 2, over the same content, store and rules as the terminal.
// A feature: it depends on StoryInterfaces and the packages it names, never on another feature
// or the app (ARCHITECTURE.md, "The dependency rule").

import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StoriesWeb",
    // Duration needs macOS 13 / iOS 16; Mutex (Synchronization) macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.library(name: "StoriesWeb", targets: ["StoriesWeb"])],
    dependencies: [
        .package(path: "../../Packages/StoryInterfaces"),
        .package(path: "../../Packages/StoryBase"),
        .package(path: "../../Packages/StoryModels"),
        .package(path: "../../Packages/StoryNavigation"),
        // `/api/state` is `stories state --json`'s report.
        .package(path: "../../Packages/StateSync"),
        // Pictures resized for the screen: the pictures service's decoders, area-average
        // scaler and JPEG encoder.
        .package(path: "../../Services/StoryImages"),
        // No traits: neither swift-configuration's reader nor full Foundation is needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Connection deadlines at NIO's HTTP/1 level (WebConnections).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Pages, script, style and JSON gzipped once (WebCompression).
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "StoriesWeb",
            dependencies: [
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryBase", package: "StoryBase"),
                .product(name: "StoryModels", package: "StoryModels"),
                .product(name: "StoryNavigation", package: "StoryNavigation"),
                .product(name: "StateSync", package: "StateSync"),
                .product(name: "StoryImages", package: "StoryImages"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            // The page's script and style, files that `node --test` and a linter read too.
            resources: [
                .embedInCode("Resources/stories.js"), .embedInCode("Resources/viewer-step.js"),
                .embedInCode("Resources/stories.css"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "StoriesWebTests",
            dependencies: [
                "StoriesWeb",
                .product(name: "StoryInterfaces", package: "StoryInterfaces"),
                .product(name: "StoryInterfacesTestSupport", package: "StoryInterfaces"),
                .product(name: "StoryModels", package: "StoryModels"),
                .product(name: "StoryNavigation", package: "StoryNavigation"),
                .product(name: "StoryImages", package: "StoryImages"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
    ]
)
